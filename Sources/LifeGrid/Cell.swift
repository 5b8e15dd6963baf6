/// The state of one cell, in the course's vocabulary.
///
/// `alive` and `born` are live; `died` and `empty` are not. The distinction
/// between `alive`/`born` and `died`/`empty` records what the last generation did.
public enum Cell: UInt8, Sendable, CaseIterable {
    case empty = 0
    case alive = 1
    case born = 2
    case died = 3

    /// Live means alive or born.
    @inlinable public var isLive: Bool { self == .alive || self == .born }

    /// Whether the cell was live a generation ago: alive (it survived) or died.
    @inlinable public var wasLive: Bool { self == .alive || self == .died }

    /// The state of a cell that is live or not now, and was or was not a generation ago.
    @inlinable public static func from(live: Bool, wasLive: Bool) -> Cell {
        switch (live, wasLive) {
        case (true, true): return .alive
        case (true, false): return .born
        case (false, true): return .died
        case (false, false): return .empty
        }
    }

    /// The character that stands for this state in a `cells` row string.
    @inlinable public var symbol: UInt8 {
        switch self {
        case .empty: return UInt8(ascii: ".")
        case .alive: return UInt8(ascii: "O")
        case .born: return UInt8(ascii: "+")
        case .died: return UInt8(ascii: "x")
        }
    }

    /// The state a `cells` character stands for, or nil for any other character.
    @inlinable public init?(symbol: UInt8) {
        switch symbol {
        case UInt8(ascii: "."): self = .empty
        case UInt8(ascii: "O"): self = .alive
        case UInt8(ascii: "+"): self = .born
        case UInt8(ascii: "x"): self = .died
        default: return nil
        }
    }
}
