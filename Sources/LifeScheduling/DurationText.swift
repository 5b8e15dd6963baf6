/// Durations as people write them on a command line: `250ms`, `2s`, `1.5s`, `1m`.
public enum DurationText {
    /// Parses `N` followed by `ms`, `s`, `m` or `h` into milliseconds. Returns nil for anything
    /// else: a bare number (is `250` milliseconds or seconds? the unit is required), negative
    /// values, and values too large to hold.
    public static func milliseconds(_ text: String) -> Int? {
        let units: [(suffix: String, scale: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let number = text.dropLast(unit.suffix.count)
        let scale = unit.scale
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite, value >= 0
        else { return nil }
        let ms = (value * scale).rounded()
        guard ms < 1e15 else { return nil }
        return Int(ms)
    }

    /// The whole milliseconds of `duration` (rounded toward zero; clamped to Int's range).
    public static func milliseconds(of duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return Int(clamping: whole) &+ Int(attoseconds / 1_000_000_000_000_000)
    }

    /// Formats milliseconds the way people write them: `250ms`, `2s`, `1.5s`.
    public static func format(milliseconds ms: Int) -> String {
        if ms < 1000 || ms % 100 != 0 { return "\(ms)ms" }
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        return "\(Double(ms) / 1000)s"
    }
}
