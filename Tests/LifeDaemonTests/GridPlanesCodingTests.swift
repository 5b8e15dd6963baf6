import LifeDaemon
import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// The compact planes of a jump's record: every grid reads back as itself, and damaged bytes are
/// refused with a reason.
final class GridPlanesCodingTests: XCTestCase {
    func testBase64MatchesRFC4648() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(Base64.decode(encoded), Array(plain.utf8), encoded)
        }
        let all = (0...255).map(UInt8.init)
        XCTAssertEqual(Base64.decode(Base64.encode(all)), all)
        for bad in ["Zg=", "Zg==Zg==", "Z===", "Zh==", "Zm9=", "Zm 9", "Zm9v\n", "=AAA", "****"] {
            XCTAssertNil(Base64.decode(bad), bad)
        }
    }

    /// Grids of every shape and density, with all four cell states, read back exactly.
    func testEveryGridReadsBackAsItself() throws {
        var random = SplitMix64(seed: 11)
        let shapes = [(0, 0), (0, 5), (5, 0), (1, 1), (1, 64), (3, 63), (3, 65), (7, 128), (64, 200), (100, 1)]
        for (rows, cols) in shapes {
            for density in [0.0, 0.01, 0.5, 1.0] {
                var grid = Grid(rows: rows, cols: cols)
                for row in 0..<rows {
                    for col in 0..<cols where Double(random.next() % 1000) < density * 1000 {
                        grid[row, col] = [Cell.alive, .born, .died][Int(random.next() % 3)]
                    }
                }
                let text = GridPlanesCoding.text(of: grid)
                XCTAssertEqual(try GridPlanesCoding.grid(rows: rows, cols: cols, text: text), grid, "\(rows)x\(cols) at \(density)")
            }
        }
    }

    /// Empty stretches cost almost nothing, and a still world's second plane is empty.
    func testSparseAndSettledGridsAreSmall() {
        XCTAssertEqual(GridPlanesCoding.bytes(of: Grid(rows: 4096, cols: 4096)).count, 8, "two runs of zeros, two varints each")
        var still = Grid(rows: 4096, cols: 4096)
        for (row, col) in [(10, 10), (10, 11), (11, 10), (11, 11)] { still[row, col] = .alive }
        XCTAssertLessThan(GridPlanesCoding.bytes(of: still).count, 40)
        var dense = Grid(rows: 64, cols: 64)
        for row in 0..<64 { for col in 0..<64 { dense[row, col] = .born } }
        XCTAssertEqual(GridPlanesCoding.bytes(of: dense).count, 2 * (1 + 1 + 64 * 8), "a run of 64 literal words per plane")
    }

    func testDamagedPlanesAreRefused() {
        var grid = Grid(rows: 2, cols: 70)
        grid[1, 69] = .born
        let bytes = GridPlanesCoding.bytes(of: grid)
        XCTAssertEqual(try GridPlanesCoding.grid(rows: 2, cols: 70, bytes: bytes), grid)
        // A live cell past the last column: word 3 (row 1's second word) with bit 6 (column 70).
        var stray = Grid(rows: 2, cols: 128)
        stray[1, 70] = .alive
        let cases: [(rows: Int, cols: Int, bytes: [UInt8], mentions: String)] = [
            (2, 70, Array(bytes.dropLast()), "end in the middle"),
            (2, 70, bytes + [0], "after its planes"),
            (3, 70, bytes, "too long"),
            (1, 70, bytes, "too long"),
            (2, 70, [0, 0] + bytes, "empty run"),
            (2, 70, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], "too long"),
            (2, 70, GridPlanesCoding.bytes(of: stray), "past its last column"),
            (4097, 1, [], "size"),
            (-1, 1, [], "size"),
        ]
        for (rows, cols, bytes, mentions) in cases {
            XCTAssertThrowsError(try GridPlanesCoding.grid(rows: rows, cols: cols, bytes: bytes), "\(rows)x\(cols) \(bytes)") { error in
                XCTAssertTrue("\(error)".contains(mentions), "\(error)")
            }
        }
    }
}
