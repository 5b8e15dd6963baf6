/// How much colour the terminal shows, from what the environment and the terminal's terminfo
/// entry say about it.
public enum ColorMode: Hashable, Sendable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor
    /// The xterm 256-colour palette (`TERM` contains `256color`, or terminfo says 256 colours).
    case palette256
    /// The 16 basic colours: the 8 of SGR 30–37 / 40–47 and their bright kin, 90–97 / 100–107
    /// (terminfo says 16 to 255 colours, as for `xterm-16color`).
    case basic16
    /// The 8 basic colours of SGR 30–37 / 40–47 (terminfo says 8 to 15 colours, as for `xterm`,
    /// `linux`, `screen`).
    case basic8
    /// No colour at all (`NO_COLOR` set, `TERM=dumb`, or fewer than 8 colours, as for
    /// `vt100`): glyphs and attributes (bold, dim, reverse) keep things apart.
    case monochrome

    /// The mode for a process environment and the `colors` number of its `TERM`'s terminfo
    /// entry (nil: no entry found, or it does not say). `NO_COLOR` (any non-empty value, see
    /// no-color.org) and `TERM=dumb` win over everything; then `COLORTERM` announces
    /// truecolor; then a `TERM` naming a 256-colour terminal; then what terminfo says: 256 or
    /// more, 16 or more, 8 or more; anything else gets no colour.
    public init(environment: [String: String], terminfoColors: Int? = nil) {
        let term = environment["TERM"] ?? ""
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            self = .monochrome
        } else if term == "dumb" {
            self = .monochrome
        } else if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            self = .trueColor
        } else if term.contains("256color") {
            self = .palette256
        } else {
            switch terminfoColors ?? 0 {
            case 256...: self = .palette256
            case 16...: self = .basic16
            case 8...: self = .basic8
            default: self = .monochrome
            }
        }
    }

    /// Whether colours are shown at all.
    public var hasColor: Bool { self != .monochrome }

    /// Whether only the basic 8 or 16 colours are (cells take their colours from a palette of
    /// their own then, see ``CellPalette``).
    public var isBasic: Bool { self == .basic16 || self == .basic8 }
}
