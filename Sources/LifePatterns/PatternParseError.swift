/// Why a pattern file could not be read, and where: 1-based line and column
/// (columns count Unicode scalars, so a tab or an accented letter is one column).
public struct PatternParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong, for a person.
    public var message: String

    /// Creates an error at `line`, `column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// Reads like "line 3, column 7: expected a run count, a cell or '!'".
    public var description: String { "line \(line), column \(column): \(message)" }
}
