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

    func testPageHomeEndAndShiftArrowsAsTerminalsSendThem() {
        // xterm (and tmux with its default xterm-keys): CSI with a modifier, SS3 home and end.
        XCTAssertEqual(decode("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;2C\u{1B}[1;2D"), [.shiftUp, .shiftDown, .shiftRight, .shiftLeft])
        XCTAssertEqual(decode("\u{1B}[5~\u{1B}[6~\u{1B}OH\u{1B}OF\u{1B}[H\u{1B}[F"), [.pageUp, .pageDown, .home, .end, .home, .end])
        // Shift with Ctrl is still Shift; Ctrl or Alt alone is a plain arrow.
        XCTAssertEqual(decode("\u{1B}[1;6A\u{1B}[1;5A\u{1B}[1;3D"), [.shiftUp, .up, .left])
        // Some xterms put the modifier into SS3.
        XCTAssertEqual(decode("\u{1B}O2C\u{1B}O5C"), [.shiftRight, .right])
        // tmux and screen (TERM=screen, tmux): home and end as CSI 1 ~ and 4 ~; modified page keys.
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}[4~\u{1B}[5;2~\u{1B}[6;5~"), [.home, .end, .pageUp, .pageDown])
        // rxvt: home and end as 7 ~ and 8 ~, Shift-arrows as lower-case finals, Ctrl-arrows in SS3,
        // Shift-, Ctrl- and Ctrl-Shift-modified editing keys ending in $, ^ and @.
        XCTAssertEqual(decode("\u{1B}[7~\u{1B}[8~"), [.home, .end])
        XCTAssertEqual(decode("\u{1B}[a\u{1B}[b\u{1B}[c\u{1B}[d"), [.shiftUp, .shiftDown, .shiftRight, .shiftLeft])
        XCTAssertEqual(decode("\u{1B}Oa\u{1B}Ob\u{1B}Oc\u{1B}Od"), [.up, .down, .right, .left])
        XCTAssertEqual(decode("\u{1B}[5$q\u{1B}[6^\u{1B}[7$\u{1B}[8@"), [.pageUp, .character("q"), .pageDown, .home, .end])
        // The Linux console: the same numbers for home and end, and its own F1–F5.
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}[4~\u{1B}[[A\u{1B}[[E\u{1B}[11~"), [.home, .end, .function(1), .function(5), .function(1)])
    }

    func testSplitShiftArrowsAndRxvtKeys() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[1".utf8)), [])
        XCTAssertEqual(decoder.decode(Array(";2".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("Cx".utf8)), [.shiftRight, .character("x")])
        XCTAssertEqual(decoder.decode(Array("\u{1B}[5".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("$".utf8)), [.pageUp])
        XCTAssertEqual(decoder.decode(Array("\u{1B}[".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("[".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("B".utf8)), [.function(2)])
    }

    func testSGRMouseReports() {
        // Left press at column 10, row 5 (1-based on the wire, 0-based here), a drag, the release.
        XCTAssertEqual(
            decode("\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m"),
            [.mouse(MouseEvent(.left, .press, row: 4, col: 9)), .mouse(MouseEvent(.left, .drag, row: 4, col: 10)),
             .mouse(MouseEvent(.left, .release, row: 4, col: 10))])
        // Right and middle buttons, the wheel, modifiers, large coordinates.
        XCTAssertEqual(decode("\u{1B}[<2;1;1M"), [.mouse(MouseEvent(.right, .press, row: 0, col: 0))])
        XCTAssertEqual(decode("\u{1B}[<1;300;200M"), [.mouse(MouseEvent(.middle, .press, row: 199, col: 299))])
        XCTAssertEqual(
            decode("\u{1B}[<64;3;4M\u{1B}[<65;3;4M"),
            [.mouse(MouseEvent(.wheelUp, .press, row: 3, col: 2)), .mouse(MouseEvent(.wheelDown, .press, row: 3, col: 2))])
        XCTAssertEqual(decode("\u{1B}[<20;2;2M"), [.mouse(MouseEvent(.left, .press, row: 1, col: 1, shift: true, control: true))])
        // Motion without a button (mode 1003, which lifewatch does not ask for) is still read whole.
        XCTAssertEqual(decode("\u{1B}[<35;5;5M"), [.mouse(MouseEvent(.other, .drag, row: 4, col: 4))])
        // Split anywhere.
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[<0;1".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("2;7".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("Mq".utf8)), [.mouse(MouseEvent(.left, .press, row: 6, col: 11)), .character("q")])
        // Malformed reports are unknown, and nothing of them becomes a key.
        XCTAssertEqual(decode("\u{1B}[<0;0;5M"), [.unknown("CSI <0;0;5M")])
        XCTAssertEqual(decode("\u{1B}[<0;5M"), [.unknown("CSI <0;5M")])
        XCTAssertEqual(decode("\u{1B}[<0;123456;5M"), [.unknown("CSI <0;123456;5M")])
    }

    /// The terminal's answers are reports, not keys: DECRPM's `$ y` is not rxvt's `$` ending
    /// followed by a `y` (which would tick the world).
    func testTheTerminalsAnswers() {
        XCTAssertEqual(decode("\u{1B}[?1016;1$y"), [.report(.mode(1016, setting: 1))])
        XCTAssertEqual(decode("\u{1B}[?1016;0$y"), [.report(.mode(1016, setting: 0))])
        XCTAssertEqual(decode("\u{1B}[?2004;2$y"), [.report(.mode(2004, setting: 2))])
        XCTAssertEqual(decode("\u{1B}[6;18;9t"), [.report(.cellSize(CellPixels(width: 9, height: 18)!))])
        // A cell of no pixels is no size; rxvt's Shift-PageUp still reads as before.
        XCTAssertEqual(decode("\u{1B}[6;0;9t"), [.unknown("CSI 6;0;9t")])
        XCTAssertEqual(decode("\u{1B}[5$"), [.pageUp])
        // Split anywhere.
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[?10".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("16;1$".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("yq".utf8)), [.report(.mode(1016, setting: 1)), .character("q")])
    }

    /// Once the terminal says mode 1016 is set, SGR reports count pixels: the decoder turns them
    /// into cells and says which half of its cell the pointer is in, reading each report in the
    /// mode that held when it came, even within one read.
    func testPixelReportsOnceTheTerminalSaysTheyAreOn() {
        var decoder = KeyDecoder()
        // The same report before and after the answer: cells, then pixels of 10 x 20 cells.
        let keys = decoder.decode(Array("\u{1B}[<0;25;47M\u{1B}[6;20;10t\u{1B}[?1016;1$y\u{1B}[<0;25;47M\u{1B}[<32;25;52m".utf8))
        XCTAssertEqual(
            keys,
            [
                .mouse(MouseEvent(.left, .press, row: 46, col: 24)), .report(.cellSize(CellPixels(width: 10, height: 20)!)),
                .report(.mode(1016, setting: 1)),
                // Pixel (46, 24) from 0: line 2, column 2, 6 pixels into the cell's 20: the top half.
                .mouse(MouseEvent(.left, .press, row: 2, col: 2, lowerHalf: false)),
                // Pixel (51, 24): 11 pixels in, the bottom half.
                .mouse(MouseEvent(.left, .release, row: 2, col: 2, lowerHalf: true)),
            ])
        XCTAssertTrue(decoder.reportsPixels)
        // Turned off by the program, or said to be reset: cells again.
        decoder.stopPixelReports()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[<0;25;47M".utf8)), [.mouse(MouseEvent(.left, .press, row: 46, col: 24))])
        _ = decoder.decode(Array("\u{1B}[?1016;1$y\u{1B}[?1016;2$y".utf8))
        XCTAssertFalse(decoder.reportsPixels)
        // Pixels without a cell's size cannot be placed: dropped, not read as cells.
        var sizeless = KeyDecoder()
        XCTAssertEqual(sizeless.decode(Array("\u{1B}[?1016;1$y\u{1B}[<0;25;47Mq".utf8)), [.report(.mode(1016, setting: 1)), .character("q")])
        sizeless.cellPixels = CellPixels(width: 8, height: 16)
        XCTAssertEqual(sizeless.decode(Array("\u{1B}[<0;25;47M".utf8)), [.mouse(MouseEvent(.left, .press, row: 2, col: 3, lowerHalf: true))])
    }

    func testOldMouseEncoding() {
        // ESC [ M then 32 + button, 32 + column, 32 + row: a left press at (3, 2), then the release.
        let press: [UInt8] = [0x1B, 0x5B, 0x4D, 32 + 0, 32 + 3, 32 + 2]
        let release: [UInt8] = [0x1B, 0x5B, 0x4D, 32 + 3, 32 + 3, 32 + 2]
        var decoder = KeyDecoder()
        XCTAssertEqual(
            decoder.decode(press + release),
            [.mouse(MouseEvent(.left, .press, row: 1, col: 2)), .mouse(MouseEvent(.other, .release, row: 1, col: 2))])
        // Its bytes are never read as keys (a space there would start the timer), even split.
        XCTAssertEqual(decoder.decode(press.prefix(4)), [])
        XCTAssertEqual(decoder.decode(press.suffix(2)), [.mouse(MouseEvent(.left, .press, row: 1, col: 2))])
        XCTAssertEqual(decoder.decode([0x1B, 0x5B, 0x4D, 32 + 32, 32 + 4, 32 + 2]), [.mouse(MouseEvent(.left, .drag, row: 1, col: 3))])
    }

    func testTheLongestSequenceReadAndTheFirstSkipped() {
        // 62 parameter bytes: the longest sequence read whole (an unknown key, then the next key).
        var decoder = KeyDecoder()
        let longest = "\u{1B}[" + String(repeating: "1", count: 62) + "xq"
        XCTAssertEqual(decoder.decode(Array(longest.utf8)), [.unknown("CSI " + String(repeating: "1", count: 62) + "x"), .character("q")])
        // One more: skipped to its final byte, nothing of it a key.
        let over = "\u{1B}[" + String(repeating: "1", count: 63) + "xq"
        XCTAssertEqual(decoder.decode(Array(over.utf8)), [.character("q")])
    }

    func testAnOverlongSequenceIsSkippedWhole() {
        var decoder = KeyDecoder()
        // 100 parameter bytes: none of the digits becomes a key (0 would reset the ticks).
        let long = "\u{1B}[" + String(repeating: "0;", count: 50)
        XCTAssertEqual(decoder.decode(Array(long.utf8)), [])
        XCTAssertEqual(decoder.decode(Array("0;0~x".utf8)), [.character("x")])
        XCTAssertFalse(decoder.hasPending)
    }
}
