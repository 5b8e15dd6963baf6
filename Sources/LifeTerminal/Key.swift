/// A key press, decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    /// A printable character (including space).
    case character(Character)
    /// A control key: `.control("c")` is Ctrl-C (byte 0x03), `.control("z")` Ctrl-Z.
    case control(Character)
    /// An arrow key.
    case up, down, left, right
    /// The editing keys.
    case home, end, pageUp, pageDown, insert, delete
    /// Return (`\r`, or `\n`).
    case enter
    /// Tab.
    case tab
    /// Backspace (0x7F or 0x08).
    case backspace
    /// Escape on its own (not the start of a sequence).
    case escape
    /// A function key, F1...F12.
    case function(Int)
    /// An escape sequence this decoder does not know, kept for debugging.
    case unknown(String)

    /// Ctrl-C.
    public static let interrupt = Key.control("c")
}
