import LifeTerminal
import XCTest

/// Colour detection from the environment, and how colours become escape codes.
final class ColorModeTests: XCTestCase {
    func testTruecolorThen256ThenNone() {
        XCTAssertEqual(ColorMode(environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"]), .trueColor)
        XCTAssertEqual(ColorMode(environment: ["COLORTERM": "24bit", "TERM": "xterm"]), .trueColor)
        XCTAssertEqual(ColorMode(environment: ["COLORTERM": "TrueColor"]), .trueColor)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm-256color"]), .palette256)
        XCTAssertEqual(ColorMode(environment: ["TERM": "tmux-256color", "COLORTERM": "yes"]), .palette256)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm"]), .monochrome)
        XCTAssertEqual(ColorMode(environment: [:]), .monochrome)
    }

    func testNoColorAndDumbWin() {
        XCTAssertEqual(ColorMode(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"]), .monochrome)
        XCTAssertEqual(ColorMode(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]), .monochrome)
        // An empty NO_COLOR does not count (no-color.org).
        XCTAssertEqual(ColorMode(environment: ["NO_COLOR": "", "TERM": "xterm-256color"]), .palette256)
    }

    func testPaletteIndexIsTheNearestCubeOrGrey() {
        XCTAssertEqual(Color.rgb(0, 0, 0).paletteIndex, 16)
        XCTAssertEqual(Color.rgb(255, 255, 255).paletteIndex, 231)
        XCTAssertEqual(Color.rgb(255, 0, 0).paletteIndex, 196)
        XCTAssertEqual(Color.rgb(0, 255, 0).paletteIndex, 46)
        XCTAssertEqual(Color.rgb(128, 128, 128).paletteIndex, 244)
        XCTAssertEqual(Color.rgb(40, 40, 48).paletteIndex, 235)
        XCTAssertNil(Color.default.paletteIndex)
    }

    func testDimmedColours() {
        XCTAssertEqual(Color.rgb(200, 100, 0).dimmed(0.5), .rgb(100, 50, 0))
        XCTAssertEqual(Color.default.dimmed(), .default)
    }

    func testSGRSendsOnlyWhatChanged() {
        let green = Style(background: .rgb(0, 255, 0))
        XCTAssertEqual(SGR.transition(from: nil, to: green, mode: .trueColor), "\u{1B}[0;48;2;0;255;0m")
        XCTAssertEqual(SGR.transition(from: .plain, to: green, mode: .trueColor), "\u{1B}[48;2;0;255;0m")
        XCTAssertEqual(SGR.transition(from: .plain, to: green, mode: .palette256), "\u{1B}[48;5;46m")
        XCTAssertEqual(SGR.transition(from: green, to: green, mode: .trueColor), "")
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(bold: true), mode: .trueColor), "\u{1B}[1m")
        // Turning an attribute off resets, then sets what remains.
        XCTAssertEqual(
            SGR.transition(from: Style(background: .rgb(1, 2, 3), bold: true), to: Style(background: .rgb(1, 2, 3)), mode: .trueColor),
            "\u{1B}[0;48;2;1;2;3m")
    }

    func testMonochromeDropsColoursButKeepsAttributes() {
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(foreground: .rgb(1, 2, 3)), mode: .monochrome), "")
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(foreground: .rgb(1, 2, 3), dim: true), mode: .monochrome), "\u{1B}[2m")
    }
}
