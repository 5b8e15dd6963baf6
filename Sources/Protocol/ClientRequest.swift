import LifeJSON

/// A request from a client: the `type` and its fields, already validated.
public struct ClientRequest: Equatable, Sendable {
    /// What the request asks for.
    public enum Kind: Equatable, Sendable {
        /// Run an action through the store. The action object is read by ``AppAction/init(json:)``.
        case dispatch(action: JSON)
        /// The value at a path, once.
        case get(path: JSONPointer, viewport: Viewport? = nil)
        /// The value at a path now, then a diff for every change of it; with a viewport, the
        /// grid's cells in that window only.
        case subscribe(path: JSONPointer, viewport: Viewport? = nil)
        /// Moves the viewport of the subscription made with the same `id` (nil: the whole grid
        /// again); answered with a snapshot.
        case viewport(Viewport?)
        /// Ends the subscription made with the same `id`.
        case unsubscribe
        /// One configuration of the list, pattern included (the state shows only its title, size,
        /// population and rule); answered with a ``ServerMessage/configuration(id:version:index:configuration:)``.
        case readConfiguration(ConfigurationSelector)
        /// A barrier: answered after everything before it.
        case ping
        /// The daemon's pid, version, uptime, clients and a state summary.
        case status
        /// Asks the daemon to shut down, as SIGTERM does; answered with an ack first.
        case shutdown
    }

    /// Echoed in the reply: a number, a string, or nil when the request had none.
    public var id: JSON?
    public var kind: Kind
    /// The name a `dispatch` gives its client (`"client": "lifectl"`), which the history records
    /// with the change (1 to ``maxClientName`` bytes, no control characters).
    public var client: String?

    public init(id: JSON? = nil, kind: Kind, client: String? = nil) {
        self.id = id
        self.kind = kind
        self.client = client
    }

    /// The longest client name a dispatch may give, in bytes.
    public static let maxClientName = 64

    /// The request types the server knows.
    public static let typeNames = [
        "dispatch", "get", "subscribe", "unsubscribe", "viewport", "configurations.read", "ping", "status", "shutdown",
    ]

    /// A request that could not be read, with the `id` to echo when it had a valid one.
    public struct Failure: Error, Equatable, Sendable {
        public var id: JSON?
        public var error: ProtocolError
    }

    /// What one request may hold, checked as its frame is parsed, so that no frame within
    /// `--max-frame` costs more to read than the largest legal request: nesting 64 levels deep,
    /// 256 members an object, an array as long as the longest `grid.setCells` list
    /// (``GridEdit/maxCells``), three values for each of its cells in all, and numbers of at
    /// most 1,024 characters. The one large string a request carries (a pattern's RLE) is bounded
    /// by the frame.
    public static let limits = JSONLimits(
        maxDepth: 64, maxMembers: 256, maxElements: GridEdit.maxCells, maxValues: 3 * GridEdit.maxCells + 4096, maxNumberLength: 1024)

    /// The longest `path` a `get` or `subscribe` may give, in bytes: far longer than any path into the state.
    public static let maxPathLength = 4096

    /// Reads a request from a frame's payload, within ``limits``.
    public static func parse(_ payload: some Collection<UInt8>) -> Result<ClientRequest, Failure> {
        let json: JSON
        do {
            json = try JSON(parsing: payload, limits: limits)
        } catch where error.exceededLimit {
            // The id may come after the part that passed the limit (lifectl writes members sorted:
            // "action" before "id"): it is looked for without building the rest.
            let id = JSON.rootMember("id", in: payload, maxDepth: limits.maxDepth).flatMap { (try? Self.id(from: $0)) ?? nil }
            return .failure(Failure(id: id, error: ProtocolError(
                .limitExceeded, "the request holds \(error.message); lifed reads no more of a request (PROTOCOL.md, Framing)",
                field: error.field)))
        } catch {
            return .failure(Failure(id: nil, error: ProtocolError(.badJSON, error.description)))
        }
        return parse(json)
    }

    /// Reads a request from its JSON object.
    public static func parse(_ json: JSON) -> Result<ClientRequest, Failure> {
        guard case .object(let members) = json else {
            return .failure(Failure(id: nil, error: ProtocolError(.badMessage, "a request must be a JSON object, not \(json.typeName)")))
        }
        let id: JSON?
        do {
            id = try members["id"].flatMap(Self.id(from:))
        } catch {
            return .failure(Failure(id: nil, error: error))
        }
        do {
            let kind = try kind(of: members)
            var client: String?
            if case .dispatch = kind, let value = members["client"] { client = try clientName(value) }
            return .success(ClientRequest(id: id, kind: kind, client: client))
        } catch {
            return .failure(Failure(id: id, error: error))
        }
    }

