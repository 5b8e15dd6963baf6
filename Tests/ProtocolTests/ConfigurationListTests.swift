import LifeGrid
import LifePatterns
import Protocol
import XCTest

/// The chunked list of configurations behaves as an array of them, versions share their chunks,
/// and the comparisons the publisher relies on tell shared entries from copies.
final class ConfigurationListTests: XCTestCase {
    private func entries(_ count: Int, prefix: String = "c") throws -> [Configuration] {
        try (0..<count).map { try Configuration(title: "\(prefix)\($0)", rle: "x = 1, y = 1\no!") }
    }

    func testItIsTheArrayItWasMadeFromAcrossChunkBoundaries() throws {
        let size = ConfigurationList.chunkSize
        for count in [0, 1, size - 1, size, size + 1, 3 * size + 7] {
            let model = try entries(count)
            var list = ConfigurationList(model)
            XCTAssertEqual(list.array, model, "\(count)")
            XCTAssertEqual(Array(list), model)
            XCTAssertEqual(list.count, count)
            let extra = try Configuration(title: "extra", rle: "x = 2, y = 1\n2o!")
            list.append(extra)
            XCTAssertEqual(list.array, model + [extra])
        }
    }

    func testRemovingAnywhereIsRemovingFromTheArray() throws {
        let size = ConfigurationList.chunkSize
        let model = try entries(2 * size + 5)
        for index in [0, 1, size - 1, size, size + 1, 2 * size, 2 * size + 4] {
            var list = ConfigurationList(model)
            var expected = model
            XCTAssertEqual(list.remove(at: index), expected.remove(at: index))
            XCTAssertEqual(list.array, expected, "removed at \(index)")
            // Appending after a removal still fills the chunks in order.
            let extra = try Configuration(title: "extra", rle: "x = 1, y = 1\no!")
            list.append(extra)
            XCTAssertEqual(list[list.count - 1], extra)
            XCTAssertEqual(list.array, expected + [extra])
        }
    }

    func testVersionsShareTheirEntriesAndTheComparisonsSeeIt() throws {
        let old = ConfigurationList(try entries(1000))
        var new = old
        let added = try Configuration(title: "new", rle: "x = 1, y = 1\no!")
        new.append(added)
        XCTAssertEqual(old.count, 1000, "the version before is untouched")
        XCTAssertEqual(old.sameObjectsPrefix(new), 1000)
        XCTAssertEqual(ConfigurationsState.listChange(from: old, to: new), .appended(1000..<1001))
        var removed = new
        removed.remove(at: 300)
        XCTAssertEqual(ConfigurationsState.listChange(from: new, to: removed), .removed(at: 300))
        XCTAssertEqual(ConfigurationsState.listChange(from: removed, to: new), .inserted(at: 300))
        XCTAssertEqual(ConfigurationsState.listChange(from: old, to: old), ConfigurationsState.ListChange.none)
        // Equal copies are not the same objects: the list compares equal, the change is unknown.
        let copies = ConfigurationList(try entries(1000))
        XCTAssertEqual(copies, old)
        XCTAssertEqual(old.sameObjectsPrefix(copies), 0)
        XCTAssertNil(ConfigurationsState.listChange(from: old, to: copies))
        XCTAssertNotEqual(copies, new)
    }
}
