/// One character cell of the screen: what is drawn there and how.
///
/// A wide character (two columns) sits in its first cell; the cell after it is a
/// ``continuation`` that draws nothing of its own.
public struct ScreenCell: Hashable, Sendable {
    /// The character drawn; a space for a blank cell.
    public var character: Character
    /// Its colours and attributes.
    public var style: Style
    /// Whether this is the second column of the wide character before it.
    public var isContinuation: Bool

    /// A cell showing `character` in `style`.
    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
        self.isContinuation = false
    }

    /// A blank cell in `style` (its background shows).
    public static func blank(_ style: Style = .plain) -> ScreenCell { ScreenCell(" ", style: style) }

    /// The second half of a wide character drawn in `style`.
    public static func continuation(_ style: Style) -> ScreenCell {
        var cell = ScreenCell(" ", style: style)
        cell.isContinuation = true
        return cell
    }

    /// The columns the character takes (1 or 2; 0 for a continuation).
    public var width: Int { isContinuation ? 0 : max(1, TextWidth.of(character)) }
}
