/// The escape sequences that turn a terminal's mouse reports on and off.
///
/// On: mode 1002 (a report for each press and release, and for each move while a button is
/// held) and mode 1006 (SGR coordinates, `ESC [ < b ; x ; y M`, any size of screen); pixel
/// reports (mode 1016) only once the terminal has said it has them (see ``PixelMouse``). Off:
/// all three reset, the newest first. A terminal without mouse reports ignores them.
public enum MouseReporting {
    /// Turns mouse reports on.
    public static let enable = "\u{1B}[?1002h\u{1B}[?1006h"
    /// Turns mouse reports off, pixel reports too.
    public static let disable = "\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l"
}
