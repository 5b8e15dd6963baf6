import LifeGrid
import LifeTestSupport
import LifeJSON
import XCTest

final class JSONPointerTests: XCTestCase {
    /// The example document of RFC 6901 section 5.
    let document: JSON = try! JSON(
        parsing: #"""
            {
              "foo": ["bar", "baz"],
              "": 0,
              "a/b": 1,
              "c%d": 2,
              "e^f": 3,
              "g|h": 4,
              "i\\j": 5,
              "k\"l": 6,
              " ": 7,
              "m~n": 8
            }
            """#)

    private func resolve(_ pointer: String) throws -> JSON? {
        document.value(at: try JSONPointer(parsing: pointer))
    }

    func testRFC6901Section5() throws {
        XCTAssertEqual(try resolve(""), document)
        XCTAssertEqual(try resolve("/foo"), ["bar", "baz"])
        XCTAssertEqual(try resolve("/foo/0"), "bar")
        XCTAssertEqual(try resolve("/"), 0)
        XCTAssertEqual(try resolve("/a~1b"), 1)
        XCTAssertEqual(try resolve("/c%d"), 2)
        XCTAssertEqual(try resolve("/e^f"), 3)
        XCTAssertEqual(try resolve("/g|h"), 4)
        XCTAssertEqual(try resolve(#"/i\j"#), 5)
        XCTAssertEqual(try resolve(#"/k"l"#), 6)
        XCTAssertEqual(try resolve("/ "), 7)
        XCTAssertEqual(try resolve("/m~0n"), 8)
    }

    func testParsingTokens() throws {
        XCTAssertEqual(try JSONPointer(parsing: "").tokens, [])
        XCTAssertEqual(try JSONPointer(parsing: "/").tokens, [""])
        XCTAssertEqual(try JSONPointer(parsing: "//").tokens, ["", ""])
        XCTAssertEqual(try JSONPointer(parsing: "/a/b/").tokens, ["a", "b", ""])
        XCTAssertEqual(try JSONPointer(parsing: "/~01").tokens, ["~1"])  // not "/"
        XCTAssertEqual(try JSONPointer(parsing: "/~10").tokens, ["/0"])
        XCTAssertEqual(try JSONPointer(parsing: "/~0~1~0").tokens, ["~/~"])
        XCTAssertEqual(try JSONPointer(parsing: "/é/😀").tokens, ["é", "😀"])
        XCTAssertEqual(try JSONPointer(parsing: "/\u{301}x").tokens, ["\u{301}x"])  // combining mark after '/'
    }

    func testInvalidPointers() {
        for text in ["a", "a/b", "#/a", "/~", "/~2", "/a~", "/~a", "/~~0", " /a"] {
            XCTAssertThrowsError(try JSONPointer(parsing: text), text) { error in
                XCTAssertEqual((error as? JSONPointerError)?.pointer, text)
            }
        }
        do {
            _ = try JSONPointer(parsing: "x/y")
        } catch {
            XCTAssertEqual(error.description, #"invalid JSON pointer "x/y": a non-empty pointer must start with '/'"#)
        }
    }

    func testDescriptionRoundTrip() throws {
        XCTAssertEqual(JSONPointer.root.description, "")
        XCTAssertEqual(JSONPointer(tokens: [""]).description, "/")
        XCTAssertEqual(JSONPointer(tokens: ["a/b", "m~n", "~1"]).description, "/a~1b/m~0n/~01")
        var g = SplitMix64(seed: 6901)
        for _ in 0..<500 {
            let tokens = (0..<Int.random(in: 0...4, using: &g)).map { _ in RandomJSON.string(&g, maxLength: 5) }
            let pointer = JSONPointer(tokens: tokens)
            XCTAssertEqual(try JSONPointer(parsing: pointer.description), pointer)
        }
    }

    func testNavigationHelpers() throws {
        let p = try JSONPointer(parsing: "/a/b")
        XCTAssertEqual(p.appending("c~/").description, "/a/b/c~0~1")
        XCTAssertEqual(p.appending(index: 3).tokens, ["a", "b", "3"])
        XCTAssertEqual(p.parent, try JSONPointer(parsing: "/a"))
        XCTAssertEqual(p.parent?.parent, .root)
        XCTAssertNil(JSONPointer.root.parent)
        XCTAssertTrue(JSONPointer.root.isRoot)
        XCTAssertFalse(p.isRoot)
        XCTAssertEqual(p.lastToken, "b")
        XCTAssertTrue(p.hasPrefix(.root))
        XCTAssertTrue(p.hasPrefix(p))
        XCTAssertTrue(p.hasPrefix(try JSONPointer(parsing: "/a")))
        XCTAssertFalse(p.hasPrefix(try JSONPointer(parsing: "/a/b/c")))
        XCTAssertFalse(p.hasPrefix(try JSONPointer(parsing: "/a/bc")))
        XCTAssertFalse(try JSONPointer(parsing: "/a/bc").hasPrefix(p))
    }

    func testArrayIndices() throws {
        let array: JSON = ["x": [10, 11, 12]]
        func at(_ s: String) throws -> JSON? { array.value(at: try JSONPointer(parsing: s)) }
        XCTAssertEqual(try at("/x/0"), 10)
        XCTAssertEqual(try at("/x/2"), 12)
        XCTAssertNil(try at("/x/3"))
        XCTAssertNil(try at("/x/-"))
        XCTAssertNil(try at("/x/01"))
        XCTAssertNil(try at("/x/00"))
        XCTAssertNil(try at("/x/-1"))
        XCTAssertNil(try at("/x/+1"))
        XCTAssertNil(try at("/x/1.0"))
        XCTAssertNil(try at("/x/ 1"))
        XCTAssertNil(try at("/x/"))
        XCTAssertNil(try at("/x/99999999999999999999999"))
        XCTAssertNil(try at("/x/٣"))  // non-ASCII digit
        XCTAssertNil(try at("/x/0/y"))  // into a scalar
        XCTAssertNil(try at("/y"))
        XCTAssertEqual(JSON.object(["0": 5]).value(at: JSONPointer(tokens: ["0"])), 5)
    }
}
