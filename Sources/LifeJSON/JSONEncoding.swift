extension JSON {
    /// The compact UTF-8 JSON text of this value.
    ///
    /// Deterministic: object keys are written sorted by their UTF-8 bytes, so equal
    /// values (up to the spelling of numbers) encode to equal bytes. Strings escape
    /// `"`, `\` and control characters; other characters are written as raw UTF-8.
    /// Non-finite doubles, which JSON cannot express, are written as `null`.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(indent: nil)
        writer.output.reserveCapacity(estimatedEncodedSize())
        writer.write(self, level: 0)
        return writer.output
    }

    /// The compact JSON text of this value, as produced by ``encoded()``.
    public var text: String {
        String(decoding: encoded(), as: UTF8.self)
    }

    /// The JSON text of this value laid out over several lines, each nesting level
    /// indented by `indent` spaces (negative counts as zero). Keys are sorted as in
    /// ``encoded()``; empty arrays and objects are written `[]` and `{}`.
    public func prettyText(indent: Int = 2) -> String {
        var writer = JSONWriter(indent: max(0, indent))
        writer.output.reserveCapacity(estimatedEncodedSize() * 2)
        writer.write(self, level: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// A cheap estimate of the compact encoding's size, to size the output buffer once.
    func estimatedEncodedSize() -> Int {
        switch self {
        case .null, .bool: return 5
        case .int: return 20
        case .double: return 24
        case .string(let s): return s.utf8.count + 2
        case .array(let elements):
            var size = 2
            for element in elements { size += element.estimatedEncodedSize() + 1 }
            return size
        case .object(let members):
            var size = 2
            for (key, value) in members { size += key.utf8.count + 4 + value.estimatedEncodedSize() }
            return size
        }
    }
}

/// Whether `a` sorts before `b` by UTF-8 bytes (which is also Unicode scalar
/// order), the order the encoder writes object keys in.
func utf8Precedes(_ a: String, _ b: String) -> Bool {
    let fast = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y -> Bool in
            let common = min(x.count, y.count)
            var i = 0
            while i < common {
                if x[i] != y[i] { return x[i] < y[i] }
                i += 1
            }
            return x.count < y.count
        }
    }
    if let fast, let result = fast { return result }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
}

/// Eight-bytes-at-a-time tests on words of string content.
enum SWAR {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero iff some byte of `word` is below 0x20, a quote or a backslash:
    /// the bytes that JSON strings must escape.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        // (x - n*ones) & ~x & highBits is nonzero iff some byte is below n (n <= 0x80).
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highBits
    }

    /// Nonzero iff some byte of `word` needs attention inside a JSON string being
    /// parsed: those of ``specialBytes(_:)`` and any non-ASCII byte.
    @inline(__always)
    static func specialOrNonASCIIBytes(_ word: UInt64) -> UInt64 {
        specialBytes(word) | (word & highBits)
    }

    /// Whether the sixteen bytes at `offset` of `raw` are all plain ASCII (no control
    /// character, quote, backslash or byte of a multi-byte sequence): the parser's fast skip.
    @inline(__always)
    static func sixteenPlainASCII(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
        let first = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let second = raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
        return specialOrNonASCIIBytes(first) | specialOrNonASCIIBytes(second) == 0
    }
}

/// Appends JSON text to one growing byte buffer.
private struct JSONWriter {
    /// Spaces per level for pretty output; nil for compact output.
    let indent: Int?
    var output: [UInt8] = []

    init(indent: Int?) {
        self.indent = indent
    }

