/// How much of the grid a screen character shows, from closest to farthest:
///
/// - ``wide``: a cell is two columns wide and a line tall (square-looking);
/// - ``single``: a cell is one column wide; with colour, two cells share a line as half blocks;
/// - ``dots(_:)``: zoomed out, each character shows a block of 2k columns by 4k rows: in a
///   UTF-8 terminal as a braille pattern of 2 x 4 dots, each dot a k x k block lit when any cell
///   in it is alive; elsewhere as one glyph for the whole block (see ``DotGlyphs``).
///
/// The status line names a zoom by how many grid columns a character column shows:
/// `2:1` (wide), `1:1` (single), `1:2`, `1:4`, … `1:128` (``dots(_:)`` with k = 1 … 64).
public enum GridZoom: Hashable, Sendable {
    /// Two columns a cell.
    case wide
    /// One column a cell.
    case single
    /// 2k x 4k cells a character (k x k a braille dot); k is a power of two from 1 to ``maxDotSize``.
    case dots(Int)

    /// The largest k of ``dots(_:)``: a character then shows 128 x 256 cells, so a 4096 x 4096
    /// world takes 32 x 16 characters.
    public static let maxDotSize = 64

    /// Every zoom, closest first.
    public static let all: [GridZoom] = [.wide, .single] + (0...6).map { .dots(1 << $0) }

    /// One step closer; nil at ``wide``.
    public var zoomedIn: GridZoom? {
        guard let index = Self.all.firstIndex(of: self), index > 0 else { return nil }
        return Self.all[index - 1]
    }

    /// One step farther; nil at the farthest.
    public var zoomedOut: GridZoom? {
        guard let index = Self.all.firstIndex(of: self), index + 1 < Self.all.count else { return nil }
        return Self.all[index + 1]
    }

    /// Grid rows one screen line shows (`halfBlocks`: with colour, ``single`` shows two).
    public func cellsPerLine(halfBlocks: Bool) -> Int {
        switch self {
        case .wide: return 1
        case .single: return halfBlocks ? 2 : 1
        case .dots(let size): return 4 * size
        }
    }

    /// Grid columns one screen column shows (``wide`` shows half of one: see ``columnsPerCell``).
    public var cellsPerColumn: Int {
        switch self {
        case .wide, .single: return 1
        case .dots(let size): return 2 * size
        }
    }

    /// The side of the blocks a viewport subscription asks the daemon for at this zoom (its
    /// `scale`): k for ``dots(_:)`` (a braille dot is a k x k block; a plain glyph 2 x 4 of
    /// them), so the daemon sends what is drawn, not every cell; 1 (cells) closer.
    public var blockScale: Int {
        if case .dots(let size) = self { return size }
        return 1
    }

    /// Screen columns a cell takes: 2 for ``wide``, else 1.
    public var columnsPerCell: Int { self == .wide ? 2 : 1 }

    /// Whether it shows blocks of cells as one character (zoomed out).
    public var isZoomedOut: Bool {
        if case .dots = self { return true }
        return false
    }

    /// How the status line names it: `2:1`, `1:1`, `1:2` … `1:128`.
    public var label: String {
        self == .wide ? "2:1" : "1:\(cellsPerColumn)"
    }
}

/// How a zoomed-out view draws a block of cells, from what the locale says the terminal shows.
public enum DotGlyphs: Hashable, Sendable {
    /// Braille patterns (U+2800–U+28FF): 2 x 4 dots a character, each lit when any cell of
    /// its k x k block is alive.
    case braille
    /// Plain ASCII, one glyph a character for its whole block: `#` when any cell in it is
    /// alive, `.` when none (with colour, the alive or empty colour as the background).
    case plain

    /// Braille when the locale's character set is UTF-8: the first of `LC_ALL`, `LC_CTYPE` and
    /// `LANG` that is set and not empty names it (`en_US.UTF-8`, `C.utf8`); else plain.
    public init(environment: [String: String]) {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.lowercased()
        self = name.contains("utf-8") || name.contains("utf8") ? .braille : .plain
    }

    /// The braille character whose dots are `bits`: bit 0 to 7 are the dots numbered 1 to 8
    /// (the left column 1, 2, 3, 7 from the top, the right 4, 5, 6, 8).
    public static func braille(_ bits: UInt8) -> Character {
        Character(Unicode.Scalar(0x2800 + UInt32(bits)) ?? " ")
    }

    /// The bit of the dot at `row` (0–3) and `col` (0–1) of a braille character.
    public static func brailleBit(row: Int, col: Int) -> UInt8 {
        switch (row, col) {
        case (3, 0): return 1 << 6
        case (3, _): return 1 << 7
        case (_, 0): return 1 << UInt8(row)
        default: return 1 << UInt8(row + 3)
        }
    }
}
