extension Rule {
    /// What lifed runs, for messages that refuse another kind of rule.
    package static let familiesRun =
        "lifed runs Life-like, isotropic non-totalistic, MAP, Generations and Larger than Life rules"

    /// Reads a rule in any notation Golly 3.3 reads for the families lifed knows, letters in
    /// either case, surrounding whitespace ignored:
    ///
    /// - Life-like: `B3/S23`, `S23/B3`, `B3S23`, the older `23/3` (survival, then birth), and a
    ///   part left out (`B234` is B234/S). B0 rules are read, then refused (see below).
    /// - Isotropic non-totalistic (Hensel): letters after a count, `B2-a/S12`, `B37/S2-i34q`;
    ///   `_` may stand for `/`.
    /// - MAP: `MAP` and the 86 base64 characters of a 512-bit table.
    /// - Generations: survival/birth/states, `12/34/3`, `/2/3`, `B2/S/3`, also `B2/S/C3`; the
    ///   first two parts as above (Hensel letters allowed), a MAP with `/states`.
    /// - Larger than Life: `R5,C0,M1,S34..58,B34..45,NM` (or `NN`), ranges 1 to 500, and
    ///   Kellie Evans's `r,bmin,bmax,smin,smax`.
    ///
    /// Rule tables, Wolfram, JvN, hexagonal and von Neumann rules are named in the error. A rule
    /// that parses but whose family lifed does not run yet is refused with
    /// ``unsupportedReason``.
    public init(parsing text: String) throws(RuleError) {
        let rule = try Rule.reading(text)
        if let reason = rule.unsupportedReason { throw RuleError(rule: text, reason: reason) }
        self = rule
    }

    /// The rule a text gives, whether or not lifed runs its family yet (``init(parsing:)`` then
    /// consults ``unsupportedReason``): for tests and tools that check notation itself.
    package static func reading(_ text: String) throws(RuleError) -> Rule {
        try RuleParser(text: text).parse()
    }

    /// A byte for a message: the character itself when printable ASCII.
    package static func describe(_ byte: UInt8) -> String {
        if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte >= 0x80 { return "a non-ASCII character" }
        return "control character 0x" + String(byte, radix: 16, uppercase: true)
    }
}

/// One reading of a rule text. Works on the bytes as typed (so that messages quote them as typed)
/// and compares letters without regard to case.
struct RuleParser {
    let text: String
    let bytes: [UInt8]
    let body: Range<Int>

    init(text: String) {
        self.text = text
        bytes = Array(text.utf8)
        var end = bytes.count
        while end > 0 && RuleParser.isSpace(bytes[end - 1]) { end -= 1 }
        var start = 0
        while start < end && RuleParser.isSpace(bytes[start]) { start += 1 }
        body = start..<end
    }

    func fail(_ reason: String) -> RuleError { RuleError(rule: text, reason: reason) }

    /// The lower-case ASCII form of a byte.
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = RuleParser.lower(byte)
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// The text of a range, as typed, for a message: at most 40 bytes, then `…`.
    func string(_ range: Range<Int>) -> String {
        let shown = range.count > 40 ? range.lowerBound..<(range.lowerBound + 40) : range
        return String(decoding: bytes[shown], as: UTF8.self) + (shown == range ? "" : "…")
    }

    /// Whether the body starts with `prefix` (lower-case ASCII), in either case.
    func hasPrefix(_ prefix: String) -> Bool {
        let wanted = Array(prefix.utf8)
        guard body.count >= wanted.count else { return false }
        return zip(bytes[body], wanted).allSatisfy { RuleParser.lower($0) == $1 }
    }

