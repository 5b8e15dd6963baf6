/// Finds configurations by part of their title, ignoring case.
public enum ConfigurationSearch {
    /// The indexes of the titles that contain `query` (all of them for an empty query), in order.
    public static func matches(_ query: String, in titles: [String]) -> [Int] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return Array(titles.indices) }
        return titles.indices.filter { titles[$0].lowercased().contains(needle) }
    }

    /// The first match after `index` (`forward`) or before it, wrapping around; the first
    /// (or last) match when `index` is nil; nil when nothing matches.
    public static func next(_ query: String, in titles: [String], after index: Int?, forward: Bool = true) -> Int? {
        let found = matches(query, in: titles)
        guard !found.isEmpty else { return nil }
        guard let index else { return forward ? found.first : found.last }
        if forward {
            return found.first { $0 > index } ?? found.first
        }
        return found.last { $0 < index } ?? found.last
    }
}
