extension Rule {
    /// The rule in Golly's canonical notation:
    ///
    /// - Life-like: `B3/S23`, `B2/S` (digits ascending, each once);
    /// - isotropic non-totalistic: Hensel notation, `B2-a/S12`, each count's letters in
    ///   alphabetical order, or `-` and the letters left out when that is shorter;
    /// - other tables on the 3 × 3 neighbourhood: `MAP` and 86 base64 characters;
    /// - Generations: survival/birth/states, `345/2/4`, `12/2-a/3` (`MAP…/states` for a table
    ///   that is not isotropic);
    /// - Larger than Life: `R5,C0,M1,S34..58,B34..45,NM` (`C0` for two states).
    ///
    /// A MAP rule whose table is isotropic is written in Hensel or B/S notation (Golly keeps the
    /// MAP string as given); bits above 8 in Life-like masks, which no count reaches, are not shown.
    public var notation: String {
        switch transitions {
        case .lifeLike(let birth, let survival):
            return states == 2
                ? "B" + Rule.digits(birth) + "/S" + Rule.digits(survival)
                : Rule.digits(survival) + "/" + Rule.digits(birth) + "/\(states)"
        case .moore(let table):
            if let (birth, survival) = HenselNotation.parts(of: table) {
                return states == 2
                    ? "B" + HenselNotation.write(birth) + "/S" + HenselNotation.write(survival)
                    : HenselNotation.write(survival) + "/" + HenselNotation.write(birth) + "/\(states)"
            }
            return "MAP" + table.base64 + (states == 2 ? "" : "/\(states)")
        case .largerThanLife(let rule):
            return "R\(rule.range),C\(states == 2 ? 0 : states),M\(rule.countsMiddle ? 1 : 0),"
                + "S\(rule.survival.lowerBound)..\(rule.survival.upperBound),"
                + "B\(rule.birth.lowerBound)..\(rule.birth.upperBound),N\(rule.shape.rawValue)"
        }
    }

    /// The digits of the counts set in a mask, ascending (`23` for bits 2 and 3); bits above 8 are
    /// not shown.
    package static func digits(_ mask: UInt16) -> String {
        var text = ""
        for n in 0...8 where mask & (1 << n) != 0 {
            text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(n))))
        }
        return text
    }
}
