import LifeGrid
import LifeJSON

/// One entry of the list of configurations: a title and a pattern, kept as RLE text.
///
/// The pattern's cells keep their positions (as the course's `[row, col]` pairs do) and its
/// rectangle ends at the furthest live cell: `rows` and `cols` are one more than the largest
/// row and column of a live cell (0 x 0 when none is). ``rle`` is the pattern in canonical RLE
/// (the header `x = cols, y = rows`, with `, rule = …` only when the pattern names a rule, then
/// the runs, lines of at most 70 characters), at most ``maxRLEBytes`` long. A configuration is
/// always valid: every initializer checks what it is given.
///
/// Three JSON forms: the wire's ``json`` shows the title, size, population and rule, not the
/// cells (the state document stays small however large the patterns; `configurations.read`
/// fetches one's RLE); ``storageJSON`` is `{"title", "rle"}`, what a state file keeps; and
/// ``init(decoding:index:)`` reads an entry as clients, lists and files give it, in either form
/// of the course: `{"title", "rle"}` or `{"title", "contents": [[row, col], …]}`.
public struct Configuration: Hashable, Sendable {
    /// What a configuration holds, in one object: every version of a list of 10000 shares its
    /// entries, so copying the list (the store keeps the state before each change) costs one
    /// reference an entry, not one for each string and the JSON.
    private final class Storage: Sendable {
        let title: String
        let rle: String
        let rows: Int
        let cols: Int
        let population: Int
        let rule: Rule?
        let json: JSON
        init(title: String, rle: String, rows: Int, cols: Int, population: Int, rule: Rule?) {
            self.title = title
            self.rle = rle
            self.rows = rows
            self.cols = cols
            self.population = population
            self.rule = rule
            self.json = [
                "title": .string(title), "rows": .int(rows), "cols": .int(cols), "population": .int(population),
                "rule": rule.map { .string($0.notation) } ?? .null,
            ]
        }
    }
    private let storage: Storage

    /// The configuration's name (any string; titles need not be unique).
    public var title: String { storage.title }
    /// The pattern in canonical RLE.
    public var rle: String { storage.rle }
    /// The height of the pattern: one more than the furthest live cell's row.
    public var rows: Int { storage.rows }
    /// The width of the pattern: one more than the furthest live cell's column.
    public var cols: Int { storage.cols }
    /// The number of live cells.
    public var population: Int { storage.population }
    /// The rule the pattern names, if it names one.
    public var rule: Rule? { storage.rule }
    /// The wire's entry: `{"title", "rows", "cols", "population", "rule"}` (`rule` is null when
    /// the pattern names none). Made once, when the configuration is: every version of the
    /// list shares each entry's JSON, so rendering a list of 10000 and comparing it with the
    /// last one costs pointers, not dictionaries.
    public var json: JSON { storage.json }

    /// The most bytes one configuration's ``rle`` may take: 1 MiB.
    public static let maxRLEBytes = 1 << 20

    /// `pattern`'s live and dying cells (at their positions) and rule, under `title`; its name, comments,
    /// topology and world size are not kept. Fails when the RLE would take more than
    /// ``maxRLEBytes`` (writing stops there) or the pattern is larger than ``Pattern/maxSide``.
    public init(title: String, pattern: Pattern) throws(ConfigurationError) {
        if let violation = pattern.limitViolation { throw ConfigurationError(index: nil, message: violation) }
        let box = pattern.boundingBox
        let kept = CellRect(row: 0, col: 0, rows: box.map { $0.row + $0.rows } ?? 0, cols: box.map { $0.col + $0.cols } ?? 0)
        let cells = pattern.cells.cropped(to: kept)
        let written: String?
        if pattern.hasDyingCells {
            // Dying cells (Generations) in Golly's multi-state letters.
            var multiState = Pattern(cells: cells, rule: pattern.rule)
            multiState.dying = pattern.dying.map { $0.cropped(to: kept) }
            let text = "x = \(cells.cols), y = \(cells.rows)" + (pattern.rule.map { ", rule = \($0.notation)" } ?? "") + "\n"
                + RLEFormat.multiStateBody(of: multiState)
            written = text.utf8.count <= Self.maxRLEBytes ? text : nil
        } else {
            written = RLEFormat.write(cells: cells, rule: pattern.rule, limit: Self.maxRLEBytes)
        }
        guard let rle = written else {
            throw ConfigurationError(
                index: nil, message: "the pattern takes more than \(Self.maxRLEBytes) bytes of RLE, the most one configuration may",
                exceedsLimit: true)
        }
        storage = Storage(title: title, rle: rle, rows: cells.rows, cols: cells.cols, population: cells.population, rule: pattern.rule)
    }

    /// How many entries from `a[i]` and `b[j]` on are the very same configurations (the same
    /// object, as versions of a list share them): pointers compared, never strings, so two
    /// versions of a list of 10000 compare in microseconds. Entries after that may still be equal.
    public static func sameObjectsPrefix(_ a: [Configuration], from i: Int, _ b: [Configuration], from j: Int) -> Int {
        // One reference each: the same bits are the same object.
        sameBitsPrefix(a, i, b, j)
    }

