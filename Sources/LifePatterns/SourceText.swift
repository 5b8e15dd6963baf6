import LifeGrid

/// A text's UTF-8 bytes, read in place, split into lines as a reader walks them, with
/// positions for error messages.
///
/// Nothing is copied or indexed up front (a 64 MB file is not held twice, nor its lines
/// listed): a reader walks ``lines`` once or twice, and only an error's position costs a scan.
struct SourceText {
    let bytes: UnsafeBufferPointer<UInt8>

    /// One line: its number (from 0) and its bytes, without its `\n` or a `\r` before it.
    struct Line {
        let number: Int
        let range: Range<Int>
        var lowerBound: Int { range.lowerBound }
        var upperBound: Int { range.upperBound }
    }

    /// Runs `body` on the bytes of `text` where the string keeps them (a copy only for a
    /// string that does not hold contiguous UTF-8).
    static func reading<T>(_ text: String, _ body: (SourceText) throws(PatternParseError) -> T) throws(PatternParseError) -> T {
        let inPlace = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PatternParseError) in try body(SourceText(bytes: buffer)) }
        }
        let result = inPlace ?? ContiguousArray(text.utf8).withUnsafeBufferPointer { buffer in
            Result { () throws(PatternParseError) in try body(SourceText(bytes: buffer)) }
        }
        return try result.get()
    }

    /// The lines, in order: each ends at a `\n` (a `\r` before it is not part of the line),
    /// and a last line without one counts when it is not empty.
    var lines: Lines { Lines(bytes: bytes) }

    /// The lines of a text, walked on demand.
    struct Lines: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var start = 0
        var number = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> Line? {
            let count = bytes.count
            guard start < count else { return nil }
            var index = start
            while index < count && bytes[index] != 0x0A { index += 1 }
            var end = index
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            let line = Line(number: number, range: start..<end)
            start = index + 1
            number += 1
            return line
        }
    }

    /// Whether the text has no line at all (it is empty).
    var isEmpty: Bool { bytes.isEmpty }

    /// Space, tab or carriage return (line feeds end lines).
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The first index at or after `index` in `line` that is not a space.
    func skipSpaces(_ index: Int, in line: Line) -> Int { skipSpaces(index, in: line.range) }

    /// The first index at or after `index` in `line` that is not a space.
    func skipSpaces(_ index: Int, in line: Range<Int>) -> Int {
        var index = index
        while index < line.upperBound && SourceText.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// Where the text of a `#X text` line starts: after the marker's two bytes at `start` and one
    /// space, if there is one, but not past `end`.
    func lineTextStart(afterMarkerAt start: Int, end: Int) -> Int {
        var textStart = start + 2
        if textStart < end && bytes[textStart] == 0x20 { textStart += 1 }
        return min(textStart, end)
    }

    /// The end of `line` without trailing spaces, but not before `start`.
    func trimmedEnd(of line: Line, from start: Int) -> Int {
        var end = line.upperBound
        while end > start && SourceText.isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// An error at byte `index` of `line` (clamped to the line): its column counts Unicode
    /// scalars from the line's start.
    func error(_ line: Line, at index: Int, _ message: String) -> PatternParseError {
        var column = 1
        var i = line.lowerBound
        let end = min(max(index, line.lowerBound), line.upperBound)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return PatternParseError(line: line.number + 1, column: column, message: message)
    }

    /// An error just after the last character of the text.
    func errorAtEnd(_ message: String) -> PatternParseError {
        var last: Line?
        for line in lines { last = line }
        guard let last else { return PatternParseError(line: 1, column: 1, message: message) }
        return error(last, at: last.upperBound, message)
    }

    /// An error at a byte offset into the whole text.
    func error(atOffset offset: Int, _ message: String) -> PatternParseError {
        let offset = min(max(offset, 0), bytes.count)
        // The line holding `offset`: the last line starting at or before it.
        var holding: Line?
        for line in lines {
            guard line.lowerBound <= offset else { break }
            holding = line
        }
        guard let line = holding else { return PatternParseError(line: 1, column: 1, message: message) }
        if offset > line.upperBound {
            // Inside the line break (or past the end): the start of the next line.
            return PatternParseError(line: line.number + 2, column: 1, message: message)
        }
        return error(line, at: offset, message)
    }

    /// A non-negative decimal number at `index`: nil when there is no digit there;
    /// otherwise its value (saturated at `cap + 1`, so any length of digits is safe)
    /// and the index after its last digit.
    func number(at index: Int, in line: Line, cap: Int) -> (value: Int, end: Int)? {
        number(at: index, in: line.range, cap: cap)
    }

    /// A non-negative decimal number at `index` in `line` (see the other `number`).
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

extension Pattern {
    /// A description line of a plaintext or Life 1.0x file: the first `Name: X` names the
    /// pattern, anything else is a comment.
    mutating func addDescription(_ text: String) {
        if name == nil, text.hasPrefix("Name:") {
            name = String(text.dropFirst(5)).trimmingSpaces
        } else {
            comments.append(text)
        }
    }
}