    mutating func write(_ value: JSON, level: Int) {
        switch value {
        case .null:
            appendASCII("null")
        case .bool(let b):
            appendASCII(b ? "true" : "false")
        case .int(let i):
            writeInt(i)
        case .double(let d):
            if d.isFinite {
                // Swift's description is the shortest round-tripping form and is
                // always valid JSON for finite values ("5.0", "1e+23", "-0.0").
                output.append(contentsOf: d.description.utf8)
            } else {
                appendASCII("null")
            }
        case .string(let s):
            writeString(s)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            if elements.isEmpty {
                output.append(UInt8(ascii: "]"))
                return
            }
            var first = true
            for element in elements {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                newline(level: level + 1)
                write(element, level: level + 1)
            }
            newline(level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            if members.isEmpty {
                output.append(UInt8(ascii: "}"))
                return
            }
            let sorted = members.sorted { utf8Precedes($0.key, $1.key) }
            var first = true
            for (key, member) in sorted {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                newline(level: level + 1)
                writeString(key)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                write(member, level: level + 1)
            }
            newline(level: level)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// In pretty mode: a line break and the indentation of `level`.
    mutating func newline(level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    mutating func appendASCII(_ s: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func writeInt(_ i: Int) {
        if i < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = i.magnitude
        // 20 digits hold UInt64.max.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = digits.count
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0 && position > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    mutating func writeString(_ s: String) {
        output.append(UInt8(ascii: "\""))
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
            writeEscaped(bytes)
        }
        if done == nil {
            ContiguousArray(s.utf8).withUnsafeBufferPointer { bytes in writeEscaped(bytes) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 string content, escaping what JSON requires. Unescaped runs
    /// are copied whole; sixteen bytes at a time are checked for anything to escape.
    mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var runStart = 0
        var i = 0
        while i < count {
            if i + 16 <= count {
                let first = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                if SWAR.specialBytes(first) | SWAR.specialBytes(second) == 0 {
                    i += 16
                    continue
                }
            }
            let c = bytes[i]
            if c >= 0x20 && c != 0x22 && c != 0x5C {
                i += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            output.append(UInt8(ascii: "\\"))
            switch c {
            case 0x22: output.append(UInt8(ascii: "\""))
            case 0x5C: output.append(UInt8(ascii: "\\"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(hexDigits.utf8Start[Int(c >> 4)])
                output.append(hexDigits.utf8Start[Int(c & 0xF)])
            }
            i += 1
            runStart = i
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }
}

extension Array where Element == PatchOperation {
    /// The compact JSON text of this patch, exactly `JSON.array(map(\.json)).encoded()`, written
    /// straight from the operations: no object per operation, no pointer strings. The daemon
    /// encodes a patch per change and subscription group, and for a 256 x 256 world ticking
    /// 100 times a second that was a fifth of its time.
    public func encodedJSON() -> [UInt8] {
        var writer = JSONWriter(indent: nil)
        var size = 2
        for operation in self { size += operation.estimatedEncodedSize }
        writer.output.reserveCapacity(size)
        var scratch: [UInt8] = []
        writer.output.append(UInt8(ascii: "["))
        for (index, operation) in enumerated() {
            if index > 0 { writer.output.append(UInt8(ascii: ",")) }
            operation.write(into: &writer, scratch: &scratch)
        }
        writer.output.append(UInt8(ascii: "]"))
        return writer.output
    }
}

extension PatchOperation {
    /// Members in the encoder's sorted order: from, op, path, value.
    fileprivate func write(into writer: inout JSONWriter, scratch: inout [UInt8]) {
        let name: StaticString
        var from: JSONPointer?
        let path: JSONPointer
        var value: JSON?
        switch self {
        case .add(let at, let new): (name, path, value) = ("add", at, new)
        case .remove(let at): (name, path) = ("remove", at)
        case .replace(let at, let new): (name, path, value) = ("replace", at, new)
        case .move(let source, let at): (name, from, path) = ("move", source, at)
        case .copy(let source, let at): (name, from, path) = ("copy", source, at)
        case .test(let at, let expected): (name, path, value) = ("test", at, expected)
        }
        writer.output.append(UInt8(ascii: "{"))
        if let from {
            writer.appendASCII(#""from":"#)
            from.write(into: &writer, scratch: &scratch)
            writer.output.append(UInt8(ascii: ","))
        }
        writer.appendASCII(#""op":""#)
        writer.appendASCII(name)
        writer.appendASCII(#"","path":"#)
        path.write(into: &writer, scratch: &scratch)
        if let value {
            writer.appendASCII(#","value":"#)
            writer.write(value, level: 0)
        }
        writer.output.append(UInt8(ascii: "}"))
    }

    /// A cheap estimate of the encoded size, to size the output once.
    fileprivate var estimatedEncodedSize: Int {
        switch self {
        case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
            return 40 + path.tokens.count * 12 + value.estimatedEncodedSize()
        case .remove(let path): return 40 + path.tokens.count * 12
        case .move(let from, let path), .copy(let from, let path): return 50 + (from.tokens.count + path.tokens.count) * 12
        }
    }
}

extension JSONPointer {
    /// Writes the pointer's text (`description`) as a JSON string, building it in `scratch`.
    fileprivate func write(into writer: inout JSONWriter, scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        appendText(to: &scratch)
        writer.output.append(UInt8(ascii: "\""))
        scratch.withUnsafeBufferPointer { writer.writeEscaped($0) }
        writer.output.append(UInt8(ascii: "\""))
    }
}
