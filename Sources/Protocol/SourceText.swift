/// A text as UTF-8 bytes split into lines, with positions for error messages.
struct SourceText {
    let bytes: [UInt8]
    /// Each line's bytes, without its `\n` or a `\r` before it.
    let lines: [Range<Int>]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == 0x0A {
                lines.append(start..<(index > start && bytes[index - 1] == 0x0D ? index - 1 : index))
                start = index + 1
            }
            index += 1
        }
        if start < count {
            lines.append(start..<(bytes[count - 1] == 0x0D ? count - 1 : count))
        }
        self.lines = lines
    }

    /// Space, tab or carriage return (line feeds end lines).
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The first index at or after `index` in `line` that is not a space.
    func skipSpaces(_ index: Int, in line: Range<Int>) -> Int {
        var index = index
        while index < line.upperBound && SourceText.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// The end of `line` without trailing spaces, but not before `start`.
    func trimmedEnd(of line: Range<Int>, from start: Int) -> Int {
        var end = line.upperBound
        while end > start && SourceText.isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// An error at byte `index` of line `line` (0-based).
    func error(line: Int, at index: Int, _ message: String) -> PatternParseError {
        guard line >= 0 && line < lines.count else { return PatternParseError(line: line + 1, column: 1, message: message) }
        let range = lines[line]
        var column = 1
        var i = range.lowerBound
        let end = min(max(index, range.lowerBound), range.upperBound)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return PatternParseError(line: line + 1, column: column, message: message)
    }

    /// An error just after the last character of the text.
    func errorAtEnd(_ message: String) -> PatternParseError {
        guard let last = lines.indices.last else { return PatternParseError(line: 1, column: 1, message: message) }
        return error(line: last, at: lines[last].upperBound, message)
    }

    /// An error at a byte offset into the whole text.
    func error(atOffset offset: Int, _ message: String) -> PatternParseError {
        let offset = min(max(offset, 0), bytes.count)
        // The line holding `offset`: the last line starting at or before it.
        var low = 0
        var high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return PatternParseError(line: 1, column: 1, message: message) }
        let line = low - 1
        if offset > lines[line].upperBound {
            // Inside the line break (or past the end): the start of the next line.
            return PatternParseError(line: line + 2, column: 1, message: message)
        }
        return error(line: line, at: offset, message)
    }

    /// A non-negative decimal number at `index`: nil when there is no digit there;
    /// otherwise its value (saturated at `cap + 1`, so any length of digits is safe)
    /// and the index after its last digit.
    func number(at index: Int, in line: Range<Int>, cap: Int) -> (value: Int, end: Int)? {
        var i = index
        var value = 0
        while i < line.upperBound, SourceText.isDigit(bytes[i]) {
            value = min(value * 10 + Int(bytes[i] - UInt8(ascii: "0")), cap + 1)
            i += 1
        }
        return i == index ? nil : (value, i)
    }

    /// A byte for a message.
    func describe(_ index: Int) -> String { Rule.describe(bytes[index]) }
}

/// Splits a possibly multi-line string into lines, so a writer never emits a stray line break.
func singleLines(_ text: String) -> [String] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        .map(String.init)
}

/// `text` on one line: line breaks become spaces.
func oneLine(_ text: String) -> String { singleLines(text).joined(separator: " ") }

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) ?? first
        return String(scalars[first...last])
    }
}
