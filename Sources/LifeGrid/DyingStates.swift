// The dying states of Generations rules (Golly's semantics): state 0 is dead, 1 live, and
// 2 … C − 1 dying. A live cell that does not survive goes to 2 (or 0 when C = 2), a dying cell
// k goes to k + 1, or to 0 after C − 1; only state 1 counts as a neighbour, and dying cells are
// never born. A grid keeps them as a binary counter of `state - 1` in its ``Grid/dying`` planes
// (a live cell's counter is 0), so a two-state world has no extra plane at all.

extension Grid {
    /// The largest number of states a Generations rule may have (as in Golly).
    public static let maxStates = 256

    /// The number of dying planes a rule with `states` states needs: enough bits for `states - 2`.
    public static func dyingPlaneCount(states: Int) -> Int {
        states <= 2 ? 0 : Int.bitWidth - (states - 2).leadingZeroBitCount
    }

    /// A grid from its planes in the layout of ``BitPlane``, dying planes included (see ``dying``);
    /// nil unless each holds `rows * wordsPerRow` words. Bits past the last column are cleared; a
    /// live cell's dying counter is cleared.
    public init?(rows: Int, cols: Int, livePlane: [UInt64], previousPlane: [UInt64], dyingPlanes: [[UInt64]]) {
        self.init(rows: rows, cols: cols, livePlane: livePlane, previousPlane: previousPlane)
        var planes: [BitPlane] = []
        for words in dyingPlanes {
            guard var plane = BitPlane(rows: rows, cols: cols, words: words) else { return nil }
            for index in plane.storage.indices { plane.storage[index] &= ~live.storage[index] }
            planes.append(plane)
        }
        dying = planes
    }

    /// The dying planes up to the last that holds a bit: equal worlds have equal ones.
    var usedDyingPlanes: ArraySlice<BitPlane> {
        guard let last = dying.lastIndex(where: { !$0.isEmpty }) else { return [] }
        return dying[...last]
    }

    /// The previous plane where it is part of a cell's state: cleared under dying cells.
    var previousOfStates: BitPlane {
        guard hasDyingCells else { return previous }
        var plane = previous
        let dyingWords = dyingCells.words
        for index in plane.storage.indices { plane.storage[index] &= ~dyingWords[index] }
        return plane
    }

    /// Whether any cell is in a dying state.
    public var hasDyingCells: Bool { dying.contains { !$0.isEmpty } }

    /// Whether no cell is live or dying (found at the first word that holds one).
    public var holdsNoCells: Bool { live.isEmpty && !hasDyingCells }

    /// Which cells are in a dying state: the union of the dying planes (an empty plane's words
    /// when there are none).
    public var dyingCells: BitPlane {
        guard var union = dying.first else { return BitPlane(rows: 0, cols: 0) }
        for plane in dying.dropFirst() {
            for index in union.storage.indices { union.storage[index] |= plane.storage[index] }
        }
        return union
    }

    /// Whether row `row` holds a cell in a dying state.
    public func hasDyingCells(row: Int) -> Bool {
        guard !dying.isEmpty else { return false }
        let start = row * wordsPerRow
        for plane in dying {
            for index in start..<start + wordsPerRow where plane.storage[index] != 0 { return true }
        }
        return false
    }

    /// The state of the cell at `row`, `col` (both in range): 0 dead, 1 live, 2 or more dying.
    public func state(row: Int, col: Int) -> Int {
        live[row, col] ? 1 : dying.dyingState(row: row, col: col)
    }

    /// Puts the cell at `row`, `col` (both in range) in `state` (0 to ``maxStates`` − 1): live
    /// for 1, else not live. Its previous state is left as it was, so a cell set live where it
    /// was live stays `alive`. Dying planes are added as `state` needs them.
    public mutating func setState(_ state: Int, row: Int, col: Int) {
        precondition(state >= 0 && state < Grid.maxStates, "a cell's state is 0 to \(Grid.maxStates - 1)")
        live[row, col] = state == 1
        setDyingCounter(state >= 2 ? state - 1 : 0, row: row, col: col)
    }

    /// Sets the dying counter (`state - 1`, or 0) of one cell, adding planes as it needs them.
    mutating func setDyingCounter(_ counter: Int, row: Int, col: Int) {
        dying.setDyingCounter(counter, row: row, col: col, rows: rows, cols: cols)
    }

    /// Sets the dying counters `planes` holds (planes of a rectangle, as ``dying`` is kept) with
    /// their top-left cell at `row`, `col`, over cells that are neither live nor dying.
    package mutating func placeDying(_ planes: [BitPlane], atRow row: Int, col: Int) {
        var grown = dying
        dying = []
        while grown.count < planes.count { grown.append(BitPlane(rows: rows, cols: cols)) }
        for (index, plane) in planes.enumerated() { grown[index].place(plane, atRow: row, col: col) }
        dying = grown
    }

    /// The character of dying state `state` (2 or more) in a `cells` string: U+0100 + `state`
    /// (`Ă` for 2, `ă` for 3, … `ǿ` for 255), letters all, outside ASCII so that they can never
    /// be taken for `.`, `O`, `+` or `x`.
    public static func dyingSymbol(_ state: Int) -> Character {
        Character(Unicode.Scalar(UInt32(0x100 + state)) ?? "?")
    }

    /// The dying state a `cells` character stands for (2 to ``maxStates`` − 1), or nil.
    public static func dyingState(symbol: Unicode.Scalar) -> Int? {
        let state = Int(symbol.value) - 0x100
        return state >= 2 && state < maxStates ? state : nil
    }

    /// ``rowText(_:from:count:)`` for a row that holds dying cells: one character a cell.
    func dyingRowText(_ row: Int, from col: Int, count: Int) -> String {
        var text = String.UnicodeScalarView()
        for column in col..<col + count {
            let state = state(row: row, col: column)
            if state >= 2 {
                text.append(Unicode.Scalar(UInt32(0x100 + state)) ?? "?")
            } else {
                let cell = Cell.from(live: state == 1, wasLive: previous[row, column])
                text.append(Unicode.Scalar(cell.symbol))
            }
        }
        return String(text)
    }
}

extension Array where Element == BitPlane {
    /// The state the dying planes (a binary counter of `state - 1`, bit i in plane i) give a cell
    /// that is not live: 0, or 2 and up. Shared by ``Grid`` and ``Pattern``.
    func dyingState(row: Int, col: Int) -> Int {
        var counter = 0
        for (bit, plane) in enumerated() where plane[row, col] { counter |= 1 << bit }
        return counter == 0 ? 0 : counter + 1
    }

    /// Writes `counter` (0 for none) into the cell's bits, adding planes of `rows` x `cols` as
    /// the counter needs them.
    mutating func setDyingCounter(_ counter: Int, row: Int, col: Int, rows: Int, cols: Int) {
        let needed = Int.bitWidth - counter.leadingZeroBitCount
        while count < needed { append(BitPlane(rows: rows, cols: cols)) }
        for bit in indices { self[bit][row, col] = (counter >> bit) & 1 == 1 }
    }
}
