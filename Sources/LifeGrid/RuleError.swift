/// Why a rule text is not a rule lifed runs: it is not one Golly reads, it is of a family lifed
/// does not run, or its family's engine is not in yet.
public struct RuleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text that was read (as given).
    public var rule: String
    /// What is wrong with it, for a person.
    public var reason: String

    /// Creates an error about `rule`.
    public init(rule: String, reason: String) {
        self.rule = rule
        self.reason = reason
    }

    /// Reads like `rule "B03/S23": rules with B0 make …`; long rule texts are shortened.
    public var description: String {
        let shown = rule.count > 40 ? String(rule.prefix(40)) + "…" : rule
        return "rule \"\(shown)\": \(reason)"
    }
}