    /// Whether the two are the same object (as versions of a list share them), not only equal.
    public func isSameObject(as other: Configuration) -> Bool { storage === other.storage }

    // Equal and hashed by what it is (the same object is equal at once); `json` follows from it.
    public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.title == rhs.title && lhs.rle == rhs.rle && lhs.rows == rhs.rows && lhs.cols == rhs.cols
            && lhs.population == rhs.population && lhs.rule == rhs.rule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(rle)
    }

    /// The pattern an RLE text describes (read by ``PatternFormat/rle``), under `title`.
    public init(title: String, rle: String) throws(ConfigurationError) {
        let pattern: Pattern
        do {
            pattern = try PatternFormat.rle.read(rle)
        } catch {
            throw ConfigurationError(index: nil, message: "rle: \(error)")
        }
        try self.init(title: title, pattern: pattern)
    }

    /// The live cells `cells` (rows and columns from 0 to `Pattern.maxSide - 1`), under `title`.
    public init(title: String, cells: some Sequence<Pattern.Coordinate>) throws(ConfigurationError) {
        var check = ContentsCheck()
        let list = Array(cells)
        for cell in list { check.add((cell.row, cell.col)) }
        if let failure = check.failure { throw ConfigurationError(index: nil, message: failure) }
        var plane = BitPlane(rows: check.rows, cols: check.cols)
        for cell in list { plane[cell.row, cell.col] = true }
        try self.init(title: title, pattern: Pattern(cells: plane))
    }

    /// The live cells, in row-major order (made on each call: for tests and small patterns).
    public var liveCells: [Pattern.Coordinate] { ((try? Pattern(configuration: self)) ?? Pattern()).liveCells }
}

/// Why JSON is not a list of ``Configuration``s.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The array element at fault, when the error is about one.
    public var index: Int?
    /// What is wrong with it.
    public var message: String
    /// Whether it is too large (a limit of ``Configuration`` or ``ConfigurationsState``), rather
    /// than malformed.
    public var exceedsLimit: Bool

    /// Creates an error about element `index` (or the whole value when nil).
    public init(index: Int?, message: String, exceedsLimit: Bool = false) {
        self.index = index
        self.message = message
        self.exceedsLimit = exceedsLimit
    }

    /// Reads like "element 3: contents[2] must hold exactly two non-negative integers".
    public var description: String {
        guard let index else { return message }
        return "element \(index): \(message)"
    }
}

/// The course's `contents`, checked pair by pair (wherever they come from: a parsed value, or
/// a file read a pair at a time), and the size of the rectangle up to the furthest cell.
package struct ContentsCheck {
    /// The pairs checked so far.
    package private(set) var count = 0
    /// One more than the largest row of a valid pair.
    package private(set) var rows = 0
    /// One more than the largest column of a valid pair.
    package private(set) var cols = 0
    /// The first bad pair's problem.
    private var problem: String?

    package init() {}

    /// Checks the next pair: its two integers, or nil when it is not a pair of integers.
    package mutating func add(_ pair: (row: Int, col: Int)?) {
        defer { count += 1 }
        guard problem == nil else { return }
        guard let (row, col) = pair, row >= 0, col >= 0 else {
            problem = "contents[\(count)] must hold exactly two non-negative integers"
            return
        }
        guard row < Pattern.maxSide, col < Pattern.maxSide else {
            problem = "contents[\(count)] lies beyond the largest pattern lifed reads: rows and columns go from 0 to \(Pattern.maxSide - 1)"
            return
        }
        rows = max(rows, row + 1)
        cols = max(cols, col + 1)
    }

    /// What is wrong: too many pairs, else the first bad pair; nil when nothing is.
    package var failure: String? { count > Pattern.maxLiveCells ? Self.tooMany(count) : problem }

    package static func tooMany(_ count: Int) -> String { "\"contents\" has \(count) cells; lifed reads at most \(Pattern.maxLiveCells)" }

    /// The two integers of a `[row, col]` value, or nil.
    package static func pair(_ value: JSON) -> (row: Int, col: Int)? {
        guard let pair = value.arrayValue, pair.count == 2, let row = pair[0].intValue, let col = pair[1].intValue else { return nil }
        return (row, col)
    }
}

extension Pattern {
    /// The pattern of a configuration, named by its title (unless empty). Fails only when the
    /// stored RLE does not read, which a configuration's checks rule out.
    public init(configuration: Configuration) throws(ConfigurationError) {
        do {
            self = try PatternFormat.rle.read(configuration.rle)
        } catch {
            throw ConfigurationError(index: nil, message: "\(configuration.title): rle: \(error)")
        }
        name = configuration.title.isEmpty ? nil : configuration.title
    }
}
