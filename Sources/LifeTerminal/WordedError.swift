/// Why an answer or a request could not be used, in words for the message line.
public struct WordedError: Error, Hashable, Sendable {
    /// The words.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
}
