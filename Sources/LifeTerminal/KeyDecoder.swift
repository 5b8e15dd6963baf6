/// Turns the bytes a terminal sends in raw mode into ``Key``s.
///
/// Input arrives in arbitrary pieces: an escape sequence or a UTF-8 character may be split
/// across reads, so whatever is incomplete at the end of ``decode(_:)`` is kept for the next
/// call. A lone ESC is ambiguous (the Escape key, or the start of a sequence whose rest is
/// still on its way); it stays pending until more bytes come or the caller, after a short
/// quiet time, calls ``flush()``.
///
/// Understood: printable UTF-8; `\r` and `\n` (enter); tab; backspace (0x7F, 0x08); control
/// keys (0x01...0x1A); CSI sequences `ESC [ … final` (arrows `A`–`D`, `H`/`F`, `n~` for
/// home/insert/delete/end/page up/page down/F5–F12, modifiers ignored); SS3 sequences
/// `ESC O A`–`D`, `H`, `F`, `P`–`S`.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes wait for the rest of their sequence (the caller should call ``flush()``
    /// if nothing more arrives soon).
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete, in order.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.parse(pending[index...]) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Gives up waiting: a pending ESC is the Escape key, and any other incomplete sequence
    /// is dropped (after an Escape).
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let wasEscape = pending.first == 0x1B
        let rest = pending.dropFirst(wasEscape ? 1 : pending.count)
        pending.removeAll()
        var keys: [Key] = wasEscape ? [.escape] : []
        // Whatever followed the ESC cannot be a sequence now (it was incomplete); read it as keys.
        if !rest.isEmpty, rest.first != UInt8(ascii: "["), rest.first != UInt8(ascii: "O") {
            keys += decode(rest)
            keys += flush()
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it took; nil when incomplete.
    /// A nil key with a length means bytes to skip.
    private static func parse(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            return parseEscape(bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x00:
            return (.control(" "), 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first - 1 + UInt8(ascii: "a")))), 1)
        case 0x1C...0x1F:
            return (.unknown(String(first, radix: 16)), 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            return parseUTF8(bytes)
        }
    }

    private static func parseUTF8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.character("\u{FFFD}"), 1)
        }
        let available = bytes.prefix(length)
        // A continuation byte that is not one ends the character early: a replacement for what came.
        for (offset, byte) in available.enumerated().dropFirst() where byte & 0xC0 != 0x80 {
            return (.character("\u{FFFD}"), offset)
        }
        guard available.count == length else { return nil }
        var decoded = ""
        var iterator = available.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { decoded.unicodeScalars.append(scalar) }
        return (.character(decoded.first ?? "\u{FFFD}"), length)
    }

    private static func parseEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "[") {
            // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
            var index = start + 2
            while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return nil }
            let final = bytes[index]
            let length = index - start + 1
            guard (0x40...0x7E).contains(final) else {
                return (.unknown(String(decoding: bytes[start..<index + 1], as: UTF8.self)), length)
            }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            return (csiKey(final: final, parameters: parameters), length)
        }
        if introducer == UInt8(ascii: "O") {
            guard bytes.count >= 3 else { return nil }
            let key: Key
            switch bytes[start + 2] {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "M"): key = .enter
            case UInt8(ascii: "P"): key = .function(1)
            case UInt8(ascii: "Q"): key = .function(2)
            case UInt8(ascii: "R"): key = .function(3)
            case UInt8(ascii: "S"): key = .function(4)
            case let other: key = .unknown("ESC O \(Character(Unicode.Scalar(other)))")
            }
            return (key, 3)
        }
        if introducer == 0x1B {
            // ESC ESC: the first was the Escape key.
            return (.escape, 1)
        }
        // ESC and a key: Alt+key, read as Escape then the key.
        return (.escape, 1)
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key {
        // "1;5" (Ctrl) and friends: the first number names the key, the rest are modifiers.
        let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .unknown("shift-tab")
        case UInt8(ascii: "~"):
            switch first {
            case "1", "7": return .home
            case "2": return .insert
            case "3": return .delete
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            case "15": return .function(5)
            case "17": return .function(6)
            case "18": return .function(7)
            case "19": return .function(8)
            case "20": return .function(9)
            case "21": return .function(10)
            case "23": return .function(11)
            case "24": return .function(12)
            default: return .unknown("CSI \(parameters)~")
            }
        default:
            return .unknown("CSI \(parameters)\(Character(Unicode.Scalar(final)))")
        }
    }
}
