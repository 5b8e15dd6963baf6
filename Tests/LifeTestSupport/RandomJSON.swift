import LifeJSON

/// Random JSON values for property tests.
public enum RandomJSON {
    /// Characters that exercise escaping and multi-byte UTF-8.
    public static let alphabet: [Unicode.Scalar] = [
        "a", "b", "z", "A", "0", "9", " ", "~", "/", "\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{1F}",
        "\u{7F}", "é", "ß", "€", "\u{2028}", "\u{FFFF}", "😀", "𝄞", "中",
    ]

    public static func string<G: RandomNumberGenerator>(_ g: inout G, maxLength: Int = 8) -> String {
        let length = Int.random(in: 0...maxLength, using: &g)
        var s = String.UnicodeScalarView()
        for _ in 0..<length {
            s.append(alphabet[Int.random(in: 0..<alphabet.count, using: &g)])
        }
        return String(s)
    }

    public static func key<G: RandomNumberGenerator>(_ g: inout G) -> String {
        // A small key space so that objects share keys often.
        let keys = ["a", "b", "c", "d", "e", "", "~", "/", "a/b", "m~n", "é", "0", "-"]
        return Int.random(in: 0..<4, using: &g) == 0 ? string(&g, maxLength: 4) : keys[Int.random(in: 0..<keys.count, using: &g)]
    }

    public static func double<G: RandomNumberGenerator>(_ g: inout G) -> Double {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return Double(Int.random(in: -1000...1000, using: &g)) / 8
        case 1: return Double(bitPattern: g.next() & 0xFFEF_FFFF_FFFF_FFFF)  // exponent below 0x7FF: finite
        case 2: return Double.random(in: -1e300...1e300, using: &g)
        case 3: return Double.random(in: -1e-300...1e-300, using: &g)
        case 4: return [0.0, -0.0, 1e23, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.0 / 3.0, 0.1][Int.random(in: 0..<7, using: &g)]
        default: return Double.random(in: -1...1, using: &g)
        }
    }

    public static func scalar<G: RandomNumberGenerator>(_ g: inout G) -> JSON {
        switch Int.random(in: 0..<7, using: &g) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .int(Int.random(in: -100...100, using: &g))
        case 3: return .int(Int(bitPattern: UInt(g.next())))
        case 4: return .double(double(&g))
        default: return .string(string(&g))
        }
    }

    public static func value<G: RandomNumberGenerator>(_ g: inout G, depth: Int = 4) -> JSON {
        guard depth > 0 else { return scalar(&g) }
        switch Int.random(in: 0..<5, using: &g) {
        case 0, 1: return scalar(&g)
        case 2, 3:
            let count = Int.random(in: 0...5, using: &g)
            return .array((0..<count).map { _ in value(&g, depth: depth - 1) })
        default:
            var members: [String: JSON] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &g) {
                members[key(&g)] = value(&g, depth: depth - 1)
            }
            return .object(members)
        }
    }

    /// A copy of `value` with a few random changes at random places.
    public static func mutated<G: RandomNumberGenerator>(_ value: JSON, _ g: inout G, changes: Int) -> JSON {
        var result = value
        for _ in 0..<changes {
            result = mutateOnce(result, &g, depth: 0)
        }
        return result
    }

    private static func mutateOnce<G: RandomNumberGenerator>(_ value: JSON, _ g: inout G, depth: Int) -> JSON {
        switch value {
        case .array(var elements):
            let choice = Int.random(in: 0..<6, using: &g)
            if choice < 3, !elements.isEmpty {
                let i = Int.random(in: 0..<elements.count, using: &g)
                elements[i] = mutateOnce(elements[i], &g, depth: depth + 1)
            } else if choice == 3 {
                elements.insert(self.value(&g, depth: 2), at: Int.random(in: 0...elements.count, using: &g))
            } else if choice == 4, !elements.isEmpty {
                elements.remove(at: Int.random(in: 0..<elements.count, using: &g))
            } else {
                elements.append(self.value(&g, depth: 2))
            }
            return .array(elements)
        case .object(var members):
            let choice = Int.random(in: 0..<5, using: &g)
            if choice < 3, let k = members.keys.randomElement(using: &g), let member = members[k] {
                members[k] = mutateOnce(member, &g, depth: depth + 1)
            } else if choice == 3, let k = members.keys.randomElement(using: &g) {
                members[k] = nil
            } else {
                members[key(&g)] = self.value(&g, depth: 2)
            }
            return .object(members)
        default:
            return Int.random(in: 0..<3, using: &g) == 0 ? self.value(&g, depth: 2) : scalar(&g)
        }
    }
}
