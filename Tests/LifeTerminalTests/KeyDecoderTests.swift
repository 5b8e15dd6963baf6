import LifeTerminal
import XCTest

/// Bytes from a raw terminal into keys, including sequences split across reads.
final class KeyDecoderTests: XCTestCase {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    func testPrintableKeysEnterAndControls() {
        XCTAssertEqual(decode("q n"), [.character("q"), .character(" "), .character("n")])
        XCTAssertEqual(decode("\r\n"), [.enter, .enter])
        XCTAssertEqual(decode("\u{03}"), [.interrupt])
        XCTAssertEqual(decode("\u{03}"), [.control("c")])
        XCTAssertEqual(decode("\u{1A}\u{0C}\t\u{7F}"), [.control("z"), .control("l"), .tab, .backspace])
    }

    func testArrowsInBothForms() {
        XCTAssertEqual(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [.up, .down, .right, .left])
        XCTAssertEqual(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD"), [.up, .down, .right, .left])
        // Modifiers are ignored.
        XCTAssertEqual(decode("\u{1B}[1;5C"), [.right])
    }

    func testOtherSequences() {
        XCTAssertEqual(decode("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[3~"), [.pageUp, .pageDown, .home, .end, .delete])
        XCTAssertEqual(decode("\u{1B}OP\u{1B}[15~"), [.function(1), .function(5)])
        XCTAssertEqual(decode("\u{1B}[99x"), [.unknown("CSI 99x")])
    }

    func testSequencesSplitAcrossReads() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.decode(Array("[".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("Ax".utf8)), [.up, .character("x")])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.decode(Array("\u{1B}[1;".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("5D".utf8)), [.left])
        XCTAssertEqual(decoder.decode(Array("\u{1B}O".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("B".utf8)), [.down])
    }

    func testUTF8SplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("é日".utf8)
        XCTAssertEqual(decoder.decode(bytes[0..<1]), [])
        XCTAssertEqual(decoder.decode(bytes[1..<3]), [.character("é")])
        XCTAssertEqual(decoder.decode(bytes[3...]), [.character("日")])
        XCTAssertEqual(decoder.decode([0xFF]), [.character("\u{FFFD}")])
    }

    func testALoneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertEqual(decoder.flush(), [.escape])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [])
        // Escape, then a key in the same read (Alt+key) is Escape and the key.
        XCTAssertEqual(decoder.decode(Array("\u{1B}q".utf8)), [.escape, .character("q")])
        XCTAssertEqual(decoder.decode(Array("\u{1B}\u{1B}[A".utf8)), [.escape, .up])
        // An unfinished sequence given up on is dropped after an Escape.
        XCTAssertEqual(decoder.decode(Array("\u{1B}[1".utf8)), [])
        XCTAssertEqual(decoder.flush(), [.escape])
    }
}
