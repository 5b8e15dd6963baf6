import LifePatterns
import Protocol

/// One pattern of the built-in collection, as its RLE source.
public struct BuiltinPattern: Sendable {
    /// The kinds of pattern in the collection.
    public enum Kind: String, Sendable, CaseIterable {
        /// Never changes.
        case stillLife = "still life"
        /// Returns to its first shape, in place, after a fixed number of generations.
        case oscillator
        /// Returns to its first shape, moved, after a fixed number of generations.
        case spaceship
        /// A small start that takes many generations to settle.
        case methuselah
        /// An oscillator that emits spaceships.
        case gun
        /// Grows without bound on an infinite plane.
        case growth
    }

    /// The common name: the configuration's title.
    public let title: String
    /// What kind of pattern it is.
    public let kind: Kind
    /// The pattern in RLE, header line included.
    public let rle: String

    /// A pattern named `title` whose cells `rle` describes.
    public init(_ title: String, _ kind: Kind, _ rle: String) {
        self.title = title
        self.kind = kind
        self.rle = rle
    }

    /// The pattern read from ``rle``, as a configuration titled ``title``.
    public func configuration() throws(ConfigurationError) -> Configuration {
        try Configuration(title: title, rle: rle)
    }
}

extension BuiltinPattern {
    /// The built-in collection's sources, in the order the collection lists them.
    ///
    /// Each is checked by the tests: it reads, and it has the population, the size and the
    /// behaviour (period, speed, lifespan) the literature gives it.
    public static let all: [BuiltinPattern] = [
        // Still lifes.
        BuiltinPattern("Block", .stillLife, "x = 2, y = 2, rule = B3/S23\n2o$2o!"),
        BuiltinPattern("Beehive", .stillLife, "x = 4, y = 3, rule = B3/S23\nb2o$o2bo$b2o!"),
        BuiltinPattern("Loaf", .stillLife, "x = 4, y = 4, rule = B3/S23\nb2o$o2bo$bobo$2bo!"),
        BuiltinPattern("Boat", .stillLife, "x = 3, y = 3, rule = B3/S23\n2o$obo$bo!"),
        BuiltinPattern("Tub", .stillLife, "x = 3, y = 3, rule = B3/S23\nbo$obo$bo!"),
        BuiltinPattern("Pond", .stillLife, "x = 4, y = 4, rule = B3/S23\nb2o$o2bo$o2bo$b2o!"),
        BuiltinPattern("Ship", .stillLife, "x = 3, y = 3, rule = B3/S23\n2o$obo$b2o!"),

        // Oscillators.
        BuiltinPattern("Blinker", .oscillator, "x = 3, y = 1, rule = B3/S23\n3o!"),
        BuiltinPattern("Toad", .oscillator, "x = 4, y = 2, rule = B3/S23\nb3o$3o!"),
        BuiltinPattern("Beacon", .oscillator, "x = 4, y = 4, rule = B3/S23\n2o$2o$2b2o$2b2o!"),
        BuiltinPattern("Clock", .oscillator, "x = 4, y = 4, rule = B3/S23\n2bo$obo$bobo$bo!"),
        BuiltinPattern(
            "Pulsar", .oscillator,
            """
            x = 13, y = 13, rule = B3/S23
            2b3o3b3o2$o4bobo4bo$o4bobo4bo$o4bobo4bo$2b3o3b3o2$2b3o3b3o$o4bobo4bo$
            o4bobo4bo$o4bobo4bo2$2b3o3b3o!
            """),
        BuiltinPattern("Pentadecathlon", .oscillator, "x = 10, y = 3, rule = B3/S23\n2bo4bo$2ob4ob2o$2bo4bo!"),
        BuiltinPattern("Figure eight", .oscillator, "x = 6, y = 6, rule = B3/S23\n3o$3o$3o$3b3o$3b3o$3b3o!"),
        BuiltinPattern(
            "Tumbler", .oscillator, "x = 9, y = 5, rule = B3/S23\nbo5bo$obo3bobo$o2bobo2bo$2bo3bo$2b2ob2o!"),
        BuiltinPattern(
            "Kok's galaxy", .oscillator,
            "x = 9, y = 9, rule = B3/S23\n6ob2o$6ob2o$7b2o$2o5b2o$2o5b2o$2o5b2o$2o$2ob6o$2ob6o!"),

        // Spaceships.
        BuiltinPattern("Glider", .spaceship, "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!"),
        BuiltinPattern("Lightweight spaceship", .spaceship, "x = 5, y = 4, rule = B3/S23\nbo2bo$o$o3bo$4o!"),
        BuiltinPattern("Middleweight spaceship", .spaceship, "x = 6, y = 5, rule = B3/S23\n3bo$bo3bo$o$o4bo$5o!"),
        BuiltinPattern("Heavyweight spaceship", .spaceship, "x = 7, y = 5, rule = B3/S23\n3b2o$bo4bo$o$o5bo$6o!"),

        // Methuselahs.
        BuiltinPattern("R-pentomino", .methuselah, "x = 3, y = 3, rule = B3/S23\nb2o$2o$bo!"),
        BuiltinPattern("Acorn", .methuselah, "x = 7, y = 3, rule = B3/S23\nbo$3bo$2o2b3o!"),
        BuiltinPattern("Diehard", .methuselah, "x = 8, y = 3, rule = B3/S23\n6bo$2o$bo3b3o!"),
        BuiltinPattern("Thunderbird", .methuselah, "x = 3, y = 5, rule = B3/S23\n3o2$bo$bo$bo!"),

        // Guns.
        BuiltinPattern(
            "Gosper glider gun", .gun,
            """
            x = 36, y = 9, rule = B3/S23
            24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4bobo$
            10bo5bo7bo$11bo3bo$12b2o!
            """),
        BuiltinPattern(
            "Simkin glider gun", .gun,
            """
            x = 33, y = 21, rule = B3/S23
            2o5b2o$2o5b2o2$4b2o$4b2o5$22b2ob2o$21bo5bo$21bo6bo2b2o$21b3o3bo3b2o$26bo4$
            20b2o$20bo$21b3o$23bo!
            """),

        // Infinite growth.
        BuiltinPattern(
            "Infinite growth (10 cells)", .growth, "x = 8, y = 6, rule = B3/S23\n6bo$4bob2o$4bobo$4bo$2bo$obo!"),
        BuiltinPattern("Infinite growth (5x5)", .growth, "x = 5, y = 5, rule = B3/S23\n3obo$o$3b2o$b2obo$obobo!"),
        BuiltinPattern("Infinite growth (one row)", .growth, "x = 39, y = 1, rule = B3/S23\n8ob5o3b3o6b7ob5o!"),
    ]
}

extension Configuration {
    /// The collection built into lifed: what `configurations.fetch` gives with no URL and no
    /// `lifed --configurations`. Read from ``BuiltinPattern/all`` once, at first use; a
    /// source that does not read (a bug the tests catch) is left out rather than trapping.
    public static let builtin: [Configuration] = BuiltinPattern.all.compactMap { try? $0.configuration() }
}
