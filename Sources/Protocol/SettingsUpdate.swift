import LifeGrid
import LifeJSON

/// The fields of a `settings.update`: any subset of the settings, validated all or nothing.
public struct SettingsUpdate: Equatable, Sendable {
    public var intervalMs: Int?
    public var generationsPerTick: Int?
    public var rows: Int?
    public var cols: Int?
    public var topology: Topology?
    public var rule: Rule?
    public var density: Double?
    public var autoStop: Bool?
    public var title: String?
    public var showStatistics: Bool?

    public init(
        intervalMs: Int? = nil, rows: Int? = nil, cols: Int? = nil, topology: Topology? = nil, rule: Rule? = nil,
        density: Double? = nil, autoStop: Bool? = nil, title: String? = nil, showStatistics: Bool? = nil, generationsPerTick: Int? = nil
    ) {
        self.intervalMs = intervalMs
        self.generationsPerTick = generationsPerTick
        self.rows = rows
        self.cols = cols
        self.topology = topology
        self.rule = rule
        self.density = density
        self.autoStop = autoStop
        self.title = title
        self.showStatistics = showStatistics
    }

    /// The fields `settings.update` takes.
    public static let fieldNames = ["intervalMs", "generationsPerTick", "rows", "cols", "topology", "rule", "density", "autoStop", "display"]

    /// Reads the update from the action's fields. Any malformed or out-of-range field refuses
    /// the whole update with `invalid-argument`, naming the field and its allowed values.
    public init(fields: JSONFields) throws(ProtocolError) {
        try fields.rejectUnknown(Set(Self.fieldNames + ["type"]))
        let interval = Settings.intervalRange
        let sides = Settings.sideRange
        intervalMs = try fields.optionalInt("intervalMs", in: interval)
        generationsPerTick = try fields.optionalInt("generationsPerTick", in: Settings.generationsPerTickRange)
        rows = try fields.optionalInt("rows", in: sides)
        cols = try fields.optionalInt("cols", in: sides)
        if let text = try fields.optionalString("topology") { topology = try Topology(field: "topology", text) }
        if let text = try fields.optionalString("rule") {
            do {
                rule = try Rule(parsing: text)
            } catch {
                throw ProtocolError(.invalidArgument, "rule: \(error)", member: "rule")
            }
        }
        if let value = fields.members["density"], value != .null {
            let range = Settings.densityRange
            guard let density = value.doubleValue, range.contains(density) else {
                throw ProtocolError(
                    .invalidArgument, "density must be a number from \(range.lowerBound) to \(range.upperBound), not \(value.preview)",
                    member: "density")
            }
            self.density = density
        }
        if let value = fields.members["autoStop"], value != .null { autoStop = try fields.bool("autoStop") }
        if let display = fields.members["display"], display != .null {
            let inner = try JSONFields(display, at: "display", pointer: fields.field("display"))
            try inner.rejectUnknown(["title", "showStatistics"])
            if let title = try inner.optionalString("title") {
                guard title.count <= Settings.maxTitleLength, !title.contains(where: { $0.isNewline }) else {
                    throw ProtocolError(
                        .invalidArgument, "display.title must be one line of at most \(Settings.maxTitleLength) characters",
                        field: inner.field("title"))
                }
                self.title = title
            }
            if let value = inner.members["showStatistics"], value != .null { showStatistics = try inner.bool("showStatistics") }
        }
        guard self != SettingsUpdate() else {
            throw ProtocolError(.invalidArgument, "settings.update needs at least one of: \(Self.fieldNames.joined(separator: ", "))")
        }
    }

    /// `settings` with these fields changed.
    public func applied(to settings: Settings) -> Settings {
        var result = settings
        if let intervalMs { result.intervalMs = intervalMs }
        if let generationsPerTick { result.generationsPerTick = generationsPerTick }
        if let rows { result.rows = rows }
        if let cols { result.cols = cols }
        if let topology { result.topology = topology }
        if let rule { result.rule = rule }
        if let density { result.density = density }
        if let autoStop { result.autoStop = autoStop }
        if let title { result.display.title = title }
        if let showStatistics { result.display.showStatistics = showStatistics }
        return result
    }

    /// The update as action fields.
    public var json: JSON {
        var members: [String: JSON] = [:]
        if let intervalMs { members["intervalMs"] = .int(intervalMs) }
        if let generationsPerTick { members["generationsPerTick"] = .int(generationsPerTick) }
        if let rows { members["rows"] = .int(rows) }
        if let cols { members["cols"] = .int(cols) }
        if let topology { members["topology"] = .string(topology.rawValue) }
        if let rule { members["rule"] = .string(rule.notation) }
        if let density { members["density"] = .double(density) }
        if let autoStop { members["autoStop"] = .bool(autoStop) }
        var display: [String: JSON] = [:]
        if let title { display["title"] = .string(title) }
        if let showStatistics { display["showStatistics"] = .bool(showStatistics) }
        if !display.isEmpty { members["display"] = .object(display) }
        return .object(members)
    }
}
