enum JSONPatternFormat {
    static func read(_ text: String) throws(PatternParseError) -> Pattern {
        let source = SourceText(text)
        let json: JSON
        do {
            json = try JSON(parsing: text)
        } catch {
            throw source.error(atOffset: error.offset, "invalid JSON: \(error.message)")
        }
        do throws(ConfigurationError) {
            let list = json.objectValue != nil ? [try Configuration(json: json)] : try Configuration.decodeList(json)
            guard let first = list.first else {
                throw ConfigurationError(index: nil, message: "the array holds no configuration")
            }
            return try Pattern(configuration: first)
        } catch {
            // The parsed value has no positions; the message names the element and field.
            throw PatternParseError(line: 1, column: 1, message: error.description)
        }
    }

    static func write(_ pattern: Pattern) -> String {
        let title = JSON.string(pattern.name ?? "").text
        let cells = pattern.sortedCells.map { "[\($0.row), \($0.col)]" }
        var out = "[\n  {\"title\": \(title), \"contents\": ["
        var lineLength = 0
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += "," }
            if lineLength == 0 || lineLength + cell.utf8.count > 70 {
                out += "\n    "
                lineLength = 0
            } else {
                out += " "
            }
            out += cell
            lineLength += cell.utf8.count + 2
        }
        out += cells.isEmpty ? "]}\n]\n" : "\n  ]}\n]\n"
        return out
    }
}
