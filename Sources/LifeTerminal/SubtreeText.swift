import LifeJSON
import Protocol

/// The lines that show the value a `--path` subscription watches: labelled fields for
/// `/statistics` and `/settings`, pretty-printed JSON for anything else.
public enum SubtreeText {
    /// The lines for the value at `path`.
    public static func lines(path: String, value: JSON) -> [String] {
        switch path {
        case "/statistics":
            if let fields = FieldList.statistics(value) { return FieldList.lines(fields) }
        case "/settings":
            if let fields = FieldList.settings(value) { return FieldList.lines(fields) }
        default:
            break
        }
        return value.prettyText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
