import LifeStore
import Protocol

/// `lifed --log-actions`: a line for every action the store runs, saying where it came from and
/// what became of it (the version after it, or its refusal), as store middleware.
///
///     action grid.step from client 3: version 12
///     action simulation.tick from an effect: no change (version 12)
///     action simulation.resetGridToRandom from client 4: refused (not-allowed: …)
public struct ActionLog: StoreMiddleware {
    public typealias State = AppState
    public typealias Action = AppAction

    private let write: (String) -> Void

    /// A log that hands each line to `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func didRun(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, outcome: Store<AppState, AppAction>.Outcome) {
        write(Self.line(action, origin: origin, outcome: outcome))
    }

    /// The line for one action.
    public static func line(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, outcome: Store<AppState, AppAction>.Outcome) -> String {
        let source = origin.isEffect ? "an effect" : origin.sender ?? "an unnamed sender"
        switch outcome {
        case .changed(let version): return "action \(action.typeName) from \(source): version \(version)"
        case .unchanged(let version): return "action \(action.typeName) from \(source): no change (version \(version))"
        case .refused(let error): return "action \(action.typeName) from \(source): refused (\(error.code.rawValue): \(error.message))"
        }
    }
}
