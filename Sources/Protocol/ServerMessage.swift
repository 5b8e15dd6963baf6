import LifeJSON

/// A message from the server: a reply to a request, a diff, or a notice.
public enum ServerMessage: Equatable, Sendable {
    /// Sent once on connect, with the daemon's limits (nil from a daemon older than issue 24).
    case hello(protocolVersion: Int, server: String, version: Int, limits: ServerLimits?)
    /// A dispatch or unsubscribe succeeded; `version` is the state version after it.
    case ack(id: JSON?, version: Int)
    /// A request failed. `code` is one of ``ErrorCode``'s raw values (clients keep unknown ones);
    /// `details` holds the `field` and `refused` members, when the error has them.
    case error(id: JSON?, code: String, message: String, details: ErrorDetails = .none)
    /// The answer to `get`.
    case state(id: JSON?, version: Int, path: String, value: JSON)
    /// The answer to `subscribe`, and a fresh start after a watcher fell behind (`resync`).
    case snapshot(id: JSON?, version: Int, path: String, value: JSON, resync: Bool)
    /// A change of a subscribed value: applying `patch` to the value at `base` gives the value at `version`.
    case diff(id: JSON?, base: Int, version: Int, patch: [PatchOperation])
    /// The answer to `configurations.read`: the configuration at `index` of the list at
    /// `version`, as ``Configuration/jsonWithPattern`` gives it (its RLE included).
    case configuration(id: JSON?, version: Int, index: Int, configuration: JSON)
    /// The answer to `ping`, with the state's version when the daemon read the ping: every diff
    /// up to it came before (nil from a daemon older than issue 24, which did not say).
    case pong(id: JSON?, version: Int?)
    /// The answer to `status`: facts about the daemon, as an object.
    case status(id: JSON?, info: [String: JSON])
    /// The server is going away.
    case bye(reason: String)

    /// The protocol version this module speaks.
    public static let protocolVersion = 1

    /// An error reply from a ``ProtocolError``.
    public static func error(id: JSON?, _ error: ProtocolError) -> ServerMessage {
        .error(id: id, code: error.code.rawValue, message: error.message, details: ErrorDetails(error))
    }

    /// Whether this is a `pong` answering the ping with `id`, at any version.
    public func isPong(answering id: JSON) -> Bool {
        if case .pong(let pongID, _) = self { return pongID == id }
        return false
    }

    /// The `id` the message answers, if any.
    public var id: JSON? {
        switch self {
        case .ack(let id, _), .error(let id, _, _, _), .state(let id, _, _, _), .snapshot(let id, _, _, _, _),
            .diff(let id, _, _, _), .configuration(let id, _, _, _), .pong(let id, _), .status(let id, _):
            return id
        case .hello, .bye:
            return nil
        }
    }

    /// The message as the wire carries it.
    public var json: JSON {
        var m: [String: JSON] = [:]
        switch self {
        case .hello(let protocolVersion, let server, let version, let limits):
            m = ["type": "hello", "protocol": .int(protocolVersion), "server": .string(server), "version": .int(version)]
            if let limits { m["limits"] = limits.json }
        case .ack(_, let version):
            m = ["type": "ack", "version": .int(version)]
        case .error(_, let code, let message, let details):
            m = ["type": "error", "code": .string(code), "message": .string(message)]
            if let field = details.field { m["field"] = .string(field) }
            if let refused = details.refused { m["refused"] = .string(refused) }
        case .state(_, let version, let path, let value):
            m = ["type": "state", "version": .int(version), "path": .string(path), "value": value]
        case .snapshot(_, let version, let path, let value, let resync):
            m = ["type": "snapshot", "version": .int(version), "path": .string(path), "value": value]
            if resync { m["resync"] = true }
        case .diff(_, let base, let version, let patch):
            m = ["type": "diff", "base": .int(base), "version": .int(version), "patch": .array(patch.map(\.json))]
        case .configuration(_, let version, let index, let configuration):
            m = ["type": "configuration", "version": .int(version), "index": .int(index), "configuration": configuration]
        case .pong(_, let version):
            m = ["type": "pong"]
            if let version { m["version"] = .int(version) }
        case .status(_, let info):
            m = info
            m["type"] = "status"
        case .bye(let reason):
            m = ["type": "bye", "reason": .string(reason)]
        }
        if let id { m["id"] = id }
        return .object(m)
    }

    /// Reads a server message (clients use this).
    public init(json: JSON) throws(ProtocolError) {
        let f = try JSONFields(json, at: "message", code: .badMessage)
        let id = f.members["id"]
        switch try f.string("type") {
        case "hello":
            self = .hello(
                protocolVersion: try f.int("protocol", in: 0...Int.max), server: try f.string("server"),
                version: try f.int("version", in: 0...Int.max), limits: try f.members["limits"].map { json throws(ProtocolError) in try ServerLimits(json: json) })
        case "ack":
            self = .ack(id: id, version: try f.int("version", in: 0...Int.max))
        case "error":
            self = .error(
                id: id, code: try f.string("code"), message: try f.optionalString("message") ?? "",
                details: ErrorDetails(field: try f.optionalString("field"), refused: try f.optionalString("refused")))
        case "state":
            self = .state(
                id: id, version: try f.int("version", in: 0...Int.max), path: try f.string("path"), value: try f.required("value"))
        case "snapshot":
            self = .snapshot(
                id: id, version: try f.int("version", in: 0...Int.max), path: try f.string("path"),
                value: try f.required("value"), resync: try f.bool("resync", default: false))
        case "diff":
            guard let operations = try f.required("patch").arrayValue else {
                throw ProtocolError(.badMessage, "message.patch must be an array")
            }
            var patch: [PatchOperation] = []
            for operation in operations {
                do {
                    patch.append(try PatchOperation(json: operation))
                } catch {
                    throw ProtocolError(.badMessage, "message.patch: \(error)")
                }
            }
            self = .diff(
                id: id, base: try f.int("base", in: 0...Int.max), version: try f.int("version", in: 0...Int.max), patch: patch)
        case "configuration":
            let configuration = try f.required("configuration")
            guard configuration.objectValue != nil else {
                throw ProtocolError(.badMessage, "message.configuration must be an object, not \(configuration.typeName)")
            }
            self = .configuration(
                id: id, version: try f.int("version", in: 0...Int.max), index: try f.int("index", in: 0...Int.max),
                configuration: configuration)
        case "pong":
            self = .pong(id: id, version: try f.optionalInt("version", in: 0...Int.max))
        case "status":
            var info = f.members
            info["type"] = nil
            info["id"] = nil
            self = .status(id: id, info: info)
        case "bye":
            self = .bye(reason: try f.optionalString("reason") ?? "")
        case let other:
            throw ProtocolError(.unknownMessage, "unknown server message type \(JSON.string(other).preview)")
        }
    }
}
