import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

/// Configurations kept as canonical RLE: their forms, and the limits of one and of the list.
final class ConfigurationTests: XCTestCase {
    private typealias C = Pattern.Coordinate

    // MARK: Forms

    func testAConfigurationKeepsCanonicalRLEAndTheFactsTheWireShows() throws {
        // Comments and the name go; the cells keep their place, up to the furthest one; the rule stays.
        let configuration = try Configuration(title: "Dots", rle: "#N ignored\n#C a comment\nx = 9, y = 7, rule = 23/36\n2$3bo$4b2o\n!")
        XCTAssertEqual(configuration.rle, "x = 6, y = 4, rule = B36/S23\n2$3bo$4b2o!\n")
        XCTAssertEqual(configuration.rows, 4)
        XCTAssertEqual(configuration.cols, 6)
        XCTAssertEqual(configuration.population, 3)
        XCTAssertEqual(configuration.rule, .highLife)
        XCTAssertEqual(configuration.liveCells, [C(row: 2, col: 3), C(row: 3, col: 4), C(row: 3, col: 5)])
        XCTAssertEqual(configuration.json, ["title": "Dots", "rows": 4, "cols": 6, "population": 3, "rule": "B36/S23"])
        XCTAssertEqual(
            configuration.jsonWithPattern,
            ["title": "Dots", "rows": 4, "cols": 6, "population": 3, "rule": "B36/S23", "rle": "x = 6, y = 4, rule = B36/S23\n2$3bo$4b2o!\n"])
        XCTAssertEqual(configuration.storageJSON, ["title": "Dots", "rle": "x = 6, y = 4, rule = B36/S23\n2$3bo$4b2o!\n"])
        // Without a rule, none is written, and the wire says null.
        let plain = try Configuration(title: "", rle: "x = 1, y = 1\no!")
        XCTAssertEqual(plain.rle, "x = 1, y = 1\no!\n")
        XCTAssertEqual(plain.json["rule"], .null)
        // No cells: 0 x 0.
        let empty = try Configuration(title: "Nothing", rle: "x = 5, y = 5\n!")
        XCTAssertEqual(empty.rle, "x = 0, y = 0\n!\n")
        XCTAssertEqual([empty.rows, empty.cols, empty.population], [0, 0, 0])
    }

    func testTheCoursesContentsAndRLEReadAsTheSameConfiguration() throws {
        let fromContents = try Configuration(decoding: ["title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]], "author": "x"])
        let fromRLE = try Configuration(decoding: ["title": "Glider", "rle": "x = 3, y = 3\nbo$2bo$3o!"])
        XCTAssertEqual(fromContents, fromRLE)
        XCTAssertEqual(try Configuration(title: "Glider", cells: fromRLE.liveCells), fromRLE)
        // Duplicates and any order are fine.
        XCTAssertEqual(try Configuration(decoding: ["title": "Glider", "contents": [[2, 2], [0, 1], [2, 0], [1, 2], [2, 1], [0, 1]]]), fromRLE)
    }

    func testStorageRoundTripsAndReadsTheOlderForm() throws {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<100 {
            let rows = Int.random(in: 1...30, using: &generator)
            let cols = Int.random(in: 1...150, using: &generator)
            var cells: [C] = []
            for row in 0..<rows {
                for col in 0..<cols where Int.random(in: 0..<4, using: &generator) == 0 { cells.append(C(row: row, col: col)) }
            }
            let configuration = try Configuration(title: "t\(rows)", cells: cells)
            XCTAssertEqual(configuration.liveCells, cells)
            XCTAssertEqual(try Configuration(storageJSON: configuration.storageJSON), configuration)
            // State files written before configurations were RLE: {"title", "contents"}.
            let older: JSON = ["title": .string(configuration.title), "contents": .array(cells.map { [.int($0.row), .int($0.col)] })]
            XCTAssertEqual(try Configuration(storageJSON: older), configuration)
            let list = [configuration, try Configuration(title: "dot", cells: [C(row: 0, col: 0)])]
            XCTAssertEqual(try Configuration.decodeList(Configuration.storageJSON(list)), list)
        }
    }

    func testMalformedEntriesAreRefusedWithTheirReason() {
        func message(_ json: JSON) -> String {
            do {
                _ = try Configuration(decoding: json, index: 2)
                return "accepted"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(message(["title": "a", "rle": "x = 1, y = 1\no!", "contents": []]), "element 2: give either \"rle\" or \"contents\", not both")
        XCTAssertEqual(message(["title": "a"]), "element 2: \"contents\" is required: an array of [row, col] pairs (or \"rle\", the pattern in RLE)")
        XCTAssertEqual(message(["title": "a", "rle": 3]), "element 2: \"rle\" must be a string, not number")
        XCTAssertEqual(message(["title": "a", "rle": "x = 1, y = 1\n2o!"]), "element 2: rle: line 2, column 1: this run ends at column 2, beyond the header's x = 1")
        XCTAssertEqual(message(["title": "a", "rle": "x = 1, y = 1\no"]), "element 2: rle: line 2, column 2: the pattern ends without '!'")
        XCTAssertEqual(message(["rle": "x = 1, y = 1\no!"]), "element 2: \"title\" is required: a string")
        XCTAssertEqual(message(["title": "a", "contents": [[0, 4096]]]), "element 2: contents[0] lies beyond the largest pattern lifed reads: rows and columns go from 0 to 4095")
        XCTAssertEqual(message("x"), "element 2: must be an object with \"title\" and \"contents\", not string")
    }

    // MARK: The limit of one configuration

    func testOneConfigurationTakesAtMostOneMebibyteOfRLE() throws {
        let largest = try Configuration.filler(rleBytes: Configuration.maxRLEBytes)
        XCTAssertEqual(largest.rle.utf8.count, 1 << 20)
        XCTAssertEqual(try Configuration(title: "again", rle: largest.rle).rle, largest.rle)

        let pattern = try PatternFormat.rle.read(Configuration.fillerRLE(bytes: Configuration.maxRLEBytes + 1))
        XCTAssertThrowsError(try Configuration(title: "over", pattern: pattern)) { error in
            let error = error as? ConfigurationError
            XCTAssertEqual(error?.exceedsLimit, true)
            XCTAssertEqual(error?.message, "the pattern takes more than 1048576 bytes of RLE, the most one configuration may")
        }
        // Sent as an action: limit-exceeded, however the pattern is given.
        let action: JSON = ["type": "configurations.add", "title": "over", "rle": .string(Configuration.fillerRLE(bytes: Configuration.maxRLEBytes + 1))]
        XCTAssertThrowsError(try AppAction(json: action)) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .limitExceeded)
            XCTAssertEqual(
                (error as? ProtocolError)?.message,
                "configurations.add: the pattern takes more than 1048576 bytes of RLE, the most one configuration may")
        }
        let largestAction: JSON = ["type": "configurations.add", "title": "largest", "rle": .string(largest.rle)]
        XCTAssertEqual(try AppAction(json: largestAction), .configurations(.add(try Configuration(title: "largest", rle: largest.rle))))
        // Malformed is still invalid-argument.
        XCTAssertThrowsError(try AppAction(json: ["type": "configurations.add", "title": "x", "rle": "x = 1"])) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .invalidArgument)
        }
    }

