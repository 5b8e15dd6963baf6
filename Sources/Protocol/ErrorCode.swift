import LifeJSON

/// The error codes of the wire protocol. Each reply of type `error` carries one.
///
/// Of the errors a request can cause, only the framing errors (``badFrame``, ``frameTooLarge``)
/// close the connection; ``forbidden`` and ``busy`` are sent on connect, and close it too.
public enum ErrorCode: String, Sendable, CaseIterable, Codable {
    /// A frame whose length is 0.
    case badFrame = "bad-frame"
    /// A frame longer than the server's limit (`lifed --max-frame`).
    case frameTooLarge = "frame-too-large"
    /// The frame is not valid UTF-8 JSON.
    case badJSON = "bad-json"
    /// The JSON is not a request object: `type` missing, or a field of the wrong type.
    case badMessage = "bad-message"
    /// The request `type` is not one the server knows.
    case unknownMessage = "unknown-message"
    /// The action `type` is not one the store knows.
    case unknownAction = "unknown-action"
    /// An action parameter is missing, malformed or out of range.
    case invalidArgument = "invalid-argument"
    /// The store refuses the action in the current state (for example, a reset while the timer runs).
    case notAllowed = "not-allowed"
    /// The JSON Pointer names nothing in the state.
    case noSuchPath = "no-such-path"
    /// The peer's credentials do not allow it to connect.
    case forbidden = "forbidden"
    /// The server is serving as many clients as it may.
    case busy = "busy"
    /// A limit the server documents (subscriptions per connection, the size of the
    /// configurations, ...) would be exceeded; the message names it.
    case limitExceeded = "limit-exceeded"
    /// The change could not be saved (a full disk, an I/O error, no free file descriptors), so it
    /// was not made: the daemon keeps the state it last saved and refuses changes until it can
    /// save again. The message gives the reason. Reads and subscriptions keep working.
    case storageFailed = "storage-failed"
    /// Something went wrong inside the server; the request had no effect.
    case internalError = "internal"

    /// Whether the server closes the connection after sending this error.
    public var closesConnection: Bool {
        switch self {
        case .badFrame, .frameTooLarge, .forbidden, .busy: return true
        default: return false
        }
    }
}

/// A refusal: an error code and a message a person can act on, and, for clients that say it in
/// their own words, the field it is about and why the state refused.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    /// The member the error is about, as a JSON Pointer from the object that was read: an action's
    /// errors point into the action (`/intervalMs`) until lifed places them in the request
    /// (``nested(in:)``: `/action/intervalMs`). On the wire, `field`. Nil when the error is about
    /// no one member (a frame, the whole request, a limit of the daemon).
    public var field: JSONPointer?
    /// Why the state refused the action (`not-allowed`). On the wire, `refused`.
    public var refused: Refusal?

    public init(_ code: ErrorCode, _ message: String, field: JSONPointer? = nil, refused: Refusal? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.refused = refused
    }

    /// An error about the member `key` of the object read (a field one level deep).
    public init(_ code: ErrorCode, _ message: String, member key: String, refused: Refusal? = nil) {
        self.init(code, message, field: JSONPointer(tokens: [key]), refused: refused)
    }

    /// The same error, its field seen from the object that holds what was read under `token`:
    /// `/intervalMs` of an action becomes `/action/intervalMs` of the request.
    public func nested(in token: String) -> ProtocolError {
        var copy = self
        copy.field = field.map { JSONPointer(tokens: [token] + $0.tokens) }
        return copy
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// Why the state refuses an action now (the `refused` member of a `not-allowed` error), so that a
/// client can say what to do about it in its own words.
public enum Refusal: String, Sendable, CaseIterable {
    /// The timer runs, and the action needs it stopped (or starts it).
    case timerRunning
    /// The timer is stopped, and the action needs it running (`simulation.stopTimer`).
    case timerStopped
    /// A jump runs in the background, and the action would change the grid or start another.
    case jumpRunning
    /// `history.undo` with no change left to undo.
    case nothingToUndo
    /// `history.redo` with no undone change to redo.
    case nothingToRedo
    /// `history.rewind` with no run of the timer, step or jump in the history to go back before.
    case nothingToRewind
}
