import Synchronization

/// Where a grid came from, when an engine made it from another grid by changing a few places:
/// so that whoever compares the two (the daemon, finding what changed for its subscribers) looks
/// only where they may differ, instead of at every word of both grids.
///
/// A grid's lineage is not part of its value (equality and hashing read the planes only), and
/// any change of its cells forgets it, so a grid that carries one is exactly the grid its maker
/// described. Serial numbers are unique in the process.
public struct GridLineage: Sendable {
    /// This grid's serial number.
    let serial: UInt64
    /// The serial of the grid this one was made from, and the rectangles outside which the two
    /// hold the same cells in both planes; nil when not known.
    let origin: (serial: UInt64, changed: [CellRect])?

    private static let lastSerial = Atomic<UInt64>(0)

    init(origin: (serial: UInt64, changed: [CellRect])?) {
        serial = Self.lastSerial.add(1, ordering: .relaxed).newValue
        self.origin = origin
    }
}

extension Grid {
    /// Gives this grid a serial number of its own, and says that it was made from `base` and
    /// holds the same cells as `base`, in both planes, everywhere outside `changed` (when `base`
    /// has a serial number and `changed` is given; otherwise its origin is unknown).
    public mutating func recordLineage(from base: Grid?, changedWithin changed: [CellRect]?) {
        if let serial = base?.lineage?.serial, let changed, base?.rows == rows, base?.cols == cols {
            lineage = GridLineage(origin: (serial, changed))
        } else {
            lineage = GridLineage(origin: nil)
        }
    }

    /// The rectangles outside which this grid's cells equal `other`'s, in both planes, when this
    /// grid is known to have been made from exactly `other` (``recordLineage(from:changedWithin:)``);
    /// nil when that is not known, and the two must be compared whole.
    public func changedRects(since other: Grid) -> [CellRect]? {
        guard let origin = lineage?.origin, let serial = other.lineage?.serial, origin.serial == serial else { return nil }
        return origin.changed
    }
}
