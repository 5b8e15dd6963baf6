/// One entry of the course's pattern files: a title and the live cells as
/// `[row, col]` pairs. A file is a JSON array of them:
/// `[{"title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}]`.
public struct Configuration: Hashable, Sendable {
    /// The configuration's name.
    public var title: String
    /// The live cells.
    public var contents: [Pattern.Coordinate]

    /// A configuration from its parts.
    public init(title: String, contents: [Pattern.Coordinate]) {
        self.title = title
        self.contents = contents
    }

    /// The live cells of `pattern` inside its rectangle, in row-major order, under `title`.
    public init(title: String, pattern: Pattern) {
        self.init(title: title, contents: pattern.sortedCells)
    }

    /// `{"title": …, "contents": [[row, col], …]}`.
    public var json: JSON {
        ["title": .string(title), "contents": .array(contents.map { [.int($0.row), .int($0.col)] })]
    }

    /// The JSON array of `configurations`.
    public static func json(_ configurations: [Configuration]) -> JSON {
        .array(configurations.map(\.json))
    }

    /// Reads one configuration. Its `title` must be a string and its `contents` an array
    /// of `[row, col]` pairs of integers from 0 to `Pattern.maxSide - 1`; other members
    /// are ignored. `index` only labels errors.
    public init(json: JSON, index: Int? = nil) throws(ConfigurationError) {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(index: index, message: message) }
        guard let members = json.objectValue else {
            throw fail("must be an object with \"title\" and \"contents\", not \(json.typeName)")
        }
        guard let titleValue = members["title"] else { throw fail("\"title\" is required: a string") }
        guard let title = titleValue.stringValue else {
            throw fail("\"title\" must be a string, not \(titleValue.typeName)")
        }
        guard let contentsValue = members["contents"] else {
            throw fail("\"contents\" is required: an array of [row, col] pairs")
        }
        guard let cells = contentsValue.arrayValue else {
            throw fail("\"contents\" must be an array of [row, col] pairs, not \(contentsValue.typeName)")
        }
        guard cells.count <= Pattern.maxLiveCells else {
            throw fail("\"contents\" has \(cells.count) cells; lifed reads at most \(Pattern.maxLiveCells)")
        }
        var contents: [Pattern.Coordinate] = []
        contents.reserveCapacity(cells.count)
        for (position, cell) in cells.enumerated() {
            guard let pair = cell.arrayValue, pair.count == 2, let row = pair[0].intValue, let col = pair[1].intValue,
                row >= 0, col >= 0
            else {
                throw fail("contents[\(position)] must hold exactly two non-negative integers")
            }
            guard row < Pattern.maxSide, col < Pattern.maxSide else {
                throw fail(
                    "contents[\(position)] lies beyond the largest pattern lifed reads: "
                        + "rows and columns go from 0 to \(Pattern.maxSide - 1)")
            }
            contents.append(Pattern.Coordinate(row: row, col: col))
        }
        self.init(title: title, contents: contents)
    }

    /// Reads a JSON array of configurations; errors name the element and the field.
    public static func decodeList(_ json: JSON) throws(ConfigurationError) -> [Configuration] {
        guard let elements = json.arrayValue else {
            throw ConfigurationError(
                index: nil, message: "expected an array of {\"title\", \"contents\"} objects, not \(json.typeName)")
        }
        var list: [Configuration] = []
        list.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            list.append(try Configuration(json: element, index: index))
        }
        return list
    }
}

/// Why JSON is not a list of ``Configuration``s.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The array element at fault, when the error is about one.
    public var index: Int?
    /// What is wrong with it.
    public var message: String

    /// Creates an error about element `index` (or the whole value when nil).
    public init(index: Int?, message: String) {
        self.index = index
        self.message = message
    }

    /// Reads like "element 3: contents[2] must hold exactly two non-negative integers".
    public var description: String {
        guard let index else { return message }
        return "element \(index): \(message)"
    }
}

extension Pattern {
    /// The pattern of a configuration: named by its title (unless empty), as large as
    /// its furthest cell (cells keep their positions). Fails, rather than allocating,
    /// when a cell is negative or beyond ``maxSide`` or there are too many cells.
    public init(configuration: Configuration) throws(ConfigurationError) {
        guard configuration.contents.count <= Pattern.maxLiveCells else {
            throw ConfigurationError(
                index: nil, message: "\(configuration.contents.count) cells are more than the \(Pattern.maxLiveCells) lifed reads")
        }
        var rows = 0
        var cols = 0
        var live = Set<Coordinate>()
        live.reserveCapacity(configuration.contents.count)
        for (position, cell) in configuration.contents.enumerated() {
            guard cell.row >= 0, cell.col >= 0, cell.row < Pattern.maxSide, cell.col < Pattern.maxSide else {
                throw ConfigurationError(
                    index: nil,
                    message: "contents[\(position)] must lie in rows and columns 0 to \(Pattern.maxSide - 1)")
            }
            rows = max(rows, cell.row + 1)
            cols = max(cols, cell.col + 1)
            live.insert(cell)
        }
        self.init(rows: rows, cols: cols, live: live, name: configuration.title.isEmpty ? nil : configuration.title)
    }
}
