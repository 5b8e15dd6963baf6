import LifeGrid

// How Golly runs rules with B0, for whoever wants lifed's worlds to be Golly's, file for file.
//
// The engine runs a rule with B0 as it is: every empty cell with no live neighbour is born, and
// on a bounded grid the cells outside are dead, always. Golly cannot do that on its infinite
// plane, so (QuickLife's help, "Emulating B0 rules") it keeps the cells relative to the
// background instead: a rule with B0 and S8 is run as its dual rule without B0 (B0123478/S01234678
// runs as B3/S23), on a world it takes to be the complement of the one shown; a rule with B0 and
// without S8 is run as two rules without B0, one from even generations (the complement of the
// rule's next state) and one from odd generations (the rule read on the complemented world), so
// that what it shows at odd generations is the complement of the world. Its bounded grids keep
// those shown cells dead outside, that is the background outside: checked against bgolly 3.3
// with `rule = B…:P40,32` (MooreEngineKnownAnswerTests). Stepping Golly's shown cells with
// ``Rule/gollyShownStep(from:)`` on a grid with dead outside cells gives bgolly's files exactly,
// on either topology.

extension MooreTable {
    /// Every entry complemented: live next exactly where this table says dead.
    public var complemented: MooreTable {
        MooreTable(words: words.map { ~$0 }) ?? self
    }

    /// The same rule read on the complemented world: entry i is this table's entry for the
    /// neighbourhood with every cell flipped (511 - i).
    public var onComplement: MooreTable {
        var table = MooreTable()
        for index in 0..<512 where self[511 - index] { table[index] = true }
        return table
    }
}

extension Rule {
    /// The rule Golly steps its shown cells with from a generation of parity `generation % 2`:
    /// this rule when it has no B0; with B0 and S8, its dual (the complement of its next state
    /// on the complemented world), at every generation; with B0 and without S8, the complement of
    /// its next state from even generations and the rule on the complemented world from odd ones.
    /// Not for Larger than Life rules (returned as they are).
    public func gollyShownStep(from generation: Int) -> Rule {
        guard let table, table[0] else { return self }
        if table[511] { return Rule(table: table.onComplement.complemented, states: states) }
        return Rule(table: generation % 2 == 0 ? table.complemented : table.onComplement, states: states)
    }
}
