/// Asking the terminal for pixel mouse reports (SGR-Pixels, DECSET 1016), so that a click at
/// 1:1, where a character shows two rows as half blocks, draws the row under the pointer.
///
/// Mode 1016 is turned on only where the terminal says it knows it and a cell's size in pixels
/// is known (else a pixel could not be told from a cell): lifewatch asks whether it knows the
/// mode (DECRQM, `ESC [ ? 1016 $ p`) and the cell's size (`ESC [ 16 t`; TIOCGWINSZ's pixels
/// may have said already); with both, it sets the mode and asks again; from the answer that it
/// is set, the terminal's reports count pixels (``KeyDecoder`` follows that answer itself). A
/// terminal that does not answer, such as tmux (which does not pass 1016 on), keeps reporting
/// cells: a click draws the top row of its line then.
public struct PixelMouse: Hashable, Sendable {
    /// DECSET's number for SGR-Pixels mouse reports.
    public static let mode = 1016
    /// The questions: whether the terminal knows mode 1016, and a cell's size in pixels.
    public static let questions = "\u{1B}[?1016$p\u{1B}[16t"
    /// Turns pixel reports on, and asks whether they are.
    public static let enable = "\u{1B}[?1016h\u{1B}[?1016$p"

    /// How far the asking has come.
    public enum Phase: Hashable, Sendable {
        /// Not asked yet.
        case idle
        /// Asked whether the terminal knows mode 1016.
        case asking
        /// It does, and a cell's size is awaited.
        case waitingForSize
        /// The mode was set, and whether it took is asked.
        case enabling
        /// The terminal reports pixels.
        case on
        /// The terminal does not know mode 1016 (or would not set it): cells it is.
        case unavailable
    }

    /// How far the asking has come.
    public private(set) var phase = Phase.idle
    /// A cell's size in pixels, when known.
    public private(set) var cellPixels: CellPixels?

    /// Nothing asked yet.
    public init() {}

    /// Starts asking, knowing the cell's size from the window's pixels when the terminal gives
    /// them (nil: not); returns what to write to the terminal.
    public mutating func start(cellPixels known: CellPixels?) -> String {
        if let known { cellPixels = known }
        phase = .asking
        return Self.questions
    }

    /// The window's pixels changed (a resize, another font): the cell's new size, when known.
    public mutating func resized(cellPixels known: CellPixels?) {
        if let known { cellPixels = known }
    }

    /// Takes in one of the terminal's answers; returns what to write to it next, if anything.
    public mutating func handle(_ report: TerminalReport) -> String? {
        switch report {
        case .mode(Self.mode, let setting):
            switch phase {
            case .asking:
                // 0: not recognized; 1–4: set or reset, now or for good.
                guard (1...4).contains(setting) else {
                    phase = .unavailable
                    return nil
                }
                guard cellPixels != nil else {
                    phase = .waitingForSize
                    return nil
                }
                phase = .enabling
                return Self.enable
            case .enabling, .on:
                // The answer after setting it (or after setting it again, on coming back from a suspend).
                phase = setting == 1 || setting == 3 ? .on : .unavailable
                return nil
            case .idle, .waitingForSize, .unavailable:
                return nil
            }
        case .mode:
            return nil
        case .cellSize(let size):
            cellPixels = size
            guard phase == .waitingForSize else { return nil }
            phase = .enabling
            return Self.enable
        }
    }

    /// What to write when mouse reports are turned on again (after a suspend): pixel reports
    /// too, where they were on.
    public var resumption: String {
        phase == .on ? Self.enable : ""
    }
}
