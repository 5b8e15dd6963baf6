/// Select Graphic Rendition: the escape sequences that switch the terminal's pen from one ``Style`` to another.
public enum SGR {
    /// The shortest sequence this module knows that changes the pen from `old` (nil: unknown)
    /// to `new` under `mode`; empty when nothing changes. Turning an attribute off resets
    /// everything (`0`) and sets what `new` needs; otherwise only what changed is sent.
    public static func transition(from old: Style?, to new: Style, mode: ColorMode) -> String {
        let target = visible(new, mode: mode)
        if let old, visible(old, mode: mode) == target { return "" }
        var codes: [String] = []
        let previous: Style
        if let old = old.map({ visible($0, mode: mode) }),
            !(old.bold && !target.bold), !(old.dim && !target.dim),
            !(old.underline && !target.underline), !(old.reverse && !target.reverse)
        {
            previous = old
        } else {
            codes.append("0")
            previous = .plain
        }
        if target.bold && !previous.bold { codes.append("1") }
        if target.dim && !previous.dim { codes.append("2") }
        if target.underline && !previous.underline { codes.append("4") }
        if target.reverse && !previous.reverse { codes.append("7") }
        if target.foreground != previous.foreground { codes.append(color(target.foreground, foreground: true, mode: mode)) }
        if target.background != previous.background { codes.append(color(target.background, foreground: false, mode: mode)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The style as the mode can show it: without colours in monochrome.
    static func visible(_ style: Style, mode: ColorMode) -> Style {
        guard mode == .monochrome else { return style }
        var result = style
        result.foreground = .default
        result.background = .default
        return result
    }

    private static func color(_ color: Color, foreground: Bool, mode: ColorMode) -> String {
        switch (color, mode) {
        case (.default, _), (_, .monochrome):
            return foreground ? "39" : "49"
        case (.rgb(let r, let g, let b), .trueColor):
            return "\(foreground ? 38 : 48);2;\(r);\(g);\(b)"
        case (.rgb, .palette256):
            return "\(foreground ? 38 : 48);5;\(color.paletteIndex ?? 0)"
        case (.basic, _), (.rgb, .basic16), (.rgb, .basic8):
            // 30–37 / 40–47, and the bright ones 90–97 / 100–107 (where 16 colours are).
            let index = Int(color.basicIndex(among: mode == .basic8 ? 8 : 16) ?? 0)
            return String((foreground ? 30 : 40) + (index >= 8 ? 60 + index - 8 : index))
        }
    }
}
