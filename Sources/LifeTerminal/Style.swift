/// How a screen cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: Color
    /// The cell's background colour.
    public var background: Color
    /// Bold (SGR 1).
    public var bold: Bool
    /// Faint (SGR 2): used for keys that are not allowed now and for a stale view.
    public var dim: Bool
    /// Underlined (SGR 4).
    public var underline: Bool
    /// Foreground and background swapped (SGR 7).
    public var reverse: Bool

    /// A style; every part defaults to the terminal's plain text.
    public init(
        foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's plain text.
    public static let plain = Style()

    /// This style with colours darkened and the text faint: how a stale view looks.
    public var faded: Style {
        var result = self
        result.foreground = foreground.dimmed()
        result.background = background.dimmed()
        result.dim = true
        result.bold = false
        return result
    }

    /// This style with bold on.
    public var emphasized: Style {
        var result = self
        result.bold = true
        return result
    }
}
