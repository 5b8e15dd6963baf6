/// A line of input on the message line: `g` asks where to go, `/` what to find among the
/// configurations. Printable characters type, Backspace deletes, Enter answers, Escape cancels.
public struct Prompt: Hashable, Sendable {
    /// What the answer is for.
    public enum Purpose: Hashable, Sendable {
        /// A cell to go to, `ROW,COL`.
        case goTo
        /// Part of a configuration's title; `restore` is the selection to put back on Escape.
        case find(restore: Int?)
    }

    /// What the answer is for.
    public var purpose: Purpose
    /// What has been typed.
    public var text: String

    /// The most characters a prompt takes.
    public static let maxLength = 60

    /// An empty prompt for `purpose`.
    public init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
    }

    /// The words before the typed text.
    public var label: String {
        switch purpose {
        case .goTo: return "go to row,col: "
        case .find: return "find configuration: "
        }
    }

    /// Adds a typed character (printable ones only, up to ``maxLength``); false when it was not taken.
    public mutating func type(_ character: Character) -> Bool {
        guard text.count < Self.maxLength, TextWidth.of(character) > 0 else { return false }
        text.append(character)
        return true
    }

    /// Deletes the last character; false when there was none.
    public mutating func deleteBackward() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }
}

/// Reads a go-to prompt's answer: a row and a column counted from 1, as the view's hints
/// count them (`120,340`, `120 340` or `120, 340`).
public enum GoToInput {
    /// The cell (counted from 0, as the grid is) for `text` on a `rows` x `cols` grid, or why not.
    public static func parse(_ text: String, rows: Int, cols: Int) -> Result<(row: Int, col: Int), WordedError> {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) }),
            let row = Int(parts[0]), let col = Int(parts[1])
        else {
            return .failure(WordedError("go to needs a row and a column such as 120,340 (rows 1–\(rows), columns 1–\(cols))"))
        }
        guard (1...max(1, rows)).contains(row) else {
            return .failure(WordedError("row \(row) is outside the grid: its rows are 1–\(rows)"))
        }
        guard (1...max(1, cols)).contains(col) else {
            return .failure(WordedError("column \(col) is outside the grid: its columns are 1–\(cols)"))
        }
        return .success((row - 1, col - 1))
    }
}

/// Why an answer or a request could not be used, in words for the message line.
public struct WordedError: Error, Hashable, Sendable {
    /// The words.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
}

/// Finds configurations by part of their title, ignoring case.
public enum ConfigurationSearch {
    /// The indexes of the titles that contain `query` (all of them for an empty query), in order.
    public static func matches(_ query: String, in titles: [String]) -> [Int] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return Array(titles.indices) }
        return titles.indices.filter { titles[$0].lowercased().contains(needle) }
    }

    /// The first match after `index` (`forward`) or before it, wrapping around; the first
    /// (or last) match when `index` is nil; nil when nothing matches.
    public static func next(_ query: String, in titles: [String], after index: Int?, forward: Bool = true) -> Int? {
        let found = matches(query, in: titles)
        guard !found.isEmpty else { return nil }
        guard let index else { return forward ? found.first : found.last }
        if forward {
            return found.first { $0 > index } ?? found.first
        }
        return found.last { $0 < index } ?? found.last
    }
}
