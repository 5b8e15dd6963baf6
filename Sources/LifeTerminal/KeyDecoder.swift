/// Turns the bytes a terminal sends in raw mode into ``Key``s.
///
/// Input arrives in arbitrary pieces: an escape sequence or a UTF-8 character may be split
/// across reads, so whatever is incomplete at the end of ``decode(_:)`` is kept for the next
/// call. A lone ESC is ambiguous (the Escape key, or the start of a sequence whose rest is
/// still on its way); it stays pending until more bytes come or the caller, after a short
/// quiet time, calls ``flush()``.
///
/// Understood: printable UTF-8; `\r` and `\n` (enter); tab; backspace (0x7F, 0x08); control
/// keys (0x01...0x1A); CSI sequences `ESC [ … final` (arrows `A`–`D`, with Shift as
/// `1;2A`; `H`/`F`; `n~` for home/insert/delete/end/page up/page down/F1–F12; other
/// modifiers ignored); SS3 sequences `ESC O A`–`D` (optionally `ESC O 2 A`), `H`, `F`, `P`–`S`;
/// the variants of rxvt (`ESC [ a`–`d` Shift-arrows, `ESC O a`–`d` Ctrl-arrows, `ESC [ 5 $`,
/// `^` and `@` endings, `ESC [ 7 ~` and `8 ~` for home and end) and of the Linux console
/// (`ESC [ 1 ~`, `4 ~`, F1–F5 as `ESC [ [ A`–`E`); mouse reports, SGR's
/// `ESC [ < b ; x ; y M`/`m` and the older `ESC [ M b x y`; and the terminal's answers
/// (``TerminalReport``): DECRPM's `ESC [ ? mode ; setting $ y` and `ESC [ 6 ; h ; w t`.
///
/// SGR reports count pixels instead of cells once the terminal has said that mode 1016 is set
/// (`ESC [ ? 1016 ; 1 $ y`): the decoder follows that answer itself, in the order the bytes
/// came, so a report is read as the terminal meant it whatever else the same read brought. It
/// turns pixels into the cell and the half of it (``MouseEvent/lowerHalf``) by the cell's size,
/// from `ESC [ 6 ; h ; w t` or ``cellPixels`` as set; without one, a pixel report is dropped.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Whether the rest of an over-long CSI sequence is being skipped, up to its final byte.
    private var isSkippingSequence = false
    /// Whether SGR mouse reports count pixels (the terminal said mode 1016 is set).
    public private(set) var reportsPixels = false
    /// A character cell's size in pixels, for pixel reports.
    public var cellPixels: CellPixels?

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
            if isSkippingSequence {
                while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
                guard index < pending.count else { break }
                // The final byte ends it.
                index += 1
                isSkippingSequence = false
                continue
            }
            guard let (key, length) = Self.parse(pending[index...]) else { break }
            if key == Self.overlongSequence {
                isSkippingSequence = true
            } else if let key, let read = follow(key) {
                keys.append(read)
            }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Pixel reports are over (the program turned mode 1016 off): reports count cells again
    /// until the terminal says otherwise.
    public mutating func stopPixelReports() {
        reportsPixels = false
    }

    /// `key` as read in the modes the terminal's answers so far say: an answer about mode 1016
    /// or the cell's size is taken in (and passed on); a mouse report in pixels becomes one in
    /// cells, nil without a cell size.
    private mutating func follow(_ key: Key) -> Key? {
        switch key {
        case .report(.mode(PixelMouse.mode, let setting)):
            reportsPixels = setting == 1 || setting == 3
        case .report(.cellSize(let size)):
            cellPixels = size
        case .mouse(var event) where reportsPixels:
            // The event's row and column are the pixel's, from 0.
            guard let cell = cellPixels else { return nil }
            event.lowerHalf = (event.row % cell.height) * 2 >= cell.height
            event.row /= cell.height
            event.col /= cell.width
            return .mouse(event)
        default:
            break
        }
        return key
    }

    /// Gives up waiting: a pending ESC is the Escape key, and any other incomplete sequence
    /// is dropped (after an Escape).
    public mutating func flush() -> [Key] {
        isSkippingSequence = false
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

    /// The longest CSI sequence read as one; anything longer is skipped as unknown, so a
    /// stream of parameter bytes cannot grow the pending input without end.
    static let maxSequenceLength = 64
    private static let overlongSequence = Key.unknown("a CSI sequence over 64 bytes")

    private static func parseEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "[") {
            return parseCSI(bytes)
        }
        if introducer == UInt8(ascii: "O") {
            return parseSS3(bytes)
        }
        if introducer == 0x1B {
            // ESC ESC: the first was the Escape key.
            return (.escape, 1)
        }
        // ESC and a key: Alt+key, read as Escape then the key.
        return (.escape, 1)
    }

    /// `ESC [ …`: a CSI sequence (parameters 0x30–0x3F, intermediates 0x20–0x2F, one final
    /// byte 0x40–0x7E), the old mouse encoding `ESC [ M b x y`, or the Linux console's
    /// function keys `ESC [ [ A`…`E`.
    private static func parseCSI(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 3 else { return nil }
        let third = bytes[start + 2]
        if third == UInt8(ascii: "M") {
            // X10/normal mouse encoding: three bytes of 32 + value follow.
            guard bytes.count >= 6 else { return nil }
            let code = Int(bytes[start + 3]) - 32
            let x = Int(bytes[start + 4]) - 32
            let y = Int(bytes[start + 5]) - 32
            guard code >= 0, x >= 1, y >= 1 else { return (.unknown("ESC [ M"), 6) }
            return (.mouse(MouseEvent(code: code, x: x, y: y, released: false)), 6)
        }
        if third == UInt8(ascii: "[") {
            // The Linux console's F1–F5.
            guard bytes.count >= 4 else { return nil }
            let letter = bytes[start + 3]
            guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else { return (.unknown("ESC [ ["), 3) }
            return (.function(Int(letter - UInt8(ascii: "A")) + 1), 4)
        }
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
            // rxvt ends its Shift-modified editing keys with `$` (`ESC [ 5 $`): a final byte there,
            // but not in a private answer such as DECRPM's `ESC [ ? 1016 ; 1 $ y`.
            if bytes[index] == UInt8(ascii: "$"), index > start + 2, bytes[start + 2] != UInt8(ascii: "?"),
                (0x30...0x39).contains(bytes[index - 1])
            {
                break
            }
            index += 1
            if index - start > maxSequenceLength {
                // Not a key any terminal sends: skipped, with the rest of it up to its final byte.
                return (overlongSequence, index - start)
            }
        }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let length = index - start + 1
        let isFinal = (0x40...0x7E).contains(final) || final == UInt8(ascii: "$")
        guard isFinal else {
            return (.unknown(String(decoding: bytes[start..<index + 1], as: UTF8.self)), length)
        }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        return (csiKey(final: final, parameters: parameters), length)
    }

    /// `ESC O …`: SS3, with an optional modifier number before the final letter (`ESC O 2 A`
    /// from some xterms); lower-case `a`–`d` are rxvt's Ctrl-arrows.
    private static func parseSS3(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, index - start < 6, (0x30...0x39).contains(bytes[index]) || bytes[index] == UInt8(ascii: ";") {
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let shift = modifiers(parameters) & 1 != 0
        let key: Key
        switch bytes[index] {
        case UInt8(ascii: "A"): key = shift ? .shiftUp : .up
        case UInt8(ascii: "B"): key = shift ? .shiftDown : .down
        case UInt8(ascii: "C"): key = shift ? .shiftRight : .right
        case UInt8(ascii: "D"): key = shift ? .shiftLeft : .left
        case UInt8(ascii: "a"): key = .up
        case UInt8(ascii: "b"): key = .down
        case UInt8(ascii: "c"): key = .right
        case UInt8(ascii: "d"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        case let other: key = .unknown("ESC O \(parameters)\(Character(Unicode.Scalar(other)))")
        }
        return (key, index - start + 1)
    }

    /// The modifier bits of a parameter list such as `1;2` (xterm: 1 + shift 1, alt 2, ctrl 4),
    /// or of a lone `2` (`ESC O 2 A`); 0 when there are none.
    private static func modifiers(_ parameters: String) -> Int {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        let text = fields.count >= 2 ? fields[1] : (fields.count == 1 && !parameters.isEmpty ? fields[0] : "")
        guard let value = Int(text.prefix(3)), value >= 1 else { return 0 }
        return value - 1
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key {
        if parameters.first == "<", final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return sgrMouse(parameters.dropFirst(), released: final == UInt8(ascii: "m"))
        }
        if let report = report(final: final, parameters: parameters) { return .report(report) }
        // "1;5" (Ctrl) and friends: the first number names the key, the rest are modifiers.
        let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        // Of the modifiers only Shift counts, and only on arrows (`ESC [ 1 ; 2 A`); Ctrl and Alt are ignored.
        let shift = parameters.contains(";") && modifiers(parameters) & 1 != 0
        switch final {
        case UInt8(ascii: "A"): return shift ? .shiftUp : .up
        case UInt8(ascii: "B"): return shift ? .shiftDown : .down
        case UInt8(ascii: "C"): return shift ? .shiftRight : .right
        case UInt8(ascii: "D"): return shift ? .shiftLeft : .left
        // rxvt's Shift-arrows.
        case UInt8(ascii: "a"): return .shiftUp
        case UInt8(ascii: "b"): return .shiftDown
        case UInt8(ascii: "c"): return .shiftRight
        case UInt8(ascii: "d"): return .shiftLeft
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .unknown("shift-tab")
        // `~` is the usual ending; rxvt ends Shift's with `$`, Ctrl's with `^`, both with `@`.
        case UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
            switch first {
            case "1", "7": return .home
            case "2": return .insert
            case "3": return .delete
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            case "11": return .function(1)
            case "12": return .function(2)
            case "13": return .function(3)
            case "14": return .function(4)
            case "15": return .function(5)
            case "17": return .function(6)
            case "18": return .function(7)
            case "19": return .function(8)
            case "20": return .function(9)
            case "21": return .function(10)
            case "23": return .function(11)
            case "24": return .function(12)
            default: return .unknown("CSI \(parameters)\(Character(Unicode.Scalar(final)))")
            }
        default:
            return .unknown("CSI \(parameters)\(Character(Unicode.Scalar(final)))")
        }
    }

    /// The terminal's answers: `? mode ; setting $ y` (DECRPM) and `6 ; height ; width t`.
    private static func report(final: UInt8, parameters: String) -> TerminalReport? {
        func numbers(_ text: Substring) -> [Int]? {
            let fields = text.split(separator: ";", omittingEmptySubsequences: false)
            let values = fields.compactMap { $0.count <= 5 ? Int($0) : nil }
            return values.count == fields.count ? values : nil
        }
        if final == UInt8(ascii: "y"), parameters.hasPrefix("?"), parameters.hasSuffix("$"),
            let values = numbers(parameters.dropFirst().dropLast()), values.count == 2
        {
            return .mode(values[0], setting: values[1])
        }
        if final == UInt8(ascii: "t"), let values = numbers(Substring(parameters)), values.count == 3, values[0] == 6,
            let size = CellPixels(width: values[2], height: values[1])
        {
            return .cellSize(size)
        }
        return nil
    }

    /// `ESC [ < b ; x ; y M` (press or drag) or `m` (release): SGR mouse reporting (mode 1006).
    private static func sgrMouse(_ parameters: Substring, released: Bool) -> Key {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        // At most 5 digits each: a screen is never 100,000 cells across.
        guard fields.count == 3, fields.allSatisfy({ (1...5).contains($0.count) }),
            let code = Int(fields[0]), let x = Int(fields[1]), let y = Int(fields[2]), x >= 1, y >= 1
        else { return .unknown("CSI <\(parameters)\(released ? "m" : "M")") }
        return .mouse(MouseEvent(code: code, x: x, y: y, released: released))
    }
}
