import LifeGrid
import LifeJSON

/// The course's JSON: `[{"title": "Glider", "contents": [[0, 1], [1, 2], …]}, …]` (or one
/// such object; an entry may give `rle` instead of `contents`); reading gives the first
/// configuration, keeping its cells where they are.
///
/// The text is read in place, twice, and never built into a JSON value: first it is checked
/// as JSON (exactly as ``JSON/init(parsing:maxDepth:)-(String,_)`` would, so a syntax error
/// anywhere reads the same), then walked an element and a pair at a time, the first
/// element's cells going straight into a plane. Every element is checked as an entry of a
/// list of configurations is.
enum JSONPatternFormat {
    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        try SourceText.reading(text) { source throws(PatternParseError) in
            do throws(JSONParseError) {
                try JSON.validate(source.bytes)
            } catch {
                throw source.error(atOffset: error.offset, "invalid JSON: \(error.message)")
            }
            do throws(ConfigurationError) {
                var reader = CourseJSONReader(bytes: source.bytes)
                return try reader.firstPattern()
            } catch {
                // The message names the element and the field; positions are not kept.
                throw PatternParseError(line: 1, column: 1, message: error.description)
            }
        }
    }

    static func write(_ pattern: Pattern) -> String {
        let title = JSON.string(pattern.name ?? "").text
        var out = "[\n  {\"title\": \(title), \"contents\": ["
        var lineLength = 0
        var first = true
        // Cell by cell from the plane: no list of the cells is made.
        pattern.forEachLiveCell { row, col in
            let cell = "[\(row), \(col)]"
            if !first { out += "," }
            if first || lineLength + cell.utf8.count > 70 {
                out += "\n    "
                lineLength = 0
            } else {
                out += " "
            }
            first = false
            out += cell
            lineLength += cell.utf8.count + 2
        }
        out += first ? "]}\n]\n" : "\n  ]}\n]\n"
        return out
    }
}

/// Walks a valid JSON text of the course's format (checked by `JSON.validate` first).
private struct CourseJSONReader {
    var parser: JSONByteParser
    var bytes: UnsafeBufferPointer<UInt8> { parser.bytes }

    init(bytes: UnsafeBufferPointer<UInt8>) { parser = JSONByteParser(bytes: bytes, maxDepth: 512) }

    /// The byte at the parser, after whitespace; 0 at the end (which a valid text never reaches here).
    mutating func next() -> UInt8 {
        parser.skipWhitespace()
        return parser.index < bytes.count ? bytes[parser.index] : 0
    }

    /// A failure of the walk itself, which a valid text cannot cause.
    func broken(_ error: JSONParseError) -> ConfigurationError {
        ConfigurationError(index: nil, message: "invalid JSON at byte \(error.offset): \(error.message)")
    }

    /// The value at the parser, which is left after it.
    mutating func value() throws(ConfigurationError) -> JSON {
        do { return try parser.parseValue(toEndOfInput: false) } catch { throw broken(error) }
    }

    /// Steps over the value at the parser without building it.
    mutating func skipValue() throws(ConfigurationError) {
        parser.discardsValues = true
        defer { parser.discardsValues = false }
        do { _ = try parser.parseValue(toEndOfInput: false) } catch { throw broken(error) }
    }

