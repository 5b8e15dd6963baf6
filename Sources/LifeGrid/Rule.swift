/// A rule of a cellular automaton lifed runs: how each cell's next state follows from its
/// neighbourhood.
///
/// Two-state rules on the 3 × 3 neighbourhood are Life-like (outer totalistic: ``birth`` and
/// ``survival`` by the number of live neighbours) or, when the next state depends on where the
/// neighbours are, a ``MooreTable`` (isotropic non-totalistic and MAP rules). Larger than Life
/// counts over a larger neighbourhood. With ``states`` above 2 (Generations), a live cell that
/// does not survive goes through the dying states 2, 3, … `states - 1` before it is dead; only
/// state 1 counts as live.
public struct Rule: Hashable, Sendable {
    /// How the live cells of a neighbourhood decide whether a cell is live next.
    public enum Transitions: Hashable, Sendable {
        /// Outer totalistic: bit n of `birth` (`survival`) set means a dead (live) cell with n live
        /// neighbours is live next.
        case lifeLike(birth: UInt16, survival: UInt16)
        /// Any other rule on the 3 × 3 neighbourhood (never a Life-like table: see ``Rule/init(table:states:)``).
        case moore(MooreTable)
        /// Larger than Life.
        case largerThanLife(LargerThanLife)
    }

    /// How a cell's neighbourhood decides its next state.
    public private(set) var transitions: Transitions
    /// How many states a cell has: 2 (live or dead), or more with dying states (Generations).
    public private(set) var states: Int

    /// A Life-like rule with two states.
    public init(birth: UInt16, survival: UInt16) {
        transitions = .lifeLike(birth: birth, survival: survival)
        states = 2
    }

    /// A rule on the 3 × 3 neighbourhood from its table; Life-like when the table is.
    public init(table: MooreTable, states: Int = 2) {
        if let (birth, survival) = table.lifeLike {
            transitions = .lifeLike(birth: birth, survival: survival)
        } else {
            transitions = .moore(table)
        }
        self.states = max(2, states)
    }

    /// A Larger than Life rule with `states` states (2: no dying states).
    public init(largerThanLife: LargerThanLife, states: Int = 2) {
        transitions = .largerThanLife(largerThanLife)
        self.states = max(2, states)
    }

    /// Whether this is a two-state Life-like rule (B/S notation, no dying states).
    public var isLifeLike: Bool {
        if case .lifeLike = transitions, states == 2 { return true }
        return false
    }

    /// The birth counts of a Life-like rule; 0 for any other.
    public var birth: UInt16 {
        if case .lifeLike(let birth, _) = transitions { return birth }
        return 0
    }

    /// The survival counts of a Life-like rule; 0 for any other.
    public var survival: UInt16 {
        if case .lifeLike(_, let survival) = transitions { return survival }
        return 0
    }

    /// The table of a rule on the 3 × 3 neighbourhood (Life-like ones included); nil for Larger than Life.
    public var table: MooreTable? {
        switch transitions {
        case .lifeLike(let birth, let survival): MooreTable(birth: birth, survival: survival)
        case .moore(let table): table
        case .largerThanLife: nil
        }
    }

    /// Conway's Game of Life, B3/S23.
    public static let conway = Rule(birth: 1 << 3, survival: 1 << 2 | 1 << 3)
}

/// What lies beyond the grid's edges.
public enum Topology: String, Hashable, Sendable, CaseIterable {
    /// Edges wrap around.
    case torus
    /// Cells outside the grid are dead.
    case bounded
}

// MARK: - Named rules (notation: RuleNotation.swift; parsing: RuleParsing.swift)

extension Rule {
    /// HighLife, B36/S23: like Conway's Life, plus birth on six neighbours (it has a replicator).
    public static let highLife = Rule(birth: 1 << 3 | 1 << 6, survival: 1 << 2 | 1 << 3)

    /// Seeds, B2/S: every live cell dies each generation; two neighbours give birth.
    public static let seeds = Rule(birth: 1 << 2, survival: 0)

    /// Day & Night, B3678/S34678: symmetric under swapping live and dead cells.
    public static let dayAndNight = Rule(
        birth: 1 << 3 | 1 << 6 | 1 << 7 | 1 << 8,
        survival: 1 << 3 | 1 << 4 | 1 << 6 | 1 << 7 | 1 << 8)
}

extension Rule {
    /// Why lifed does not run this rule yet; nil when it does. Parsers read every family Golly
    /// writes and refuse, with this reason, the ones whose engine has not landed (issue 22 brings
    /// them in family by family; each engine removes its case here).
    public var unsupportedReason: String? {
        switch transitions {
        case .lifeLike(let birth, _):
            guard states > 2 else { return nil }
            if birth & 1 == 1 { return "Generations rules with B0 are not supported (Golly does not run them either)" }
            return states <= Grid.maxStates ? nil : "Generations rules have at most \(Grid.maxStates) states"
        case .moore(let table):
            guard states > 2 else { return nil }
            // An all-dead neighbourhood that gives birth (B0): every dying cell's dead neighbours would be born.
            if table[0] { return "Generations rules with B0 are not supported (Golly does not run them either)" }
            return states <= Grid.maxStates ? nil : "Generations rules have at most \(Grid.maxStates) states"
        case .largerThanLife:
            return states <= Grid.maxStates ? nil : "Larger than Life rules have at most \(Grid.maxStates) states"
        }
    }
}
