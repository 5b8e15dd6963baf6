/// A line of input on the message line: `g` asks where to go, `/` what to find among the
/// configurations, `w` the world's new size. Printable characters type, Backspace deletes, Enter answers, Escape cancels.
public struct Prompt: Hashable, Sendable {
    /// What the answer is for.
    public enum Purpose: Hashable, Sendable {
        /// A cell to go to, `ROW,COL`.
        case goTo
        /// Part of a configuration's title; `restore` is the selection to put back on Escape.
        case find(restore: Int?)
        /// The world's new size, `ROWSxCOLS`.
        case resize
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
        case .resize: return "world size rowsxcols: "
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
