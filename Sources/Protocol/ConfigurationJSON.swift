import LifeGrid
import LifeJSON
import LifePatterns

// A configuration's JSON forms: the wire's entry, the stored entry, and reading an entry as
// clients, lists and files give it (see ``Configuration``, in LifePatterns).

extension Configuration {
    /// The reply to `configurations.read`: ``json`` and `rle`, the pattern itself.
    public var jsonWithPattern: JSON {
        var members = json.objectValue ?? [:]
        members["rle"] = .string(rle)
        return .object(members)
    }

    /// What a state file keeps: `{"title", "rle"}`.
    public var storageJSON: JSON { ["title": .string(title), "rle": .string(rle)] }

    /// Reads the form ``storageJSON`` writes; entries of state files written before
    /// configurations were kept as RLE (`{"title", "contents"}`) read too.
    public init(storageJSON: JSON) throws(ConfigurationError) {
        try self.init(decoding: storageJSON)
    }

    /// Reads one entry as clients, lists and files give it: a string `title` and either `rle`
    /// (a string, RLE as ``PatternFormat/rle`` reads it) or `contents` (an array of `[row, col]`
    /// pairs of integers from 0 to `Pattern.maxSide - 1`), not both; other members are ignored.
    /// `index` only labels errors.
    public init(decoding json: JSON, index: Int? = nil) throws(ConfigurationError) {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(index: index, message: message) }
        guard let members = json.objectValue else {
            throw fail("must be an object with \"title\" and \"contents\", not \(json.typeName)")
        }
        guard let titleValue = members["title"] else { throw fail("\"title\" is required: a string") }
        guard let title = titleValue.stringValue else {
            throw fail("\"title\" must be a string, not \(titleValue.typeName)")
        }
        do throws(ConfigurationError) {
            switch (members["rle"], members["contents"]) {
            case (let rle?, nil):
                guard let text = rle.stringValue else { throw fail("\"rle\" must be a string, not \(rle.typeName)") }
                try self.init(title: title, rle: text)
            case (nil, let contents?):
                try self.init(title: title, pattern: Pattern(cells: try Self.cells(contents)))
            case (nil, nil):
                throw fail("\"contents\" is required: an array of [row, col] pairs (or \"rle\", the pattern in RLE)")
            case (.some, .some):
                throw fail("give either \"rle\" or \"contents\", not both")
            }
        } catch {
            throw ConfigurationError(index: index, message: error.message, exceedsLimit: error.exceedsLimit)
        }
    }

    /// The plane of the course's `contents`: as large as its furthest cell.
    private static func cells(_ contents: JSON) throws(ConfigurationError) -> BitPlane {
        guard let pairs = contents.arrayValue else {
            throw ConfigurationError(index: nil, message: "\"contents\" must be an array of [row, col] pairs, not \(contents.typeName)")
        }
        var check = ContentsCheck()
        guard pairs.count <= Pattern.maxLiveCells else {
            throw ConfigurationError(index: nil, message: ContentsCheck.tooMany(pairs.count))
        }
        for pair in pairs { check.add(ContentsCheck.pair(pair)) }
        if let failure = check.failure { throw ConfigurationError(index: nil, message: failure) }
        var plane = BitPlane(rows: check.rows, cols: check.cols)
        for pair in pairs {
            if let (row, col) = ContentsCheck.pair(pair) { plane[row, col] = true }
        }
        return plane
    }

    /// The wire's JSON array of `configurations` (see ``json``).
    public static func json(_ configurations: [Configuration]) -> JSON { .array(configurations.map(\.json)) }

    /// The stored JSON array of `configurations` (see ``storageJSON``).
    public static func storageJSON(_ configurations: [Configuration]) -> JSON { .array(configurations.map(\.storageJSON)) }

    /// Reads a JSON array of entries (see ``init(decoding:index:)``) within the limits of the
    /// list (``ConfigurationsState/maxCount`` entries, ``ConfigurationsState/maxTotalRLEBytes``
    /// bytes of RLE in all); errors name the element and the field.
    public static func decodeList(_ json: JSON) throws(ConfigurationError) -> [Configuration] {
        guard let elements = json.arrayValue else {
            throw ConfigurationError(
                index: nil, message: "expected an array of {\"title\", \"contents\"} objects, not \(json.typeName)")
        }
        guard elements.count <= ConfigurationsState.maxCount else {
            throw ConfigurationError(
                index: nil, message: "the list holds \(elements.count) configurations; lifed keeps at most \(ConfigurationsState.maxCount)",
                exceedsLimit: true)
        }
        var list: [Configuration] = []
        list.reserveCapacity(elements.count)
        var total = 0
        for (index, element) in elements.enumerated() {
            let configuration = try Configuration(decoding: element, index: index)
            total += configuration.rle.utf8.count
            guard total <= ConfigurationsState.maxTotalRLEBytes else {
                throw ConfigurationError(
                    index: index,
                    message: "the list's patterns take more than \(ConfigurationsState.maxTotalRLEBytes) bytes of RLE, the most lifed keeps",
                    exceedsLimit: true)
            }
            list.append(configuration)
        }
        return list
    }
}
