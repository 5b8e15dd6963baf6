/// A key press (or a mouse event), decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    /// A printable character (including space).
    case character(Character)
    /// A control key: `.control("c")` is Ctrl-C (byte 0x03), `.control("z")` Ctrl-Z.
    case control(Character)
    /// An arrow key.
    case up, down, left, right
    /// An arrow key with Shift held (xterm's `ESC [ 1 ; 2 A`, rxvt's `ESC [ a`).
    case shiftUp, shiftDown, shiftLeft, shiftRight
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
    /// A mouse button, wheel or drag, reported while mouse reporting is on.
    case mouse(MouseEvent)
    /// The terminal's answer to a question lifewatch asked it (see ``PixelMouse``).
    case report(TerminalReport)
    /// An escape sequence this decoder does not know, kept for debugging.
    case unknown(String)

    /// Ctrl-C.
    public static let interrupt = Key.control("c")
}

/// What the terminal reports of the mouse (SGR `ESC [ < b ; x ; y M` or `m`, or the older
/// `ESC [ M b x y`), with the position counted from 0 at the screen's top-left corner.
public struct MouseEvent: Hashable, Sendable {
    /// Which button, or the wheel.
    public enum Button: Hashable, Sendable {
        case left, middle, right
        case wheelUp, wheelDown
        /// Motion with no button held, or a button this program does not use.
        case other
    }

    /// What happened.
    public enum Action: Hashable, Sendable {
        /// The button went down (or the wheel turned).
        case press
        /// The pointer moved with the button held.
        case drag
        /// The button came up.
        case release
    }

    /// The button.
    public var button: Button
    /// Press, drag or release.
    public var action: Action
    /// The screen row, from 0 at the top.
    public var row: Int
    /// The screen column, from 0 at the left.
    public var col: Int
    /// Whether Shift, Alt (Meta) or Ctrl was held.
    public var shift: Bool, alt: Bool, control: Bool
    /// Whether the pointer is in the bottom half of its character: known only from a
    /// terminal's pixel reports (mode 1016, see ``PixelMouse``); nil from cell reports.
    public var lowerHalf: Bool?

    /// An event.
    public init(
        _ button: Button, _ action: Action, row: Int, col: Int, shift: Bool = false, alt: Bool = false, control: Bool = false,
        lowerHalf: Bool? = nil
    ) {
        self.button = button
        self.action = action
        self.row = row
        self.col = col
        self.shift = shift
        self.alt = alt
        self.control = control
        self.lowerHalf = lowerHalf
    }

    /// The event a terminal's button code `code` (xterm's `Cb`, without the 32 of the old
    /// encoding) at 1-based `x`, `y` stands for; `released` for SGR's final `m`.
    public init(code: Int, x: Int, y: Int, released: Bool) {
        let low = code & 3
        let motion = code & 32 != 0
        let button: Button
        if code & 64 != 0 {
            // Wheel: 64 up, 65 down (66 and 67 are sideways; unused here). Buttons 8 to 11 (128+) too.
            button = code & 128 != 0 ? .other : (low == 0 ? .wheelUp : low == 1 ? .wheelDown : .other)
        } else if code & 128 != 0 {
            button = .other
        } else {
            button = [Button.left, .middle, .right, .other][low]
        }
        let action: Action
        if released || (low == 3 && !motion && code & 64 == 0) {
            // The old encoding says "a button came up" (3) without saying which.
            action = .release
        } else {
            action = motion ? .drag : .press
        }
        self.init(
            button, action, row: max(0, y - 1), col: max(0, x - 1), shift: code & 4 != 0, alt: code & 8 != 0,
            control: code & 16 != 0)
    }
}

/// An answer from the terminal to a question (not a key the user pressed).
public enum TerminalReport: Hashable, Sendable {
    /// DECRPM, `ESC [ ? mode ; setting $ y`: whether a private mode is set (1), reset (2),
    /// permanently set (3) or reset (4), or not recognized (0).
    case mode(Int, setting: Int)
    /// `ESC [ 6 ; height ; width t`: a character cell's size in pixels (the answer to `ESC [ 16 t`).
    case cellSize(CellPixels)
}

/// The size of a character cell in pixels.
public struct CellPixels: Hashable, Sendable {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// A size; nil unless both are positive.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// A cell's size from a window's, as TIOCGWINSZ gives it (`ws_xpixel` by `ws_col`, `ws_ypixel`
    /// by `ws_row`); nil where the terminal does not say (zero pixels, as in tmux).
    public init?(windowPixels: (width: Int, height: Int), rows: Int, cols: Int) {
        guard rows > 0, cols > 0 else { return nil }
        self.init(width: windowPixels.width / cols, height: windowPixels.height / rows)
    }
}
