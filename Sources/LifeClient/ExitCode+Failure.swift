import LifeSystem

extension ExitCode {
    /// The clients' status for a connection that failed: 1 when a daemon answered and said no
    /// (`forbidden`, `busy`, a frame it would not read) or the socket is served by a user the
    /// client does not trust; 3 when no daemon could be reached or it went away.
    public init(_ failure: Connection.Failure) {
        switch failure {
        case .refused, .untrustedServer: self = .failure
        case .unreachable, .closed, .protocolViolation, .system: self = .unreachable
        }
    }
}