    func parse() throws(RuleError) -> Rule {
        guard !body.isEmpty else { throw fail("the rule is empty; expected notation such as B3/S23") }
        let shown = string(body)
        if bytes[body].contains(UInt8(ascii: ":")) {
            throw fail(
                "a ':' suffix sets a bounded grid in Golly (such as B3/S23:T100,100); lifed sets the grid's size and topology apart from the rule")
        }
        if hasPrefix("map") { return try parseMAP(from: body.lowerBound + 3) }
        if bytes[body].contains(UInt8(ascii: ",")) { return try LargerThanLifeNotation.parse(self) }
        if let family = otherFamily() { throw fail("\(shown) is \(family): \(Rule.familiesRun)") }
        do {
            return try parseOuterTotalistic(body)
        } catch {
            if let neighbourhood = otherNeighbourhood() {
                throw fail("\(shown) is a rule on the \(neighbourhood) neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
            }
            if looksLikeName() { throw fail("\(shown) is a rule table: \(Rule.familiesRun)") }
            throw error
        }
    }

    /// Families that Golly names by a word: Wolfram's one-dimensional rules and the JvN family.
    func otherFamily() -> String? {
        let first = RuleParser.lower(bytes[body.lowerBound])
        if first == UInt8(ascii: "w"), body.count > 1, bytes[(body.lowerBound + 1)...].prefix(body.count - 1).allSatisfy(RuleParser.isDigit) {
            return "a Wolfram rule (one-dimensional)"
        }
        for name in ["jvn29", "nobili32", "hutton32"] where body.count == name.utf8.count && hasPrefix(name) {
            return "a von Neumann 29-state rule (Golly's JvN algorithm)"
        }
        return nil
    }

    /// The neighbourhood of a B/S rule that ends in `H` (hexagonal) or `V` (von Neumann).
    func otherNeighbourhood() -> String? {
        guard body.count > 1 else { return nil }
        let last = RuleParser.lower(bytes[body.upperBound - 1])
        guard last == UInt8(ascii: "h") || last == UInt8(ascii: "v") else { return nil }
        guard (try? parseOuterTotalistic(body.lowerBound..<(body.upperBound - 1))) != nil else { return nil }
        return last == UInt8(ascii: "h") ? "hexagonal" : "von Neumann"
    }

    /// Whether the text reads as the name of a rule table (Golly's RuleLoader), such as
    /// `Banks-I` or `WireWorld`: a letter, then a letter (B/S notation has a digit or `/`
    /// second), then letters, digits, `-`, `_`, `+` or `.`.
    func looksLikeName() -> Bool {
        guard body.count >= 2, RuleParser.isLetter(bytes[body.lowerBound]), RuleParser.isLetter(bytes[body.lowerBound + 1])
        else { return false }
        return bytes[body].allSatisfy { byte in
            RuleParser.isLetter(byte) || RuleParser.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        }
    }

    // MARK: - MAP

    /// `MAP` and base64 (86 characters, or 88 ending in `==`), with `/states` for Generations.
    func parseMAP(from start: Int) throws(RuleError) -> Rule {
        var end = start
        while end < body.upperBound && end - start < 86 && RuleParser.isBase64(bytes[end]) { end += 1 }
        if end - start == 86 && end + 1 < body.upperBound && bytes[end] == UInt8(ascii: "=") && bytes[end + 1] == UInt8(ascii: "=") {
            end += 2
        }
        guard end - start >= 86, let table = MooreTable(base64: String(decoding: bytes[start..<end], as: UTF8.self)) else {
            var length = 0
            while start + length < body.upperBound && RuleParser.isBase64(bytes[start + length]) && bytes[start + length] != UInt8(ascii: "/") {
                length += 1
            }
            switch length {
            case 22, 24:
                throw fail("a MAP rule of 22 characters is on the hexagonal neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
            case 6, 8:
                throw fail("a MAP rule of 6 characters is on the von Neumann neighbourhood: \(Rule.familiesRun) on the Moore neighbourhood")
            default:
                if start + length < body.upperBound && bytes[start + length] != UInt8(ascii: "/") {
                    throw fail("unexpected \(Rule.describe(bytes[start + length])) in a MAP rule; expected base64 (A-Z, a-z, 0-9, + and /)")
                }
                throw fail("a MAP rule has 86 base64 characters after MAP (the 512 bits of its table); this one has \(length)")
            }
        }
        var states = 2
        if end < body.upperBound {
            guard bytes[end] == UInt8(ascii: "/") else {
                throw fail("unexpected \(Rule.describe(bytes[end])) after a MAP rule's 86 characters; expected nothing, or /states for Generations")
            }
            states = try parseStates(end + 1..<body.upperBound)
        }
        return Rule(table: table, states: states)
    }

    static func isBase64(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
    }

    // MARK: - B/S, S/B and Generations

    /// Life-like, Hensel and Generations notation: parts separated by `/` or `_`.
    func parseOuterTotalistic(_ range: Range<Int>) throws(RuleError) -> Rule {
        var parts: [Range<Int>] = []
        var partStart = range.lowerBound
        for i in range where bytes[i] == UInt8(ascii: "/") || bytes[i] == UInt8(ascii: "_") {
            parts.append(partStart..<i)
            partStart = i + 1
            if parts.count > 3 { break }
        }
        parts.append(partStart..<range.upperBound)

        var states = 2
        let birth: HenselNotation.Sets
        let survival: HenselNotation.Sets
        switch parts.count {
        case 1:
            (birth, survival) = try single(parts[0])
        case 2:
            (birth, survival) = try pair(parts[0], parts[1])
        case 3:
            (birth, survival) = try pair(parts[0], parts[1])
            states = try parseStates(parts[2])
        default:
            throw fail("too many '/': expected B3/S23, or survival/birth/states for Generations (such as 345/2/4)")
        }
        return RuleParser.rule(birth: birth, survival: survival, states: states)
    }

    /// The rule of two parts: Life-like masks when no part has letters.
    static func rule(birth: HenselNotation.Sets, survival: HenselNotation.Sets, states: Int) -> Rule {
        func mask(_ part: HenselNotation.Sets) -> UInt16? {
            var mask: UInt16 = 0
            for count in 0...8 {
                let set = part.sets[count]
                if set == HenselNotation.Sets.all(count) { mask |= 1 << UInt16(count) } else if set != 0 { return nil }
            }
            return mask
        }
        if let birthMask = mask(birth), let survivalMask = mask(survival) {
            var rule = Rule(birth: birthMask, survival: survivalMask)
            if states > 2 { rule = Rule(table: MooreTable(birth: birthMask, survival: survivalMask), states: states) }
            return rule
        }
        return Rule(table: HenselNotation.table(birth: birth, survival: survival), states: states)
    }

    /// `B3S23`, `S23B3`, or one part alone (`B234`: no survival).
    func single(_ part: Range<Int>) throws(RuleError) -> (HenselNotation.Sets, HenselNotation.Sets) {
        guard let first = part.first.map({ RuleParser.lower(bytes[$0]) }), first == UInt8(ascii: "b") || first == UInt8(ascii: "s") else {
            throw fail("expected notation such as B3/S23 (or the older 23/3)")
        }
        let other = first == UInt8(ascii: "b") ? UInt8(ascii: "s") : UInt8(ascii: "b")
        let split = bytes[part].firstIndex { RuleParser.lower($0) == other } ?? part.upperBound
        let firstCounts = try counts(part.lowerBound + 1..<split)
        let secondCounts = split < part.upperBound ? try counts(split + 1..<part.upperBound) : HenselNotation.Sets()
        return first == UInt8(ascii: "b") ? (firstCounts, secondCounts) : (secondCounts, firstCounts)
    }

    /// Two parts: lettered B and S in either order; one lettered, the other taking the other
    /// letter; or neither, survival first (`23/3`).
    func pair(_ first: Range<Int>, _ second: Range<Int>) throws(RuleError) -> (HenselNotation.Sets, HenselNotation.Sets) {
        func letter(_ part: Range<Int>) -> UInt8? {
            guard let index = part.first else { return nil }
            let lower = RuleParser.lower(bytes[index])
            return lower == UInt8(ascii: "b") || lower == UInt8(ascii: "s") ? lower : nil
        }
        let firstLetter = letter(first)
        let secondLetter = letter(second)
        if let firstLetter, firstLetter == secondLetter {
            throw fail("the rule needs one B part and one S part")
        }
        let firstIsBirth: Bool
        switch (firstLetter, secondLetter) {
        case (let letter?, _): firstIsBirth = letter == UInt8(ascii: "b")
        case (nil, let letter?): firstIsBirth = letter == UInt8(ascii: "s")
        case (nil, nil): firstIsBirth = false
        }
        let firstCounts = try counts(firstLetter == nil ? first : first.dropFirst())
        let secondCounts = try counts(secondLetter == nil ? second : second.dropFirst())
        return firstIsBirth ? (firstCounts, secondCounts) : (secondCounts, firstCounts)
    }

    /// The number of states of a Generations rule: 2 to 256, with or without a leading `C`.
    func parseStates(_ range: Range<Int>) throws(RuleError) -> Int {
        var digits = range
        if let first = digits.first, RuleParser.lower(bytes[first]) == UInt8(ascii: "c") { digits = digits.dropFirst() }
        guard !digits.isEmpty, bytes[digits].allSatisfy(RuleParser.isDigit) else {
            throw fail("the last part, \"\(string(range))\", is not a number of states; Generations rules end in 2 to 256 (such as 345/2/4)")
        }
        var value = 0
        for i in digits {
            value = min(value * 10 + Int(bytes[i] - UInt8(ascii: "0")), 1000)
        }
        guard (2...256).contains(value) else {
            throw fail("a Generations rule has 2 to 256 states, not \(string(digits))")
        }
        return value
    }

    /// The arrangements a run of counts names: digits 0 to 8, each followed by Hensel letters,
    /// `-` and the letters left out, or nothing (every arrangement).
    func counts(_ range: Range<Int>) throws(RuleError) -> HenselNotation.Sets {
        var sets = HenselNotation.Sets()
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "8") else {
                if byte == UInt8(ascii: "9") { throw fail("9 is not a neighbour count: a cell has at most 8 neighbours") }
                throw fail("unexpected \(Rule.describe(byte)); expected neighbour counts 0 to 8, each with Hensel letters or none (such as 2-a)")
            }
            let count = Int(byte - UInt8(ascii: "0"))
            i += 1
            var negated = false
            if i < range.upperBound && bytes[i] == UInt8(ascii: "-") {
                negated = true
                i += 1
            }
            var letters: UInt16 = 0
            let known = HenselNotation.letters[count]
            while i < range.upperBound, RuleParser.isLetter(bytes[i]), RuleParser.isHenselLetter(bytes[i]) {
                guard let slot = known.firstIndex(of: RuleParser.lower(bytes[i])) else {
                    if known.isEmpty {
                        throw fail("\(Rule.describe(bytes[i])) follows \(count): \(count) neighbours can be placed only one way, so 0 and 8 take no letters")
                    }
                    let list = String(decoding: known, as: UTF8.self).map(String.init).joined(separator: " ")
                    throw fail("\(Rule.describe(bytes[i])) is not a Hensel letter for \(count) neighbour\(count == 1 ? "" : "s"); \(count) takes \(list)")
                }
                letters |= 1 << UInt16(slot)
                i += 1
            }
            if negated && known.isEmpty {
                throw fail("'-' follows \(count): \(count) neighbours can be placed only one way, so 0 and 8 take no letters")
            }
            let all = HenselNotation.Sets.all(count)
            sets.sets[count] |= negated ? all & ~letters : (letters == 0 ? all : letters)
        }
        return sets
    }

    /// The letters Hensel notation uses, in either case.
    static func isHenselLetter(_ byte: UInt8) -> Bool {
        HenselNotation.letters[4].contains(lower(byte))
    }
}
