import LifeJSON

/// What one action is, declared once (``ActionType/spec``): how its parameters are read from
/// and written to JSON, and what the state must be for it to run. Everything else reads it: the
/// codec (``AppAction/init(json:)``, ``AppAction/json``), the store's one guard
/// (``ActionType/refusal(timerRuns:jump:)``), the clients' key bars and words, and the docs' table.
public struct ActionSpec: Sendable {
    /// What the state must be for the action to run.
    public let requires: Preconditions
    /// For the timer's own actions, how a refusal about the timer says it ("the timer is already
    /// running") in place of "NAME is not allowed while the timer runs".
    public let timerWords: String?
    /// How the action's parameters are read and written.
    let codec: Codec

    /// Reads an action's parameters (`type` is the action's own name, for declarations shared by several).
    typealias Decode = @Sendable (_ type: ActionType, _ fields: JSONFields) throws(ProtocolError) -> AppAction
    /// Writes an action's parameters: the members beside `type`.
    typealias Encode = @Sendable (_ action: AppAction) -> [String: JSON]

    /// How an action's parameters are read and written.
    enum Codec: Sendable {
        /// No parameters: the action is always this one.
        case plain(AppAction)
        /// Parameters, read and written by the declaration's own functions.
        case parameters(decode: Decode, encode: Encode)
        /// Only the daemon makes it: no client may send it (the journal keeps it in its own form).
        case `internal`
    }

    init(requires: Preconditions = [], timerWords: String? = nil, codec: Codec) {
        self.requires = requires
        self.timerWords = timerWords
        self.codec = codec
    }

    init(requires: Preconditions = [], timerWords: String? = nil, decode: @escaping Decode, encode: @escaping Encode) {
        self.init(requires: requires, timerWords: timerWords, codec: .parameters(decode: decode, encode: encode))
    }

    /// Whether only the daemon makes this action.
    public var isInternal: Bool {
        if case .internal = codec { return true }
        return false
    }

    /// Whether the state allows the action now, as far as the timer and a jump go (the
    /// preconditions that depend on its parameters aside): what a key bar dims.
    public func allows(timerRuns: Bool, jumping: Bool) -> Bool {
        !(timerRuns && requires.contains(.timerStopped)) && !(!timerRuns && requires.contains(.timerRunning))
            && !(jumping && requires.contains(.noJump))
    }
}

/// What the state must be for an action to run. The app reducer checks those about the timer and
/// a jump for every action before any other reducer sees it; the others depend on the action's
/// parameters and are checked where they are known (named below).
public struct Preconditions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Refused while the timer runs (`not-allowed`, `refused: timerRunning`).
    public static let timerStopped = Preconditions(rawValue: 1 << 0)
    /// Refused while the timer is stopped (`not-allowed`, `refused: timerStopped`).
    public static let timerRunning = Preconditions(rawValue: 1 << 1)
    /// Refused while a jump runs (`not-allowed`, `refused: jumpRunning`), with how far it has got.
    public static let noJump = Preconditions(rawValue: 1 << 2)
    /// Its cells must lie inside the grid (`invalid-argument`, nothing changed): checked when the
    /// edit is applied, as the grid may change between the reading and the applying.
    public static let insideGrid = Preconditions(rawValue: 1 << 3)
    /// When it would start a jump, refused while the timer runs (`timerRunning`): the jump reducer
    /// checks it, as that depends on its generations and the grid's size.
    public static let timerStoppedToJump = Preconditions(rawValue: 1 << 4)
    /// When it would change the world's fields (`rows`, `cols`, `topology`, `rule`), refused while
    /// the timer runs or a jump runs (`timerRunning`, `jumpRunning`): the settings reducer checks it.
    public static let worldFieldsIdle = Preconditions(rawValue: 1 << 5)
}

extension ActionType {
    /// The action's preconditions (``ActionSpec/requires``), read from a table made once from the
    /// declarations: the store's guard asks on every action, and building the whole declaration
    /// (its codec's functions with it) each time cost a dispatch about 400 instructions.
    public var requires: Preconditions {
        // `==` on an ActionType compares its case, so this search costs a few instructions a
        // case; hashing one would hash its name.
        guard let index = Self.declarationOrder.firstIndex(of: self) else { return spec.requires }
        return Self.requirementsInDeclarationOrder[index]
    }

    private static let declarationOrder = allCases
    private static let requirementsInDeclarationOrder = allCases.map(\.spec.requires)

    /// Why the state refuses this action now, with the timer running or not and `jump` in flight
    /// (nil when none): nil when its preconditions about the timer and a jump hold. The timer is
    /// checked before a jump.
    public func refusal(timerRuns: Bool, jump: Jump?) -> ProtocolError? {
        let requires = requires
        if timerRuns, requires.contains(.timerStopped) {
            let words = spec.timerWords ?? "\(rawValue) is not allowed while the timer runs"
            return ProtocolError(.notAllowed, "\(words); send simulation.stopTimer first", refused: .timerRunning)
        }
        if !timerRuns, requires.contains(.timerRunning) {
            let words = spec.timerWords ?? "\(rawValue) is not allowed while the timer is stopped"
            return ProtocolError(.notAllowed, "\(words); send simulation.startTimer to start it", refused: .timerStopped)
        }
        if let jump, requires.contains(.noJump) {
            return ProtocolError(
                .notAllowed,
                "\(rawValue) is not allowed while \(jump.runningWords); wait for it to end, or send grid.cancelJump",
                refused: .jumpRunning)
        }
        return nil
    }
}

extension AppAction {
    /// The action as the wire carries it: its `type` and the members its declaration writes. A
    /// `simulation.setGrid` whose cells are only alive or empty is written with `rle` (the grid's
    /// own size in the header, so it reads back as the same grid), any other with `rows`, `cols`
    /// and `cells`.
    public var json: JSON {
        var members: [String: JSON]
        switch type.spec.codec {
        case .parameters(_, let encode): members = encode(self)
        case .plain, .internal: members = [:]
        }
        members["type"] = .string(typeName)
        return .object(members)
    }

    /// Reads an action object. An unknown `type` is `unknown-action`; a malformed
    /// object or parameter is `invalid-argument` (or `bad-message` when `type` is not a string).
    public init(json: JSON) throws(ProtocolError) {
        let header = try JSONFields(json, at: "action", code: .badMessage)
        guard let typeText = try header.required("type").stringValue else {
            throw ProtocolError(.badMessage, "action.type must be a string", member: "type")
        }
        if let type = ActionType(rawValue: typeText) {
            // Parameters are named bare in messages ("rows must be ..."): they stand beside `type`.
            switch type.spec.codec {
            case .plain(let action):
                try JSONFields(json, at: "").only([])
                self = action
                return
            case .parameters(let decode, _):
                self = try decode(type, try JSONFields(json, at: ""))
                return
            case .internal:
                break
            }
        }
        throw ProtocolError(
            .unknownAction,
            "no action is called \(JSON.string(typeText).preview); known actions: \(Self.allTypeNames.joined(separator: ", "))",
            member: "type")
    }
}
