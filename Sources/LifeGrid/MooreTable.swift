/// A two-state rule on the Moore neighbourhood of range 1, as a table of 512 bits: for each of
/// the 512 states of a cell's 3 × 3 neighbourhood, whether the cell is live in the next
/// generation. Every Life-like, isotropic non-totalistic (Hensel) and MAP rule is one.
///
/// The index of a neighbourhood has the cells in Golly's MAP order, north-west first and most
/// significant: `NW N NE W C E SW S SE`, so the centre cell is bit 4 (value 16). Bit `i` of
/// the table is bit `i % 64` of `words[i / 64]`.
public struct MooreTable: Hashable, Sendable {
    /// The 512 bits, eight words of 64.
    public private(set) var words: [UInt64]

    /// The table that is all zeros: every cell dies.
    public init() {
        words = [UInt64](repeating: 0, count: 8)
    }

    /// The table of eight words; nil unless there are exactly eight.
    public init?(words: [UInt64]) {
        guard words.count == 8 else { return nil }
        self.words = words
    }

    /// The table of a Life-like rule: bit n of `birth` (`survival`) set means a dead (live) cell
    /// with n live neighbours is live next.
    public init(birth: UInt16, survival: UInt16) {
        self.init()
        for index in 0..<512 {
            let count = (index & ~MooreTable.centre).nonzeroBitCount
            let mask = index & MooreTable.centre != 0 ? survival : birth
            self[index] = mask >> count & 1 == 1
        }
    }

    /// The centre cell's bit in an index.
    public static let centre = 1 << 4

    /// Whether the cell whose neighbourhood is `index` (0 to 511) is live in the next generation.
    public subscript(index: Int) -> Bool {
        get { words[index >> 6] >> UInt64(index & 63) & 1 == 1 }
        set {
            let bit: UInt64 = 1 << UInt64(index & 63)
            if newValue { words[index >> 6] |= bit } else { words[index >> 6] &= ~bit }
        }
    }

    /// The Life-like rule this table is, when the next state depends only on the centre and the
    /// number of live neighbours; nil otherwise.
    public var lifeLike: (birth: UInt16, survival: UInt16)? {
        var birth: UInt16 = 0
        var survival: UInt16 = 0
        var seen: UInt32 = 0  // bit (centre * 9 + count): the count was met
        for index in 0..<512 {
            let count = (index & ~MooreTable.centre).nonzeroBitCount
            let live = index & MooreTable.centre != 0
            let slot = (live ? 9 : 0) + count
            let next = self[index]
            if seen >> UInt32(slot) & 1 == 1 {
                let known = (live ? survival : birth) >> count & 1 == 1
                if known != next { return nil }
            } else {
                seen |= 1 << UInt32(slot)
                if next {
                    if live { survival |= 1 << UInt16(count) } else { birth |= 1 << UInt16(count) }
                }
            }
        }
        return (birth, survival)
    }

    /// The table as Golly's MAP notation writes it, without the `MAP` prefix: the 512 bits, index
    /// 0 first and each byte's most significant bit first, in base64 without padding (86 characters).
    public var base64: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        var index = 0
        while index < 512 {
            var sextet = 0
            for bit in 0..<6 {
                let i = index + bit
                sextet = sextet << 1 | (i < 512 && self[i] ? 1 : 0)
            }
            text.append(alphabet[sextet])
            index += 6
        }
        return text
    }

    /// The table of a MAP string's base64 part (without `MAP`): 86 characters, or 88 with
    /// `==` padding; nil when it is not one.
    public init?(base64 text: some StringProtocol) {
        var sextets: [Int] = []
        sextets.reserveCapacity(88)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextets.append(Int(byte - UInt8(ascii: "A")))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextets.append(Int(byte - UInt8(ascii: "a")) + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextets.append(Int(byte - UInt8(ascii: "0")) + 52)
            case UInt8(ascii: "+"): sextets.append(62)
            case UInt8(ascii: "/"): sextets.append(63)
            case UInt8(ascii: "="): sextets.append(-1)
            default: return nil
            }
        }
        if sextets.count == 88 {
            guard sextets[86] == -1, sextets[87] == -1 else { return nil }
            sextets.removeLast(2)
        }
        guard sextets.count == 86, !sextets.contains(-1) else { return nil }
        self.init()
        for index in 0..<512 where sextets[index / 6] >> (5 - index % 6) & 1 == 1 {
            self[index] = true
        }
    }
}
