import LifeJSON

/// The members of an error reply a program reads, beside its `code`: which member of the request
/// the error is about, and why the state refused. Clients use them to say the error in their own
/// words (a `message` is English for people, not to be parsed).
///
/// Both are kept as the wire gives them, so that a client keeps values it does not know.
public struct ErrorDetails: Equatable, Sendable {
    /// `field`: a JSON Pointer (RFC 6901) into the request the error answers, to the member it is
    /// about (`/action/intervalMs`, `/viewport/rows`, `/path`); nil when it is about no one member.
    public var field: String?
    /// `refused`: why the state refused the action (a ``Refusal`` raw value, such as
    /// `timerRunning`); nil unless the code is `not-allowed`.
    public var refused: String?

    public init(field: String? = nil, refused: String? = nil) {
        self.field = field
        self.refused = refused
    }

    /// No details: an error about no one member, and no refusal.
    public static let none = ErrorDetails()

    /// The details of a daemon-side error.
    public init(_ error: ProtocolError) {
        self.init(field: error.field?.description, refused: error.refused?.rawValue)
    }

    /// The refusal, when it is one this module knows.
    public var refusal: Refusal? { refused.flatMap(Refusal.init(rawValue:)) }

    /// The field as a pointer, when it is a valid one.
    public var fieldPointer: JSONPointer? { field.flatMap { try? JSONPointer(parsing: $0) } }
}
