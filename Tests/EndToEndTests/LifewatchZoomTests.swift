import DaemonTestSupport
import Foundation
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// lifewatch zoomed out in a real terminal (tmux) subscribes to blocks (`"scale": k`), not
/// cells, and draws the braille picture the cells make.
final class LifewatchZoomTests: XCTestCase {
    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    private func lifewatch(_ daemon: Daemon) -> String {
        "env -u NO_COLOR -u COLORTERM NO_COLOR=1 TERM=xterm-256color LANG=C.UTF-8 \(quoted(Products.path("lifewatch"))) --no-start --socket \(quoted(daemon.socketPath))"
    }

    private func bytesSent(_ connection: Connection) throws -> Int {
        guard case .status(_, let info) = try connection.request(.status), let bytes = info["bytesSent"]?.intValue else {
            throw Connection.Failure.protocolViolation("no bytesSent in status")
        }
        return bytes
    }

    /// The braille lines of the top-left `lines` x `columns` characters at 1:2k (k x k a dot)
    /// of a world whose live cells are `live`.
    private func braille(_ live: Set<[Int]>, k: Int, lines: Int, columns: Int, from corner: (row: Int, col: Int) = (0, 0)) -> [String] {
        var dots = [[UInt8]](repeating: [UInt8](repeating: 0, count: columns), count: lines)
        for cell in live {
            let (top, left) = (cell[0] - corner.row, cell[1] - corner.col)
            guard top >= 0, left >= 0, top / (4 * k) < lines, left / (2 * k) < columns else { continue }
            let (line, column) = (top / (4 * k), left / (2 * k))
            // Braille dots 1, 2, 3, 7 down the left column, 4, 5, 6, 8 down the right (bits 0 to 7).
            let (row, col) = (top % (4 * k) / k, left % (2 * k) / k)
            dots[line][column] |= row == 3 ? UInt8(1 << (6 + col)) : UInt8(1 << (row + 3 * col))
        }
        return dots.map { String(String.UnicodeScalarView($0.compactMap { Unicode.Scalar(0x2800 + UInt32($0)) })) }
    }

    /// The first `columns` characters of the pane's lines that hold braille, from the first such line.
    private func brailleLines(_ pane: [String], columns: Int) -> [String] {
        pane.filter { $0.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
            .map { String($0.drop { $0 == " " }.prefix(columns)) }
    }

    func testZoomedOutItReceivesBlocksAndDrawsWhatTheCellsMake() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--size", "4096x4096"])
        let driver = try daemon.connect()
        var live: Set<[Int]> = [[5, 5], [100, 200], [101, 201], [102, 199], [700, 1300], [701, 1300], [1500, 40], [1500, 41], [63, 31], [64, 32]]
        let cells = JSON.array(live.sorted { $0.lexicographicallyPrecedes($1) }.map { .array($0.map { .int($0) }) })
        guard case .ack = try driver.dispatch("simulation.resetGridToEmpty"), case .ack = try driver.dispatch("grid.setCells", ["cells": cells, "to": "alive"])
        else { return XCTFail("the world") }
        let tmux = try TmuxServer(self, cols: 100, rows: 40, command: lifewatch(daemon))
        try tmux.waitFor("the first frame") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        let before = try bytesSent(driver)
        // 1:1, then out to 1:32 (2:1 does not fit): braille dots of 16 x 16 cells.
        try tmux.send("Z", "Z", "Z", "Z", "Z")
        let expected = braille(live, k: 16, lines: 30, columns: 60)
        let zoomed = try tmux.waitFor("the world at 1:32") { lines in
            lines.contains { $0.contains("zoom 1:32 ·") } && self.brailleLines(lines, columns: 60).prefix(30).elementsEqual(expected)
        }
        XCTAssertEqual(Array(brailleLines(zoomed, columns: 60).prefix(30)), expected, zoomed.joined(separator: "\n"))
        // Blocks came, not cells: the window at 1:32 covers the whole 4096 x 4096 world, 17 MB
        // of cells; its 256 x 256 blocks of 16 are 66 KB (and the windows on the way out fewer).
        let received = try bytesSent(driver) - before
        XCTAssertLessThan(received, 1_000_000, "lifewatch received \(received) bytes")

        // A diff of blocks: a cell far from the others lights its dot.
        guard case .ack = try driver.dispatch("grid.setCells", ["cells": [[1000, 1000]], "to": "alive"]) else { return XCTFail("setCells") }
        live.insert([1000, 1000])
        let lit = braille(live, k: 16, lines: 30, columns: 60)
        XCTAssertNotEqual(lit, expected)
        try tmux.waitFor("the new cell's dot") { lines in self.brailleLines(lines, columns: 60).prefix(30).elementsEqual(lit) }
        // A closer zoom asks for its own scale (1:16, dots of 8) and draws that picture.
        try tmux.send("z")
        let view = try tmux.waitFor("the view at 1:16") { lines in
            lines.contains { $0.contains("zoom 1:16 ·") } && lines.contains { $0.hasPrefix("rows ") }
        }
        // Where the view's corner is, from `rows R–… of 4096, cols C–… of 4096`.
        let place = try XCTUnwrap(view.first { $0.hasPrefix("rows ") })
        let numbers = place.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let closer = braille(live, k: 8, lines: 30, columns: 60, from: (numbers[0], numbers[3]))
        try tmux.waitFor("the world at 1:16") { lines in self.brailleLines(lines, columns: 60).prefix(30).elementsEqual(closer) }
    }
}
