import LifeJSON
import LifeScheduling
import Protocol

/// Labelled fields for the parts of the state that are small objects: the statistics and
/// the settings. Anything else is shown as JSON text (``SubtreeText``).
public enum FieldList {
    /// The statistics as label and value, in a fixed order (unknown members after, sorted).
    public static func statistics(_ value: JSON) -> [(label: String, value: String)]? {
        guard let members = value.objectValue else { return nil }
        let order = ["steps", "alive", "born", "died", "empty"]
        return fields(members, order: order) { key, value in (key, value.intValue.map(String.init) ?? value.text) }
    }

    /// The settings as label and value, in words (`every 250ms`, `10 × 10`, `on`).
    public static func settings(_ value: JSON) -> [(label: String, value: String)]? {
        guard var members = value.objectValue else { return nil }
        var result: [(label: String, value: String)] = []
        if let interval = members.removeValue(forKey: "intervalMs") {
            result.append(("interval", interval.intValue.map { DurationText.format(milliseconds: $0) } ?? interval.text))
        }
        if let rows = members["rows"]?.intValue, let cols = members["cols"]?.intValue {
            members["rows"] = nil
            members["cols"] = nil
            result.append(("size", "\(rows) × \(cols)"))
        }
        if let topology = members.removeValue(forKey: "topology") { result.append(("topology", topology.stringValue ?? topology.text)) }
        if let rule = members.removeValue(forKey: "rule") { result.append(("rule", rule.stringValue ?? rule.text)) }
        if let density = members.removeValue(forKey: "density") {
            result.append(("density", density.doubleValue.map(Self.twoDecimals) ?? density.text))
        }
        if let autoStop = members.removeValue(forKey: "autoStop") {
            result.append(("auto-stop", autoStop.boolValue.map { $0 ? "on" : "off" } ?? autoStop.text))
        }
        if var display = members.removeValue(forKey: "display")?.objectValue {
            if let title = display.removeValue(forKey: "title") { result.append(("title", title.stringValue ?? title.text)) }
            if let show = display.removeValue(forKey: "showStatistics") {
                result.append(("statistics", show.boolValue.map { $0 ? "shown" : "hidden" } ?? show.text))
            }
            for key in display.keys.sorted() { result.append(("display." + key, display[key]?.text ?? "")) }
        }
        for key in members.keys.sorted() { result.append((key, members[key]?.text ?? "")) }
        return result
    }

    /// The fields aligned as `label  value` lines.
    public static func lines(_ fields: [(label: String, value: String)]) -> [String] {
        let width = fields.map { TextWidth.of($0.label) }.max() ?? 0
        return fields.map { TextWidth.pad($0.label, to: width) + "  " + $0.value }
    }

    /// `value` with two decimals: 0.3333 reads `0.33`.
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let hundredths = Int((abs(value) * 100).rounded())
        let fraction = hundredths % 100
        return (value < 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    private static func fields(
        _ members: [String: JSON], order: [String], _ describe: (String, JSON) -> (String, String)
    ) -> [(label: String, value: String)] {
        var result: [(label: String, value: String)] = []
        for key in order { if let value = members[key] { result.append(describe(key, value)) } }
        for key in members.keys.sorted() where !order.contains(key) {
            if let value = members[key] { result.append(describe(key, value)) }
        }
        return result
    }
}
