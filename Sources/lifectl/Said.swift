import Protocol

/// What a person asked lifectl for, in their words: the command they typed, and for each member
/// of the request lifectl sent, the name they know it by and what they typed for it. lifectl
/// says the daemon's errors with it (``ErrorWords``).
struct Said: Sendable {
    /// How a person wrote one member of the request: `interval` and `5ms` for `/action/intervalMs`.
    struct Typed: Equatable, Sendable {
        /// The setting, option or argument as lifectl names it: `interval`, `size`, `--resize`, `NAME`.
        var name: String
        /// What was typed for it (empty for a flag).
        var text: String
    }

    /// The command, without its arguments: `stop`, `set`, `configs load`.
    var command: String
    /// The members the person gave, by their JSON Pointer in the request (`/action/intervalMs`,
    /// `/path`), as the error's `field` names them.
    var typed: [String: Typed] = [:]
    /// The action sent, when it is one lifectl knows (``Session/dispatch(_:said:done:)`` fills it in):
    /// its declaration (``ActionType/spec``) words some refusals.
    var action: ActionType?

    init(_ command: String, typed: [String: Typed] = [:], action: ActionType? = nil) {
        self.command = command
        self.typed = typed
        self.action = action
    }

    /// The same, with `member` of the action (`intervalMs`, `display/title`) typed as `name` = `text`.
    func with(action member: String, _ name: String, _ text: String = "") -> Said {
        with(pointer: "/action/" + member, name, text)
    }

    /// The same, with the request's member at `pointer` typed as `name` = `text`.
    func with(pointer: String, _ name: String, _ text: String = "") -> Said {
        var copy = self
        copy.typed[pointer] = Typed(name: name, text: text)
        return copy
    }
}
