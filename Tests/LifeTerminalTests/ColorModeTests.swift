import LifeGrid
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

    /// Issue 24: TERM=xterm got no colour at all. What the terminfo entry says now counts,
    /// after everything the environment says.
    func testTheTerminfoEntrysColoursCountWhenNothingElseSays() {
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm"], terminfoColors: 8), .basic8)
        XCTAssertEqual(ColorMode(environment: ["TERM": "linux"], terminfoColors: 8), .basic8)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm-16color"], terminfoColors: 16), .basic16)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm-88color"], terminfoColors: 88), .basic16)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm-direct"], terminfoColors: 16_777_216), .palette256)
        XCTAssertEqual(ColorMode(environment: ["TERM": "vt100"], terminfoColors: nil), .monochrome)
        XCTAssertEqual(ColorMode(environment: ["TERM": "odd"], terminfoColors: 2), .monochrome)
        // NO_COLOR and TERM=dumb still win; COLORTERM and a 256color TERM still come first.
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm", "NO_COLOR": "1"], terminfoColors: 8), .monochrome)
        XCTAssertEqual(ColorMode(environment: ["TERM": "dumb"], terminfoColors: 8), .monochrome)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm", "COLORTERM": "truecolor"], terminfoColors: 8), .trueColor)
        XCTAssertEqual(ColorMode(environment: ["TERM": "xterm-256color"], terminfoColors: 8), .palette256)
        XCTAssertTrue(ColorMode.basic8.hasColor && ColorMode.basic8.isBasic && ColorMode.basic16.isBasic)
        XCTAssertFalse(ColorMode.palette256.isBasic)
    }

    func testBasicColoursAsSGR() {
        // Backgrounds 40–47, foregrounds 30–37; the bright ones 100–107 and 90–97 where 16 are.
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(background: .green), mode: .basic8), "\u{1B}[42m")
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(background: .brightGreen), mode: .basic16), "\u{1B}[102m")
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(foreground: .brightCyan), mode: .basic16), "\u{1B}[96m")
        // With 8, a bright colour is its plain kin.
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(background: .brightGreen), mode: .basic8), "\u{1B}[42m")
        // RGB colours (the header's, the flashes') go to the nearest basic colour.
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(foreground: .rgb(255, 110, 110)), mode: .basic16), "\u{1B}[91m")
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(foreground: .rgb(240, 190, 60)), mode: .basic8), "\u{1B}[33m")
        XCTAssertEqual(Color.rgb(40, 40, 48).basicIndex(among: 16), 0)
        XCTAssertEqual(Color.rgb(120, 120, 120).basicIndex(among: 16), 8)
        XCTAssertEqual(Color.rgb(120, 120, 120).basicIndex(among: 8), 0)
        // Monochrome drops them; the 256 palette's first 16 are they.
        XCTAssertEqual(SGR.transition(from: .plain, to: Style(background: .red), mode: .monochrome), "")
        XCTAssertEqual(Color.brightRed.paletteIndex, 9)
        // Faded, a bright colour is its plain kin.
        XCTAssertEqual(Color.brightYellow.dimmed(), .yellow)
        XCTAssertEqual(Color.red.dimmed(), .red)
    }

    /// With the basic colours the cell states keep colours of their own, so they read apart.
    func testTheCellsPaletteWithBasicColours() {
        let states: [Cell] = [.alive, .born, .died, .empty]
        for mode in [ColorMode.basic8, .basic16] {
            let colors = states.map { CellPalette.color(of: $0, in: mode) }
            XCTAssertEqual(Set(colors).count, 4, "\(mode)")
            XCTAssertTrue(colors.allSatisfy { if case .basic = $0 { true } else { false } }, "\(mode)")
            let palette = CellPalette(mode: mode)
            XCTAssertEqual(palette.wide(.alive).0.style.background, mode == .basic8 ? .green : .brightGreen)
            XCTAssertEqual(palette.narrow(.born).style.background, mode == .basic8 ? .yellow : .brightYellow)
            XCTAssertEqual(palette.halfBlock(top: .died, bottom: .empty), ScreenCell("▀", style: Style(foreground: .red, background: .black)))
            // The cursor is none of the states' colours.
            XCTAssertFalse(colors.contains(CellPalette.cursorColor(live: true, in: mode)))
            XCTAssertFalse(colors.contains(CellPalette.cursorColor(live: false, in: mode)))
            // Dying states fade from the died red: magenta, then blue, never the empty black.
            XCTAssertEqual((2...6).map { CellPalette.color(dying: $0, in: mode) }, [.red, .magenta, .blue, .blue, .blue])
            XCTAssertEqual(palette.narrow(dying: 3).style.background, .magenta)
        }
        // The other modes keep their RGB colours.
        XCTAssertEqual(CellPalette.color(of: .alive, in: .palette256), CellPalette.color(of: .alive))
        XCTAssertEqual(CellPalette.color(dying: 3, in: .trueColor), CellPalette.color(dying: 3))
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
