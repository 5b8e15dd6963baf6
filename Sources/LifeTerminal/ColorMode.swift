/// How much colour the terminal shows, from what the environment says about it.
public enum ColorMode: Hashable, Sendable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor
    /// The xterm 256-colour palette (`TERM` contains `256color`).
    case palette256
    /// No colour at all (`NO_COLOR` set, `TERM=dumb`, or nothing better announced): glyphs
    /// and attributes (bold, dim, reverse) keep things apart.
    case monochrome

    /// The mode for a process environment. `NO_COLOR` (any non-empty value, see no-color.org)
    /// and `TERM=dumb` win over everything; then `COLORTERM` announces truecolor; then a
    /// `TERM` naming a 256-colour terminal; anything else gets no colour.
    public init(environment: [String: String]) {
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
            self = .monochrome
        }
    }

    /// Whether colours are shown at all.
    public var hasColor: Bool { self != .monochrome }
}