    /// A dispatch's `client`: a short name, or nil for `null`.
    private static func clientName(_ value: JSON) throws(ProtocolError) -> String? {
        if value == .null { return nil }
        guard let name = value.stringValue, (1...maxClientName).contains(name.utf8.count),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ProtocolError(
                .invalidArgument, "client must be a name of 1 to \(maxClientName) bytes without control characters, such as \"lifectl\"",
                member: "client")
        }
        return name
    }

    /// A request's `id`: a number or a string; nil for `null`.
    private static func id(from value: JSON) throws(ProtocolError) -> JSON? {
        switch value {
        case .null: return nil
        case .int, .double, .string: return value
        default: throw ProtocolError(.badMessage, "id must be a number or a string, not \(value.typeName)", member: "id")
        }
    }

    private static func kind(of members: [String: JSON]) throws(ProtocolError) -> Kind {
        guard let typeValue = members["type"] else {
            throw ProtocolError(.badMessage, "a request needs a \"type\": one of \(typeNames.joined(separator: ", "))", member: "type")
        }
        guard let type = typeValue.stringValue else {
            throw ProtocolError(.badMessage, "type must be a string, not \(typeValue.typeName)", member: "type")
        }
        let fields = try JSONFields(.object(members), at: "", code: .badMessage)
        switch type {
        case "dispatch":
            try fields.rejectUnknown(["type", "id", "action", "client"])
            let action = try fields.required("action")
            guard case .object = action else {
                throw ProtocolError(
                    .badMessage, "action must be an object such as {\"type\":\"grid.step\"}, not \(action.typeName)", member: "action")
            }
            return .dispatch(action: action)
        case "get", "subscribe":
            try fields.rejectUnknown(["type", "id", "path", "viewport"])
            let text = try fields.optionalString("path") ?? ""
            guard text.utf8.count <= maxPathLength else {
                throw ProtocolError(.limitExceeded, "a path of \(text.utf8.count) bytes is longer than the \(maxPathLength) lifed reads", member: "path")
            }
            let path: JSONPointer
            do {
                path = try JSONPointer(parsing: text)
            } catch {
                throw ProtocolError(.invalidArgument, "path \(JSON.string(text).preview) is not a JSON Pointer: \(error)", member: "path")
            }
            guard let window = fields.members["viewport"], window != .null else {
                return type == "get" ? .get(path: path) : .subscribe(path: path)
            }
            guard Viewport.gridPath.hasPrefix(path) else {
                throw ProtocolError(
                    .invalidArgument,
                    "a viewport applies to the grid: subscribe to \(Viewport.gridPath.description) or a path above it, not \(JSON.string(text).preview)",
                    member: "viewport")
            }
            let viewport = try Viewport(json: window)
            return type == "get" ? .get(path: path, viewport: viewport) : .subscribe(path: path, viewport: viewport)
        case "viewport":
            try fields.rejectUnknown(["type", "id", "viewport"])
            let window = try fields.required("viewport")
            return .viewport(window == .null ? nil : try Viewport(json: window))
        case "unsubscribe":
            try fields.rejectUnknown(["type", "id"])
            return .unsubscribe
        case "configurations.read":
            try fields.rejectUnknown(["type", "id", "title", "index"])
            // A title or index of the wrong type or out of range is an argument error, as in configurations.load.
            let selector = try JSONFields(.object(members), at: "", code: .invalidArgument)
            return .readConfiguration(try ConfigurationSelector(fields: selector, for: "configurations.read"))
        case "ping":
            try fields.rejectUnknown(["type", "id"])
            return .ping
        case "status":
            try fields.rejectUnknown(["type", "id"])
            return .status
        case "shutdown":
            try fields.rejectUnknown(["type", "id"])
            return .shutdown
        default:
            throw ProtocolError(
                .unknownMessage,
                "no request type is called \(JSON.string(type).preview); known: \(typeNames.joined(separator: ", "))", member: "type")
        }
    }

    /// The request as the wire carries it.
    public var json: JSON {
        var members: [String: JSON] = [:]
        if let id { members["id"] = id }
        switch kind {
        case .dispatch(let action):
            members["type"] = "dispatch"
            members["action"] = action
            if let client { members["client"] = .string(client) }
        case .get(let path, let viewport):
            members["type"] = "get"
            members["path"] = .string(path.description)
            if let viewport { members["viewport"] = viewport.json }
        case .subscribe(let path, let viewport):
            members["type"] = "subscribe"
            members["path"] = .string(path.description)
            if let viewport { members["viewport"] = viewport.json }
        case .viewport(let viewport):
            members["type"] = "viewport"
            members["viewport"] = viewport?.json ?? .null
        case .unsubscribe: members["type"] = "unsubscribe"
        case .readConfiguration(let selector):
            members["type"] = "configurations.read"
            for (key, value) in selector.members { members[key] = value }
        case .ping: members["type"] = "ping"
        case .status: members["type"] = "status"
        case .shutdown: members["type"] = "shutdown"
        }
        return .object(members)
    }
}
