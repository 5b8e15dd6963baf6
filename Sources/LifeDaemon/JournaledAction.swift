import Protocol

/// One change as lifed's journal keeps it: the action that made it, and what a replay of the
/// action needs that the action itself does not carry, so that replaying the journal onto the
/// last snapshot rebuilds exactly the state that was acknowledged.
///
/// The payload is JSON: `{"action": {...}, "random": "N", "defaults": {...}}`, the action in its
/// wire form (``AppAction/json``) or, for the outcome of a fetch, which only the daemon makes,
/// `{"type": "configurations.fetchResponse", "configs": [...]}` (each configuration as
/// ``Configuration/storageJSON`` writes it: `{"title", "rle"}`) or `{..., "error": TEXT}`.
public struct JournaledAction: Equatable, Sendable {
    public var action: AppAction
    /// The random generator's state before the action, when the action drew on it (a random grid).
    public var randomState: UInt64?
    /// The settings `settings.reset` put back: lifed's start-up flags may differ when it is replayed.
    public var defaults: Settings?

    public init(action: AppAction, randomState: UInt64? = nil, defaults: Settings? = nil) {
        self.action = action
        self.randomState = randomState
        self.defaults = defaults
    }

    /// The record's bytes.
    public var payload: [UInt8] {
        var members: [String: JSON] = ["action": Self.json(of: action)]
        if let randomState { members["random"] = .string(String(randomState)) }
        if let defaults { members["defaults"] = defaults.json }
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
        try fields.rejectUnknown(["action", "random", "defaults"])
        action = try Self.action(from: try fields.required("action"))
        if let text = try fields.optionalString("random") {
            guard let state = UInt64(text) else { throw ProtocolError(.invalidArgument, "record.random must be a decimal UInt64, not \(text)") }
            randomState = state
        }
        defaults = try fields.members["defaults"].map { (value: JSON) throws(ProtocolError) -> Settings in try Settings(json: value) }
    }

    static let fetchResponseType = "configurations.fetchResponse"

    private static func json(of action: AppAction) -> JSON {
        guard case .configurations(.fetchResponse(let result)) = action else { return action.json }
        switch result {
        case .success(let configs):
            // As a state file keeps them (their patterns as RLE), not as the wire shows them.
            return ["type": .string(fetchResponseType), "configs": Configuration.storageJSON(configs)]
        case .failure(let failure):
            return ["type": .string(fetchResponseType), "error": .string(failure.message)]
        }
    }

    private static func action(from json: JSON) throws(ProtocolError) -> AppAction {
        guard json["type"]?.stringValue == fetchResponseType else { return try AppAction(json: json) }
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
