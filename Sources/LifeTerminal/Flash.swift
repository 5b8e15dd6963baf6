/// A message shown for a short while: the daemon's reason for refusing a key, or a note.
public struct Flash: Hashable, Sendable {
    /// The words.
    public var text: String
    /// Whether it reports a refusal or failure (drawn in red) rather than a note.
    public var isError: Bool
    /// When it goes away (on the caller's monotonic clock).
    public var until: Duration

    /// How long an error shows.
    public static let errorDuration = Duration.seconds(3)
    /// How long a note shows.
    public static let noteDuration = Duration.seconds(2)

    /// A flash from `now`, for the usual duration of its kind.
    public init(_ text: String, isError: Bool, now: Duration) {
        self.text = text
        self.isError = isError
        self.until = now + (isError ? Self.errorDuration : Self.noteDuration)
    }

    /// Whether it still shows at `now`.
    public func isVisible(at now: Duration) -> Bool { now < until }
}
