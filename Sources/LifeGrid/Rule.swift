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

// MARK: - Named rules, notation and parsing

extension Rule {
    /// HighLife, B36/S23: like Conway's Life, plus birth on six neighbours (it has a replicator).
    public static let highLife = Rule(birth: 1 << 3 | 1 << 6, survival: 1 << 2 | 1 << 3)

    /// Seeds, B2/S: every live cell dies each generation; two neighbours give birth.
    public static let seeds = Rule(birth: 1 << 2, survival: 0)

    /// Day & Night, B3678/S34678: symmetric under swapping live and dead cells.
    public static let dayAndNight = Rule(
        birth: 1 << 3 | 1 << 6 | 1 << 7 | 1 << 8,
        survival: 1 << 3 | 1 << 4 | 1 << 6 | 1 << 7 | 1 << 8)

    /// The canonical B/S notation, such as `B3/S23` or `B2/S`: digits ascending,
    /// each once. Bits above 8, which no neighbour count can reach, are not shown.
    public var notation: String {
        let generations = states > 2 ? "/C\(states)" : ""
        switch transitions {
        case .lifeLike(let birth, let survival):
            return "B" + Rule.digits(birth) + "/S" + Rule.digits(survival) + generations
        case .moore(let table):
            return "MAP" + table.base64 + generations
        case .largerThanLife(let rule):
            return "R\(rule.range),C\(states == 2 ? 0 : states),M\(rule.countsMiddle ? 1 : 0),"
                + "S\(rule.survival.lowerBound)..\(rule.survival.upperBound),"
                + "B\(rule.birth.lowerBound)..\(rule.birth.upperBound),N\(rule.shape.rawValue)"
        }
    }

    package static func digits(_ mask: UInt16) -> String {
        var text = ""
        for n in 0...8 where mask & (1 << n) != 0 {
            text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(n))))
        }
        return text
    }

    /// Reads a Life-like rule, case-insensitively, surrounding whitespace ignored.
    ///
    /// Accepted forms:
    /// - `B3/S23` and `S23/B3` (either order), `B2/S` (an empty part is allowed);
    /// - `B3S23`, the same without the slash;
    /// - the older `23/3`: survival counts, a slash, then birth counts.
    ///
    /// Counts are the digits 0 to 8; a digit given twice counts once. Rules that
    /// contain B0 are refused: under them every empty cell of an empty region is
    /// born at once, which lifed does not simulate.
    public init(parsing text: String) throws(RuleError) {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            // ASCII upper-casing; other bytes are kept and refused below.
            bytes.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
        }
        while let last = bytes.last, Rule.isSpace(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !Rule.isSpace($0) } ?? bytes.endIndex
        let body = Array(bytes[start...])
        func fail(_ reason: String) -> RuleError { RuleError(rule: text, reason: reason) }

        guard !body.isEmpty else { throw fail("the rule is empty; expected notation such as B3/S23") }
        let parts = body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let letterB = UInt8(ascii: "B")
        let letterS = UInt8(ascii: "S")

        var birth: UInt16 = 0
        var survival: UInt16 = 0
        switch parts.count {
        case 1:
            // B3S23 or S23B3.
            let part = parts[0]
            guard let first = part.first, first == letterB || first == letterS else {
                throw fail("expected notation such as B3/S23 (or the older 23/3)")
            }
            let other = first == letterB ? letterS : letterB
            guard let split = part.firstIndex(of: other) else {
                throw fail("the \(first == letterB ? "S" : "B") part is missing; write it as B3/S23")
            }
            let (b, s) = try Rule.lettered(part[..<split], part[split...], fail: fail)
            birth = b
            survival = s
        case 2:
            let first = parts[0]
            let second = parts[1]
            let firstLettered = first.first.map { $0 == letterB || $0 == letterS } ?? false
            let secondLettered = second.first.map { $0 == letterB || $0 == letterS } ?? false
            if firstLettered && secondLettered {
                let (b, s) = try Rule.lettered(first, second, fail: fail)
                birth = b
                survival = s
            } else if !firstLettered && !secondLettered {
                survival = try Rule.counts(first, fail: fail)
                birth = try Rule.counts(second, fail: fail)
            } else {
                throw fail("either both parts start with B and S (B3/S23) or neither does (23/3)")
            }
        default:
            throw fail(
                "too many '/': lifed runs two-state Life-like rules such as B3/S23, not Generations rules")
        }
        guard birth & 1 == 0 else {
            throw fail("rules with B0 make every empty cell in an empty region be born at once; lifed does not support them")
        }
        self.init(birth: birth, survival: survival)
    }

    /// Two parts each led by B or S, in either order.
    private static func lettered(
        _ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>, fail: (String) -> RuleError
    ) throws(RuleError) -> (birth: UInt16, survival: UInt16) {
        guard let a = first.first, let b = second.first, a != b else {
            throw fail("the rule needs one B part and one S part")
        }
        let firstCounts = try counts(first.dropFirst(), fail: fail)
        let secondCounts = try counts(second.dropFirst(), fail: fail)
        return a == UInt8(ascii: "B") ? (firstCounts, secondCounts) : (secondCounts, firstCounts)
    }

    /// The bitmask of a run of neighbour-count digits.
    private static func counts(_ digits: ArraySlice<UInt8>, fail: (String) -> RuleError) throws(RuleError) -> UInt16 {
        var mask: UInt16 = 0
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "8"):
                mask |= 1 << UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "9"):
                throw fail("9 is not a neighbour count: a cell has at most 8 neighbours")
            default:
                throw fail("unexpected \(describe(byte)); expected neighbour counts 0 to 8")
            }
        }
        return mask
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A byte for a message: the character itself when printable ASCII.
    package static func describe(_ byte: UInt8) -> String {
        if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte >= 0x80 { return "a non-ASCII character" }
        return "control character 0x" + String(byte, radix: 16, uppercase: true)
    }
}

/// Why a rule string is not a Life-like rule lifed runs.
public struct RuleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text that was read (as given).
    public var rule: String
    /// What is wrong with it, for a person.
    public var reason: String

    /// Creates an error about `rule`.
    public init(rule: String, reason: String) {
        self.rule = rule
        self.reason = reason
    }

    /// Reads like `rule "B03/S23": rules with B0 make …`; long rule texts are shortened.
    public var description: String {
        let shown = rule.count > 40 ? String(rule.prefix(40)) + "…" : rule
        return "rule \"\(shown)\": \(reason)"
    }
}

extension Rule {
    /// Why lifed does not run this rule yet; nil when it does. Parsers read every family Golly
    /// writes and refuse, with this reason, the ones whose engine has not landed (issue 22 brings
    /// them in family by family; each engine removes its case here).
    public var unsupportedReason: String? {
        switch transitions {
        case .lifeLike(let birth, _):
            if birth & 1 == 1 {
                return "rules with B0 make every empty cell in an empty region be born at once; lifed does not support them"
            }
            return states == 2 ? nil : "lifed does not run Generations rules (cells with dying states) yet"
        case .moore:
            return states == 2
                ? "lifed does not run isotropic non-totalistic or MAP rules yet"
                : "lifed does not run Generations rules (cells with dying states) yet"
        case .largerThanLife:
            return states == 2 ? nil : "lifed does not run Larger than Life rules with dying states yet"
        }
    }
}