    /// The JSON type of the value at `index`, by its first byte.
    func typeName(at index: Int) -> String {
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSON.object([:]).typeName
        case UInt8(ascii: "["): return JSON.array([]).typeName
        case UInt8(ascii: "\""): return JSON.string("").typeName
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return JSON.bool(true).typeName
        case UInt8(ascii: "n"): return JSON.null.typeName
        default: return JSON.int(0).typeName
        }
    }

    /// The first configuration's pattern, every element checked.
    mutating func firstPattern() throws(ConfigurationError) -> Pattern {
        let top = next()
        if top == UInt8(ascii: "{") { return try element(index: nil, keep: true) ?? Pattern() }
        guard top == UInt8(ascii: "[") else {
            throw ConfigurationError(
                index: nil, message: "expected an array of {\"title\", \"contents\"} objects, not \(typeName(at: parser.index))")
        }
        parser.index += 1
        guard next() != UInt8(ascii: "]") else {
            throw ConfigurationError(index: nil, message: "the array holds no configuration")
        }
        var first: Pattern?
        var position = 0
        while true {
            _ = next()
            let pattern = try element(index: position, keep: position == 0)
            if position == 0 { first = pattern }
            position += 1
            guard next() == UInt8(ascii: ",") else { break }
            parser.index += 1
        }
        return first ?? Pattern()
    }

    /// Checks the element at the parser, as ``Configuration/init(decoding:index:)`` checks a
    /// course entry, and leaves the parser after it; its pattern when `keep`.
    mutating func element(index: Int?, keep: Bool) throws(ConfigurationError) -> Pattern? {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(index: index, message: message) }
        let start = parser.index
        guard bytes[start] == UInt8(ascii: "{") else {
            let type = typeName(at: start)
            throw fail("must be an object with \"title\" and \"contents\", not \(type)")
        }
        // Where the members' values start (the last of a repeated key wins), then the end.
        var titleAt: Int?
        var contentsAt: Int?
        var rleAt: Int?
        parser.index += 1
        if next() != UInt8(ascii: "}") {
            while true {
                _ = next()
                let key: String
                do { key = try parser.parseString() } catch { throw broken(error) }
                _ = next()
                parser.index += 1  // the ':'
                _ = next()
                switch key {
                case "title": titleAt = parser.index
                case "contents": contentsAt = parser.index
                case "rle": rleAt = parser.index
                default: break
                }
                try skipValue()
                guard next() == UInt8(ascii: ",") else { break }
                parser.index += 1
            }
        }
        parser.index += 1  // the '}'
        let end = parser.index

        guard let titleAt else { throw fail("\"title\" is required: a string") }
        guard bytes[titleAt] == UInt8(ascii: "\"") else { throw fail("\"title\" must be a string, not \(typeName(at: titleAt))") }
        parser.index = titleAt
        let title = try value().stringValue ?? ""
        if let rleAt {
            // An entry with its pattern in RLE, as lists may give it too.
            guard contentsAt == nil else { throw fail("give either \"rle\" or \"contents\", not both") }
            parser.index = rleAt
            guard let rle = try value().stringValue else { throw fail("\"rle\" must be a string, not \(typeName(at: rleAt))") }
            let configuration: Configuration
            do {
                configuration = try Configuration(title: title, rle: rle)
            } catch {
                throw ConfigurationError(index: index, message: error.message, exceedsLimit: error.exceedsLimit)
            }
            parser.index = end
            return keep ? try Pattern(configuration: configuration) : nil
        }
        guard let contentsAt else {
            throw fail("\"contents\" is required: an array of [row, col] pairs (or \"rle\", the pattern in RLE)")
        }
        guard bytes[contentsAt] == UInt8(ascii: "[") else {
            throw fail("\"contents\" must be an array of [row, col] pairs, not \(typeName(at: contentsAt))")
        }
        // One pass: the pairs are checked and, when kept, set in a plane of the largest size
        // (2 MB), cut to the furthest cell's rectangle at the end.
        var check = ContentsCheck()
        var plane = BitPlane(rows: keep ? Pattern.maxSide : 0, cols: keep ? Pattern.maxSide : 0)
        parser.index = contentsAt
        try forEachPair { pair in
            check.add(pair)
            if keep, let (row, col) = pair, row >= 0, col >= 0, row < Pattern.maxSide, col < Pattern.maxSide { plane[row, col] = true }
        }
        if let failure = check.failure { throw fail(failure) }
        parser.index = end
        guard keep else { return nil }
        return Pattern(cells: plane.cropped(to: CellRect(row: 0, col: 0, rows: check.rows, cols: check.cols)), name: title.isEmpty ? nil : title)
    }

    /// Calls `body` with each element of the array at the parser: its two integers when it is
    /// `[row, col]`, else nil. A pair is read without building its value.
    mutating func forEachPair(_ body: ((row: Int, col: Int)?) -> Void) throws(ConfigurationError) {
        parser.index += 1  // the '['
        guard next() != UInt8(ascii: "]") else {
            parser.index += 1
            return
        }
        while true {
            let start = parser.index
            var pair: (row: Int, col: Int)?
            var read = false
            if next() == UInt8(ascii: "["), let (row, col) = try twoNumbers() {
                read = true
                if let row = row.intValue, let col = col.intValue { pair = (row, col) }
            }
            if !read {
                parser.index = start
                _ = next()
                try skipValue()
            }
            body(pair)
            guard next() == UInt8(ascii: ",") else { break }
            parser.index += 1
            _ = next()
        }
        parser.index += 1  // the ']'
    }

    /// `[number, number]` at the parser (its '['): the two numbers, the parser after the ']';
    /// nil when the array holds anything else.
    mutating func twoNumbers() throws(ConfigurationError) -> (JSON, JSON)? {
        func isNumberStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || SourceText.isDigit(byte) }
        parser.index += 1
        guard isNumberStart(next()) else { return nil }
        let first = try number()
        guard next() == UInt8(ascii: ",") else { return nil }
        parser.index += 1
        guard isNumberStart(next()) else { return nil }
        let second = try number()
        guard next() == UInt8(ascii: "]") else { return nil }
        parser.index += 1
        return (first, second)
    }

    /// The number at the parser, which is left after it: a plain integer of at most 18 digits
    /// is read here, anything else (a sign, a fraction, an exponent, more digits) by the parser,
    /// so that every number means what it means in a parsed value.
    mutating func number() throws(ConfigurationError) -> JSON {
        var index = parser.index
        var value = 0
        while index < bytes.count, index - parser.index < 18, SourceText.isDigit(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let plain = index > parser.index
            && (index == bytes.count
                || !(SourceText.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e")))
        guard plain else { return try self.value() }
        parser.index = index
        return .int(value)
    }
}
