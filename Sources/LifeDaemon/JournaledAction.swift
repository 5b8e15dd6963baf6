import LifeJSON
import LifePatterns
import Protocol

/// One change as lifed's journal keeps it: the action that made it, and what a replay of the
/// action needs that the action itself does not carry, so that replaying the journal onto the
/// last snapshot rebuilds exactly the state that was acknowledged.
///
/// The payload is JSON: `{"action": {...}, "random": "N", "defaults": {...}, "jumpStarted": MS,
/// "by": {"uid", "pid", "name"}, "at": MS}` (who sent the action and when, when the history
/// recorded them),
/// the action in its wire form (``AppAction/json``) or, for the actions only the daemon makes:
/// the outcome of a fetch, `{"type": "configurations.fetchResponse", "configs": [...]}` (each
/// configuration as ``Configuration/storageJSON`` writes it: `{"title", "rle"}`) or
/// `{..., "error": TEXT}`; a jump's progress, `{"type": "grid.jumpProgress", "target": N,
/// "done": D, "started": MS}` (a few dozen bytes); and a jump's end, which carries what the jump
/// computed so that a replay installs it rather than compute 10^9 generations again:
/// `{"type": "grid.jumpFinished", "target": N, "started": MS, "grid": {"rows": R, "cols": C,
/// "planes": BASE64}, "statistics": {...}, "status": S, "period": P, "fingerprints": ["N", ...]}`
/// (the planes as ``GridPlanesCoding`` writes them; the statistics the jump added; the settling
/// history after it).
public struct JournaledAction: Equatable, Sendable {
    public var action: AppAction
    /// The random generator's state before the action, when the action drew on it (a random grid).
    public var randomState: UInt64?
    /// The settings `settings.reset` put back: lifed's start-up flags may differ when it is replayed.
    public var defaults: Settings?
    /// The wall clock the action read, when it started a jump (`/simulation/jump/started`).
    public var jumpStarted: Int?
    /// Who sent the action and when, when the history recorded them in an entry (`"by"`, `"at"`).
    public var author: Author?
    public var time: Int?

    public init(
        action: AppAction, randomState: UInt64? = nil, defaults: Settings? = nil, jumpStarted: Int? = nil, author: Author? = nil,
        time: Int? = nil
    ) {
        self.action = action
        self.randomState = randomState
        self.defaults = defaults
        self.jumpStarted = jumpStarted
        self.author = author
        self.time = time
    }

    /// The record's bytes.
    public var payload: [UInt8] {
        var members: [String: JSON] = ["action": Self.json(of: action)]
        if let randomState { members["random"] = .string(String(randomState)) }
        if let defaults { members["defaults"] = defaults.json }
        if let jumpStarted { members["jumpStarted"] = .int(jumpStarted) }
        if let author { members["by"] = author.json }
        if let time { members["at"] = .int(time) }
        return JSON.object(members).encoded()
    }

    /// Reads a record's bytes.
    public init(payload: [UInt8]) throws(ProtocolError) {
        let json: JSON
        do {
            json = try JSON(parsing: payload)
        } catch {
            throw ProtocolError(.invalidArgument, "a journal record is not JSON: \(error)")
        }
        let fields = try JSONFields(json, at: "record")
        try fields.rejectUnknown(["action", "random", "defaults", "jumpStarted", "by", "at"])
        action = try Self.action(from: try fields.required("action"))
        if let text = try fields.optionalString("random") {
            guard let state = UInt64(text) else { throw ProtocolError(.invalidArgument, "record.random must be a decimal UInt64, not \(text)") }
            randomState = state
        }
        defaults = try fields.members["defaults"].map { (value: JSON) throws(ProtocolError) -> Settings in try Settings(json: value) }
        jumpStarted = try fields.optionalInt("jumpStarted", in: 0...Int.max)
        author = try Author(optionalJSON: fields.members["by"])
        time = try fields.optionalInt("at", in: 0...Int.max)
    }

    private static func json(of action: AppAction) -> JSON {
        switch action {
        case .configurations(.fetchResponse(.success(let configs))):
            // As a state file keeps them (their patterns as RLE), not as the wire shows them.
            return ["type": .string(action.typeName), "configs": Configuration.storageJSON(configs)]
        case .configurations(.fetchResponse(.failure(let failure))):
            return ["type": .string(action.typeName), "error": .string(failure.message)]
        case .simulation(.grid(.jumpProgress(let jump))):
            return jump.json.settingMember("type", .string(action.typeName))
        case .simulation(.grid(.jumpFinished(let result))):
            return JumpRecord.json(of: result).settingMember("type", .string(action.typeName))
        default:
            return action.json
        }
    }

    private static func action(from json: JSON) throws(ProtocolError) -> AppAction {
        switch json["type"]?.stringValue.flatMap(ActionType.init(rawValue:)) {
        case .gridJumpProgress:
            return .simulation(.grid(.jumpProgress(try Jump(json: json.removingMember("type"), at: "record.action"))))
        case .gridJumpFinished:
            return .simulation(.grid(.jumpFinished(try JumpRecord.result(from: json.removingMember("type")))))
        case .configurationsFetchResponse:
            break
        default:
            return try AppAction(json: json)
        }
        let fields = try JSONFields(json, at: "record.action")
        try fields.rejectUnknown(["type", "configs", "error"])
        if let message = try fields.optionalString("error") {
            return .configurations(.fetchResponse(.failure(FetchFailure(message))))
        }
        do {
            return .configurations(.fetchResponse(.success(try Configuration.decodeList(try fields.required("configs")))))
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.invalidArgument, "record.action.configs: \(error)")
        }
    }
}