    // MARK: The limit of the list

    func testTheListHoldsAtMostEightMebibytesOfRLE() throws {
        var state = ConfigurationsState()
        // Seven of the largest, then one that fills the list to the byte.
        state.configs = Array(repeating: try Configuration.filler(rleBytes: Configuration.maxRLEBytes), count: 7)
        let last = try Configuration.filler(rleBytes: ConfigurationsState.maxTotalRLEBytes - state.totalRLEBytes - 29)
        XCTAssertNil(state.refusal(adding: last))
        state.configs.append(last)
        let smallest = try Configuration(title: "dot", rle: "x = 1, y = 1, rule = B1/S\no!")
        XCTAssertEqual(smallest.rle.utf8.count, 29)
        XCTAssertNil(state.refusal(adding: smallest), "exactly at the limit")
        state.configs.append(smallest)
        XCTAssertEqual(state.totalRLEBytes, 8 << 20)
        let refusal = state.refusal(adding: smallest)
        XCTAssertEqual(refusal?.code, .limitExceeded)
        XCTAssertEqual(
            refusal?.message,
            "dot takes 29 bytes of RLE and the list already holds 8388608 of the 8388608 it may; clear it first")

        // A list that is read whole (a fetch, a state file) is held to the same limit.
        XCTAssertEqual(try Configuration.decodeList(Configuration.storageJSON(state.configs)), state.configs)
        XCTAssertThrowsError(try Configuration.decodeList(Configuration.storageJSON(state.configs + [smallest]))) { error in
            XCTAssertEqual(
                (error as? ConfigurationError)?.description,
                "element 9: the list's patterns take more than 8388608 bytes of RLE, the most lifed keeps")
            XCTAssertEqual((error as? ConfigurationError)?.exceedsLimit, true)
        }
        XCTAssertThrowsError(try ConfigurationsState(storageJSON: ["isFetching": false, "configs": Configuration.storageJSON(state.configs + [smallest]), "error": nil])) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .limitExceeded)
        }
    }

    func testTheListHoldsAtMostTenThousandConfigurations() throws {
        let dot = try Configuration(title: "dot", rle: "x = 1, y = 1\no!")
        var state = ConfigurationsState(configs: Array(repeating: dot, count: ConfigurationsState.maxCount - 1))
        XCTAssertNil(state.refusal(adding: dot))
        state.configs.append(dot)
        XCTAssertEqual(state.refusal(adding: dot), ProtocolError(.invalidArgument, "the list already holds 10000 configurations; clear it first"))
        XCTAssertEqual(try Configuration.decodeList(Configuration.storageJSON(state.configs)).count, 10_000)
        XCTAssertThrowsError(try Configuration.decodeList(Configuration.storageJSON(state.configs + [dot]))) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description, "the list holds 10001 configurations; lifed keeps at most 10000")
        }
    }

    // MARK: Fetched and added

    func testAStateFileKeepsWhichEntriesUsersAddedAndOlderFilesReadAsFetched() throws {
        let dot = try Configuration(title: "dot", rle: "x = 1, y = 1\no!")
        let bar = try Configuration(title: "bar", rle: "x = 2, y = 1\n2o!")
        let state = ConfigurationsState(configs: [dot, bar, dot], error: "unreachable", fetchedCount: 1)
        XCTAssertEqual(Array(state.added), [bar, dot])
        XCTAssertEqual(try ConfigurationsState(storageJSON: state.storageJSON), state)
        XCTAssertEqual(state.json["fetchedCount"], 1)
        // Written before users' entries were told apart: every entry counts as fetched.
        let older: JSON = ["isFetching": false, "configs": Configuration.storageJSON([dot, bar]), "error": nil]
        XCTAssertEqual(try ConfigurationsState(storageJSON: older).fetchedCount, 2)
        // A count past the list is refused, not trusted.
        var members = state.storageJSON.objectValue ?? [:]
        members["fetchedCount"] = 4
        XCTAssertThrowsError(try ConfigurationsState(storageJSON: .object(members)))
    }

    // MARK: Finding one

    func testASelectorFindsByIndexOrTitle() throws {
        let glider = try Configuration(title: "Glider", rle: "x = 3, y = 3\nbo$2bo$3o!")
        let lower = try Configuration(title: "glider", rle: "x = 1, y = 1\no!")
        let state = ConfigurationsState(configs: [lower, glider])
        XCTAssertEqual(try state.find(.title("Glider")).index, 1, "an exact title first")
        XCTAssertEqual(try state.find(.title("GLIDER")).index, 0, "else the first ignoring case")
        XCTAssertEqual(try state.find(.index(1)).configuration, glider)
        XCTAssertThrowsError(try state.find(.index(2))) { error in
            XCTAssertEqual((error as? ProtocolError)?.message, "index 2 is out of range: there are 2 configurations (0 to 1)")
        }
        XCTAssertThrowsError(try ConfigurationsState().find(.title("x"))) { error in
            XCTAssertEqual((error as? ProtocolError)?.message, "there are no configurations; send configurations.fetch first")
        }
    }
}

