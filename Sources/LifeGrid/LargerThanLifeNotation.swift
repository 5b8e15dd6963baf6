/// Larger than Life notation as Golly 3.3 reads it: MCell's `Rr,Cc,Mm,Ssmin..smax,Bbmin..bmax,Nn`
/// (items in that order, a trailing comma allowed), or Kellie Evans's `r,bmin,bmax,smin,smax`
/// (the middle cell counted, Moore neighbourhood, two states).
enum LargerThanLifeNotation {
    /// The largest range Golly runs.
    static let maxRange = 500

    static func parse(_ parser: RuleParser) throws(RuleError) -> Rule {
        let bytes = parser.bytes
        var items: [Range<Int>] = []
        var start = parser.body.lowerBound
        for i in parser.body where bytes[i] == UInt8(ascii: ",") {
            items.append(start..<i)
            start = i + 1
            if items.count > 7 { break }
        }
        items.append(start..<parser.body.upperBound)
        if items.count == 7, items[6].isEmpty { items.removeLast() }  // "…,NM,"

        let first = items[0].first.map { RuleParser.lower(bytes[$0]) }
        if first.map(RuleParser.isDigit) == true {
            guard items.count == 5 else {
                throw parser.fail("expected Larger than Life notation such as R5,C0,M1,S34..58,B34..45,NM (or r,bmin,bmax,smin,smax)")
            }
            var values: [Int] = []
            for item in items { values.append(try number(item, parser)) }
            let rule = LargerThanLife(
                range: values[0], countsMiddle: true, survival: try range(values[3], values[4], "S", parser),
                birth: try range(values[1], values[2], "B", parser), shape: .moore)
            return try checked(rule, states: 2, parser)
        }
        guard items.count == 6 else {
            throw parser.fail(
                "expected Larger than Life notation such as R5,C0,M1,S34..58,B34..45,NM: six items R, C, M, S, B and N, in that order")
        }
        let rangeValue = try number(lettered(items[0], "r", parser), parser)
        let states = try number(lettered(items[1], "c", parser), parser)
        let middle = try number(lettered(items[2], "m", parser), parser)
        let survival = try span(lettered(items[3], "s", parser), "S", parser)
        let birth = try span(lettered(items[4], "b", parser), "B", parser)
        let shapeItem = try lettered(items[5], "n", parser)
        guard shapeItem.count == 1 else {
            throw parser.fail("the neighbourhood is NM (Moore) or NN (von Neumann), not N\(parser.string(shapeItem))")
        }
        let shape: LargerThanLife.Shape
        switch RuleParser.lower(bytes[shapeItem.lowerBound]) {
        case UInt8(ascii: "m"): shape = .moore
        case UInt8(ascii: "n"): shape = .vonNeumann
        case UInt8(ascii: "c"):
            throw parser.fail("lifed runs Larger than Life on the NM (Moore) and NN (von Neumann) neighbourhoods, not the circular NC")
        default:
            throw parser.fail("the neighbourhood is NM (Moore) or NN (von Neumann), not N\(parser.string(shapeItem))")
        }
        guard middle <= 1 else { throw parser.fail("M is 0 (the middle cell not counted) or 1 (counted), not M\(middle)") }
        guard states <= 256 else { throw parser.fail("a Larger than Life rule has at most 256 states (C0 to C256), not C\(states)") }
        let rule = LargerThanLife(range: rangeValue, countsMiddle: middle == 1, survival: survival, birth: birth, shape: shape)
        return try checked(rule, states: states, parser)
    }

    /// The rest of an item after its letter.
    static func lettered(_ item: Range<Int>, _ letter: Character, _ parser: RuleParser) throws(RuleError) -> Range<Int> {
        let wanted = UInt8(ascii: letter.unicodeScalars.first ?? "r")
        guard let first = item.first, RuleParser.lower(parser.bytes[first]) == wanted else {
            let upper = String(letter).uppercased()
            throw parser.fail(
                "expected \(upper) where the rule has \"\(parser.string(item))\"; Larger than Life reads R, C, M, S, B and N in that order, as in R5,C0,M1,S34..58,B34..45,NM")
        }
        return item.dropFirst()
    }

    /// A decimal number (at most 9 digits, so that it cannot overflow).
    static func number(_ item: Range<Int>, _ parser: RuleParser) throws(RuleError) -> Int {
        guard !item.isEmpty, parser.bytes[item].allSatisfy(RuleParser.isDigit) else {
            throw parser.fail("expected a number where the rule has \"\(parser.string(item))\"")
        }
        var value = 0
        for i in item {
            value = min(value * 10 + Int(parser.bytes[i] - UInt8(ascii: "0")), 1_000_000_000)
        }
        return value
    }

    /// `min..max`.
    static func span(_ item: Range<Int>, _ name: String, _ parser: RuleParser) throws(RuleError) -> ClosedRange<Int> {
        let bytes = parser.bytes
        var dots = item.lowerBound
        while dots + 1 < item.upperBound && !(bytes[dots] == UInt8(ascii: ".") && bytes[dots + 1] == UInt8(ascii: ".")) { dots += 1 }
        guard dots + 1 < item.upperBound else {
            throw parser.fail("expected \(name)min..max, such as \(name)34..58, where the rule has \"\(name)\(parser.string(item))\"")
        }
        return try range(number(item.lowerBound..<dots, parser), number(dots + 2..<item.upperBound, parser), name, parser)
    }

    static func range(_ low: Int, _ high: Int, _ name: String, _ parser: RuleParser) throws(RuleError) -> ClosedRange<Int> {
        guard low <= high else { throw parser.fail("\(name)\(low)..\(high) is empty: the first count is above the second") }
        return low...high
    }

    /// Golly's checks: the range, counts within the neighbourhood, no birth on 0.
    static func checked(_ rule: LargerThanLife, states: Int, _ parser: RuleParser) throws(RuleError) -> Rule {
        guard (1...maxRange).contains(rule.range) else {
            throw parser.fail("the range is 1 to \(maxRange), as in Golly, not \(rule.range)")
        }
        let size = rule.neighbourhoodSize
        for (name, counts) in [("S", rule.survival), ("B", rule.birth)] where counts.upperBound > size {
            throw parser.fail(
                "\(name)\(counts.lowerBound)..\(counts.upperBound) goes past \(size), the number of cells the neighbourhood counts")
        }
        guard rule.birth.lowerBound > 0 else {
            throw parser.fail("birth on 0 (B0..) makes every empty cell in an empty region be born at once; Golly and lifed do not run it")
        }
        return Rule(largerThanLife: rule, states: states)
    }
}
