import LifeJSON

/// `lifectl watch --format text`'s lines.
enum WatchLine {
    /// `version 12: ticks 5, population 31, evolving, running` for the whole world, else
    /// `version 12: VALUE` with the value as compact JSON.
    static func text(version: Int, value: JSON, whole: Bool) -> String {
        guard whole else { return "version \(version): \(String(decoding: value.encoded(), as: UTF8.self))" }
        let simulation = value["simulation"]
        let ticks = simulation?["gridState"]?["ticks"]?.intValue ?? 0
        let population = simulation?["gridState"]?["grid"]?["population"]?.intValue ?? 0
        var status = simulation?["status"]?.stringValue ?? "evolving"
        if let period = simulation?["period"]?.intValue { status += " (period \(period))" }
        let timer = simulation?["isRunningTimer"] == true ? "running" : "stopped"
        return "version \(version): ticks \(ticks), population \(population), \(status), \(timer)"
    }
}