extension Configuration {
    /// A configuration whose canonical RLE takes exactly `bytes` bytes (29 or more): see
    /// ``fillerRLE(bytes:)``.
    static func filler(rleBytes bytes: Int, title: String = "filler") throws -> Configuration {
        let configuration = try Configuration(title: title, rle: fillerRLE(bytes: bytes))
        XCTAssertEqual(configuration.rle.utf8.count, bytes, "the filler's arithmetic")
        return configuration
    }

    /// Canonical RLE of exactly `bytes` bytes (29 or more, up to about 16 MB): `m` isolated live
    /// cells, row after row of a 4096-column pattern at every other column, so that every token
    /// is one character (`o`, `b`, `$`, `!`), 70 to a line; then a rule whose notation is 0 to 16
    /// characters longer than `B1/S` makes up the last bytes.
    static func fillerRLE(bytes: Int) -> String {
        func header(_ m: Int, _ rule: String) -> String {
            let cols = m <= 2048 ? 2 * m - 1 : 4095
            return "x = \(cols), y = \((m - 1) / 2048 + 1), rule = \(rule)\n"
        }
        // 2m one-character tokens ('o' for each cell, 'b' or '$' before all but the first, '!'),
        // a newline after every 70 and one at the end.
        func length(_ m: Int) -> Int { header(m, "B1/S").utf8.count + 2 * m + (2 * m + 69) / 70 }
        var m = max(1, (bytes - 40) * 35 / 71)
        while m > 1 && length(m) > bytes { m -= 1 }
        while length(m + 1) <= bytes { m += 1 }
        let extra = bytes - length(m)
        precondition(extra >= 0 && extra <= 16, "no filler of \(bytes) bytes")
        // B1/S, B12/S, …, B12345678/S, then S0, S01, … S012345678.
        let birth = "12345678".prefix(1 + min(extra, 7))
        let survival = "012345678".prefix(max(0, extra - 7))
        var body = ""
        for index in 0..<m {
            if index > 0 { body += index % 2048 == 0 ? "$" : "b" }
            body += "o"
        }
        return header(m, "B\(birth)/S\(survival)") + body + "!"
    }
}
