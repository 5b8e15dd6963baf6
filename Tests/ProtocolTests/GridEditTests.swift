import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// The editing actions: how they read and write on the wire (at their limits and past them),
/// and what each does to a grid, checked against a cell-by-cell model.
final class GridEditTests: XCTestCase {
    private func rows(_ lines: String...) throws -> Grid {
        try Grid(rows: lines.count, cols: lines.first?.count ?? 0, rowStrings: lines)
    }

    private func action(_ json: JSON) throws -> GridEdit {
        guard case .simulation(.grid(.edit(let edit))) = try AppAction(json: json) else {
            throw ProtocolError(.badMessage, "not an edit: \(String(decoding: json.encoded(), as: UTF8.self))")
        }
        // What a journal keeps reads back as the same action.
        XCTAssertEqual(try AppAction(json: AppAction.simulation(.grid(.edit(edit))).json), .simulation(.grid(.edit(edit))))
        return edit
    }

    private func refused(_ json: JSON, _ code: ErrorCode, _ contains: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try AppAction(json: json)
            XCTFail("\(String(decoding: json.encoded(), as: UTF8.self)) was accepted", file: file, line: line)
        } catch {
            XCTAssertEqual(error.code, code, file: file, line: line)
            XCTAssertTrue(error.message.contains(contains), "\(error.message) should say \(contains)", file: file, line: line)
        }
    }

    // MARK: - The wire

    func testEachEditReadsAndWritesBack() throws {
        XCTAssertEqual(
            try action(["type": "grid.setCells", "cells": [[1, 2], [3, 4]], "to": "toggle"]),
            .setCells([.init(row: 1, col: 2), .init(row: 3, col: 4)], to: .toggle))
        var glider = BitPlane(rows: 3, cols: 4)
        for (row, col) in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)] { glider[row, col] = true }
        // The box keeps its empty last column; the mode is "or" unless given; a name or rule in the RLE does not matter.
        XCTAssertEqual(
            try action(["type": "grid.paste", "rle": "#N Glider\nx = 4, y = 3, rule = B3/S23\nbo$2bo$3o!", "row": 5, "col": 6]),
            .paste(glider, at: .init(row: 5, col: 6), mode: .or))
        XCTAssertEqual(
            try action(["type": "grid.paste", "rle": "x = 4, y = 3\nbo$2bo$3o!", "row": 0, "col": 4095, "mode": "copy"]),
            .paste(glider, at: .init(row: 0, col: 4095), mode: .copy))
        XCTAssertEqual(
            try action(["type": "grid.clearRect", "row": 1, "col": 2, "rows": 3, "cols": 4]),
            .clearRect(CellRect(row: 1, col: 2, rows: 3, cols: 4)))
        XCTAssertEqual(
            try action(["type": "grid.transformRect", "row": 0, "col": 0, "rows": 4096, "cols": 4096, "transform": "flipTopBottom"]),
            .transformRect(CellRect(row: 0, col: 0, rows: 4096, cols: 4096), .flipTopBottom))
        for name in ["grid.setCells", "grid.paste", "grid.clearRect", "grid.transformRect"] {
            XCTAssertTrue(AppAction.allTypeNames.contains(name), name)
        }
    }

    func testSetCellsTakesUpTo65536CellsAndRefusesMore() throws {
        let most = JSON.array((0..<GridEdit.maxCells).map { [.int($0 / 4096), .int($0 % 4096)] })
        guard case .setCells(let cells, .alive) = try action(["type": "grid.setCells", "cells": most, "to": "alive"]) else {
            return XCTFail("not a setCells")
        }
        XCTAssertEqual(cells.count, 65_536)
        XCTAssertEqual(cells.last, .init(row: 15, col: 4095))
        let tooMany = JSON.array((0...GridEdit.maxCells).map { _ in [0, 0] })
        refused(["type": "grid.setCells", "cells": tooMany, "to": "alive"], .limitExceeded, "from 1 to 65536 cells, not 65537")
        refused(["type": "grid.setCells", "cells": [], "to": "alive"], .invalidArgument, "not 0")
    }

    func testBadEditFieldsAreRefusedWithTheFieldNamed() {
        refused(["type": "grid.setCells", "cells": [[0, 4096]], "to": "alive"], .invalidArgument, "cells[0] must be [row, col]")
        refused(["type": "grid.setCells", "cells": [[0, -1]], "to": "alive"], .invalidArgument, "cells[0]")
        refused(["type": "grid.setCells", "cells": [[0, 1, 2]], "to": "alive"], .invalidArgument, "cells[0]")
        refused(["type": "grid.setCells", "cells": [[0, 1], "3,4"], "to": "alive"], .invalidArgument, "cells[1]")
        refused(["type": "grid.setCells", "cells": "0,1", "to": "alive"], .invalidArgument, "cells must be an array")
        refused(["type": "grid.setCells", "cells": [[0, 1]]], .invalidArgument, "to is required: one of \"alive\", \"empty\", \"toggle\"")
        refused(["type": "grid.setCells", "cells": [[0, 1]], "to": "on"], .invalidArgument, "to must be one of")
        refused(["type": "grid.setCells", "cells": [[0, 1]], "to": "alive", "mode": "or"], .invalidArgument, "mode is not a known field")
        refused(["type": "grid.paste", "rle": "x = 1, y = 1\no!", "row": 0, "col": 0, "mode": "and"], .invalidArgument, "mode must be one of")
        refused(["type": "grid.paste", "rle": "not rle", "row": 0, "col": 0], .invalidArgument, "rle:")
        refused(["type": "grid.paste", "rle": "x = 1, y = 1\no!", "row": 4096, "col": 0], .invalidArgument, "row must be an integer from 0 to 4095")
        refused(["type": "grid.paste", "row": 0, "col": 0], .invalidArgument, "rle is required")
        refused(["type": "grid.clearRect", "row": 0, "col": 0, "rows": 0, "cols": 1], .invalidArgument, "rows must be an integer from 1 to 4096")
        refused(["type": "grid.clearRect", "row": 0, "col": 0, "rows": 1], .invalidArgument, "cols is required")
        refused(["type": "grid.transformRect", "row": 0, "col": 0, "rows": 1, "cols": 1], .invalidArgument, "transform is required")
        refused(["type": "grid.transformRect", "row": 0, "col": 0, "rows": 1, "cols": 1, "transform": "spin"], .invalidArgument, "transform must be one of")
    }

    // MARK: - On a grid

    func testSetCellsMakesCellsAliveOrEmptyAndToggleCountsACellOnce() throws {
        var grid = try rows("+x..", "O...", "....")
        try grid.apply(.setCells([.init(row: 0, col: 2), .init(row: 0, col: 0)], to: .alive), topology: .torus)
        // A born cell made alive is alive; the died cell beside it keeps its state.
        XCTAssertEqual(grid, try rows("OxO.", "O...", "...."))
        try grid.apply(.setCells([.init(row: 1, col: 0), .init(row: 0, col: 1)], to: .empty), topology: .torus)
        XCTAssertEqual(grid, try rows("O.O.", "....", "...."))
        try grid.apply(.setCells([.init(row: 0, col: 0), .init(row: 2, col: 3), .init(row: 2, col: 3)], to: .toggle), topology: .torus)
        XCTAssertEqual(grid, try rows("..O.", "....", "...O"))
    }

    func testACellOutsideTheGridRefusesTheWholeEdit() throws {
        let before = try rows("....", "....")
        var grid = before
        XCTAssertThrowsError(
            try grid.apply(.setCells([.init(row: 0, col: 0), .init(row: 2, col: 0)], to: .alive), topology: .torus)
        ) { error in
            XCTAssertEqual((error as? ProtocolError)?.message, "the cell [2, 0] is outside the 2x4 grid")
        }
        XCTAssertEqual(grid, before)
    }

    func testPasteModesCombineTheBoxWithTheCellsUnderIt() throws {
        var pattern = BitPlane(rows: 2, cols: 3)
        pattern[0, 0] = true
        pattern[1, 2] = true
        let start = try rows("OOO..", "x+...", ".....")
        var or = start
        try or.apply(.paste(pattern, at: .init(row: 0, col: 1), mode: .or), topology: .bounded)
        XCTAssertEqual(or, try rows("OOO..", "x+.O.", "....."))
        var xor = start
        try xor.apply(.paste(pattern, at: .init(row: 0, col: 1), mode: .xor), topology: .bounded)
        XCTAssertEqual(xor, try rows("O.O..", "x+.O.", "....."))
        var copy = start
        try copy.apply(.paste(pattern, at: .init(row: 0, col: 1), mode: .copy), topology: .bounded)
        // The whole 2x3 box is the pattern's: its empty cells clear the cells under them.
        XCTAssertEqual(copy, try rows("OO...", "x..O.", "....."))
    }

    func testTheCellsAnEditWritesBecomeAliveOrEmptyAndTheOthersKeepTheirState() throws {
        // Born (+) and died (x) cells under a pattern's live cells, and beside them.
        let start = try rows("+x+x", "+x+x")
        var pattern = BitPlane(rows: 1, cols: 2)
        pattern[0, 0] = true
        pattern[0, 1] = true
        var or = start
        try or.apply(.paste(pattern, at: .init(row: 0, col: 0), mode: .or), topology: .bounded)
        XCTAssertEqual(or, try rows("OO+x", "+x+x"), "or: the pattern's live cells are alive, born or not before")
        var xor = start
        try xor.apply(.paste(pattern, at: .init(row: 0, col: 0), mode: .xor), topology: .bounded)
        XCTAssertEqual(xor, try rows(".O+x", "+x+x"))
        var copy = start
        try copy.apply(.paste(BitPlane(rows: 1, cols: 2), at: .init(row: 1, col: 2), mode: .copy), topology: .bounded)
        XCTAssertEqual(copy, try rows("+x+x", "+x.."), "copy: the whole box is written, its empty cells empty")
        var set = start
        try set.apply(.setCells([.init(row: 0, col: 0), .init(row: 0, col: 1)], to: .toggle), topology: .bounded)
        XCTAssertEqual(set, try rows(".O+x", "+x+x"))
    }

    func testAPasteWrapsOnATorusAndIsCutOffOnABoundedWorld() throws {
        var pattern = BitPlane(rows: 2, cols: 2)
        for (row, col) in [(0, 0), (0, 1), (1, 0), (1, 1)] { pattern[row, col] = true }
        var torus = Grid(rows: 3, cols: 4)
        try torus.apply(.paste(pattern, at: .init(row: 2, col: 3), mode: .or), topology: .torus)
        XCTAssertEqual(torus, try rows("O..O", "....", "O..O"))
        var bounded = Grid(rows: 3, cols: 4)
        try bounded.apply(.paste(pattern, at: .init(row: 2, col: 3), mode: .or), topology: .bounded)
        XCTAssertEqual(bounded, try rows("....", "....", "...O"))
    }

    func testAPatternLargerThanTheGridOrACornerOutsideIsRefused() throws {
        var grid = Grid(rows: 3, cols: 4)
        XCTAssertThrowsError(try grid.apply(.paste(BitPlane(rows: 3, cols: 5), at: .init(row: 0, col: 0), mode: .or), topology: .torus)) {
            XCTAssertEqual(($0 as? ProtocolError)?.message, "the pattern is 3x5, larger than the 3x4 grid")
        }
        XCTAssertThrowsError(try grid.apply(.paste(BitPlane(rows: 1, cols: 1), at: .init(row: 3, col: 0), mode: .or), topology: .torus)) {
            XCTAssertEqual(
                ($0 as? ProtocolError)?.message, "the paste's top-left cell 3,0 is outside the 3x4 grid (rows 0 to 2, columns 0 to 3)")
            XCTAssertEqual(($0 as? ProtocolError)?.field, JSONPointer(tokens: ["row"]))
        }
        XCTAssertThrowsError(try grid.apply(.paste(BitPlane(rows: 1, cols: 3), at: .init(row: 0, col: 4), mode: .or), topology: .torus)) {
            XCTAssertEqual(($0 as? ProtocolError)?.field, JSONPointer(tokens: ["col"]), "a 1x3 pattern names its corner, not a 1x1")
            XCTAssertFalse(($0 as? ProtocolError)?.message.contains("1x1") ?? true)
        }
        // The largest pattern fits exactly, from the top-left corner.
        var full = BitPlane(rows: 3, cols: 4)
        for row in 0..<3 { full.setRun(row: row, from: 0, count: 4) }
        try grid.apply(.paste(full, at: .init(row: 0, col: 0), mode: .or), topology: .torus)
        XCTAssertEqual(grid.population, 12)
    }

    func testClearRectEmptiesExactlyTheRectangle() throws {
        var grid = try rows("OOOO", "O+xO", "OOOO")
        try grid.apply(.clearRect(CellRect(row: 1, col: 1, rows: 2, cols: 2)), topology: .torus)
        XCTAssertEqual(grid, try rows("OOOO", "O..O", "O..O"))
        XCTAssertThrowsError(try grid.apply(.clearRect(CellRect(row: 1, col: 1, rows: 2, cols: 4)), topology: .torus)) {
            XCTAssertEqual(($0 as? ProtocolError)?.message, "the rectangle (2x4 at 1,1) reaches outside the 3x4 grid")
            XCTAssertEqual(($0 as? ProtocolError)?.field, JSONPointer(tokens: ["cols"]), "the size reaches past the edge")
        }
        XCTAssertThrowsError(try grid.apply(.clearRect(CellRect(row: 3, col: 0, rows: 1, cols: 1)), topology: .torus)) {
            XCTAssertEqual(($0 as? ProtocolError)?.field, JSONPointer(tokens: ["row"]), "the corner is outside")
        }
        XCTAssertThrowsError(try grid.apply(.clearRect(CellRect(row: 1, col: 0, rows: 3, cols: 1)), topology: .torus)) {
            XCTAssertEqual(($0 as? ProtocolError)?.field, JSONPointer(tokens: ["rows"]))
        }
    }

    func testTransformsRotateAndFlipTheRectangleInPlace() throws {
        let start = try rows("OO...", "O....", ".....", ".....")
        let rect = CellRect(row: 0, col: 0, rows: 2, cols: 3)
        var grid = start
        try grid.apply(.transformRect(rect, .flipLeftRight), topology: .torus)
        XCTAssertEqual(grid, try rows(".OO..", "..O..", ".....", "....."))
        grid = start
        try grid.apply(.transformRect(rect, .flipTopBottom), topology: .torus)
        XCTAssertEqual(grid, try rows("O....", "OO...", ".....", "....."))
        // A 2x3 rectangle turns into a 3x2 one with the same top-left corner.
        grid = start
        try grid.apply(.transformRect(rect, .rotateClockwise), topology: .torus)
        XCTAssertEqual(grid, try rows("OO...", ".O...", ".....", "....."))
        grid = start
        try grid.apply(.transformRect(rect, .rotateAnticlockwise), topology: .torus)
        XCTAssertEqual(grid, try rows(".....", "O....", "OO...", "....."))
        // Four quarter turns are the identity.
        grid = start
        for _ in 0..<4 { try grid.apply(.transformRect(CellRect(row: 0, col: 0, rows: 3, cols: 3), .rotateClockwise), topology: .torus) }
        XCTAssertEqual(grid, start)
    }

    func testARotationThatWouldNotFitIsRefused() throws {
        let before = try rows("OOO", "...")
        var grid = before
        XCTAssertThrowsError(try grid.apply(.transformRect(CellRect(row: 0, col: 0, rows: 1, cols: 3), .rotateClockwise), topology: .torus)) {
            XCTAssertEqual(($0 as? ProtocolError)?.message, "the rotated rectangle (3x1 at 0,0) reaches outside the 2x3 grid")
            XCTAssertEqual(($0 as? ProtocolError)?.field, JSONPointer(tokens: ["rows"]))
        }
        XCTAssertEqual(grid, before)
    }

    /// Every edit on random four-state grids whose sides cross word boundaries, against a model
    /// that works a cell at a time.
    func testEditsAgreeWithACellByCellModel() throws {
        var random = SplitMix64(seed: 12)
        for round in 0..<300 {
            let gridRows = Int.random(in: 1...70, using: &random)
            let gridCols = Int.random(in: 1...200, using: &random)
            var cells = (0..<gridRows * gridCols).map { _ in Cell(rawValue: UInt8.random(in: 0...3, using: &random)) ?? .empty }
            let topology: Topology = Bool.random(using: &random) ? .torus : .bounded
            guard var grid = Grid(rows: gridRows, cols: gridCols, cells: cells) else { return XCTFail("grid") }
            let pRows = Int.random(in: 1...gridRows, using: &random)
            let pCols = Int.random(in: 1...gridCols, using: &random)
            var pattern = BitPlane(rows: pRows, cols: pCols)
            for row in 0..<pRows { for col in 0..<pCols where Bool.random(using: &random) { pattern[row, col] = true } }
            let origin = Pattern.Coordinate(row: Int.random(in: 0..<gridRows, using: &random), col: Int.random(in: 0..<gridCols, using: &random))
            let mode = PasteMode.allCases.randomElement(using: &random) ?? .or
            let rect = CellRect(
                row: origin.row, col: origin.col, rows: Int.random(in: 1...(gridRows - origin.row), using: &random),
                cols: Int.random(in: 1...(gridCols - origin.col), using: &random))
            let edit: GridEdit
            switch round % 3 {
            case 0: edit = .paste(pattern, at: origin, mode: mode)
            case 1: edit = .clearRect(rect)
            default: edit = .transformRect(rect, [.flipLeftRight, .flipTopBottom].randomElement(using: &random) ?? .flipLeftRight)
            }
            // The model.
            func set(_ row: Int, _ col: Int, _ live: Bool) { cells[row * gridCols + col] = live ? .alive : .empty }
            let before = cells
            switch edit {
            case .paste(let pattern, let origin, let mode):
                for row in 0..<pattern.rows {
                    for col in 0..<pattern.cols {
                        var r = origin.row + row
                        var c = origin.col + col
                        if topology == .torus {
                            r %= gridRows
                            c %= gridCols
                        } else if r >= gridRows || c >= gridCols {
                            continue
                        }
                        let old = before[r * gridCols + c].isLive
                        let bit = pattern[row, col]
                        switch mode {
                        case .copy: set(r, c, bit)
                        case .or: if bit { set(r, c, true) }
                        case .xor: if bit { set(r, c, !old) }
                        }
                    }
                }
            case .clearRect(let rect):
                for row in rect.row..<rect.bottom { for col in rect.col..<rect.right { set(row, col, false) } }
            case .transformRect(let rect, let transform):
                for row in 0..<rect.rows {
                    for col in 0..<rect.cols {
                        let source = transform == .flipLeftRight ? (row, rect.cols - 1 - col) : (rect.rows - 1 - row, col)
                        set(rect.row + row, rect.col + col, before[(rect.row + source.0) * gridCols + rect.col + source.1].isLive)
                    }
                }
            case .setCells:
                break
            }
            try grid.apply(edit, topology: topology)
            let expected = Grid(rows: gridRows, cols: gridCols, cells: cells)
            XCTAssertEqual(grid.text, expected?.text, "round \(round): \(edit.typeName) on \(gridRows)x\(gridCols) \(topology)")
        }
    }
}

/// The one list of action names: every client action reads back from its own JSON, and the
/// daemon's own actions are unknown to clients.
final class ActionTypeTests: XCTestCase {
    func testEveryNameIsUniqueAndOnlyTheDaemonsOwnAreRefusedFromClients() {
        XCTAssertEqual(Set(ActionType.allCases.map(\.rawValue)).count, ActionType.allCases.count)
        XCTAssertEqual(AppAction.allTypeNames.count, 27)
        for type in ActionType.allCases where type.isInternal {
            XCTAssertThrowsError(try AppAction(json: ["type": .string(type.rawValue)])) { error in
                XCTAssertEqual((error as? ProtocolError)?.code, .unknownAction, type.rawValue)
            }
        }
        XCTAssertEqual(ActionType.allCases.filter(\.isInternal).map(\.rawValue), ["grid.jumpProgress", "grid.jumpFinished", "configurations.fetchResponse"])
    }

    func testEachActionsTypeIsTheNameItIsReadBy() throws {
        let samples: [AppAction] = [
            .simulation(.grid(.step)), .simulation(.grid(.cancelJump)), .simulation(.tick), .simulation(.startTimer),
            .simulation(.stopTimer), .simulation(.resetGridToEmpty), .simulation(.resetGridToRandom), .simulation(.reset),
            .simulation(.grid(.edit(.clearRect(CellRect(row: 0, col: 0, rows: 1, cols: 1))))),
            .statistics(.reset), .settings(.reset), .settings(.toggleAutoStop), .configurations(.fetch(url: nil)), .configurations(.cancelFetch),
            .configurations(.clear),
        ]
        for action in samples {
            let json = action.json
            XCTAssertEqual(json["type"]?.stringValue, action.type.rawValue)
            XCTAssertEqual(try AppAction(json: json).type, action.type)
        }
    }
}

/// Integers where the protocol expects one are written as integers, and a request's frame is
/// refused as soon as it passes the request limits.
final class StrictRequestTests: XCTestCase {
    private func request(_ text: String) -> Result<ClientRequest, ClientRequest.Failure> { ClientRequest.parse(Array(text.utf8)) }

    private func actionError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ProtocolError? {
        guard case .success(let parsed) = request(text), case .dispatch(let json) = parsed.kind else {
            XCTFail("\(text) is not a dispatch", file: file, line: line)
            return nil
        }
        do {
            _ = try AppAction(json: json)
            return nil
        } catch {
            return error
        }
    }

    func testSetCellsTakesOnlyIntegerLiterals() {
        let base = #"{"type":"dispatch","action":{"type":"grid.setCells","to":"alive","cells":"#
        XCTAssertNil(actionError(base + "[[1,2],[-0,0]]}}"))
        for (cells, index) in [("[[1.0,2]]", "0"), ("[[1,2],[-0.0,0]]", "1"), ("[[1,2e0]]", "0"), ("[[0,0],[0,0],[1E1,3]]", "2")] {
            let error = actionError(base + cells + "}}")
            XCTAssertEqual(error?.code, .invalidArgument, cells)
            XCTAssertEqual(error?.field, JSONPointer(tokens: ["cells", index]), cells)
        }
    }

    func testIntegerParametersTakeOnlyIntegerLiterals() {
        XCTAssertNil(actionError(#"{"type":"dispatch","action":{"type":"grid.step","generations":2}}"#))
        for generations in ["2.0", "2e0", "-0.0"] {
            let error = actionError(#"{"type":"dispatch","action":{"type":"grid.step","generations":"# + generations + "}}")
            XCTAssertEqual(error?.code, .invalidArgument, generations)
            XCTAssertEqual(error?.field, JSONPointer(tokens: ["generations"]), generations)
        }
    }

    func testAnOversizeSetCellsIsRefusedAtTheFirstCellPastTheLimit() {
        var text = #"{"type":"dispatch","action":{"type":"grid.setCells","to":"alive","cells":["#
        text += Array(repeating: "[1,2]", count: GridEdit.maxCells).joined(separator: ",")
        guard case .success = request(text + "]}}") else { return XCTFail("the longest setCells is refused") }
        // One more pair, then text that is not even JSON: the refusal comes before it is read.
        guard case .failure(let failure) = request(text + ",[3,4],{not json") else { return XCTFail("accepted") }
        XCTAssertEqual(failure.error.code, .limitExceeded)
        XCTAssertEqual(failure.error.field, JSONPointer(tokens: ["action", "cells"]))
        // The refusal echoes the id, found after the part that passed the limit.
        guard case .failure(let echoed) = request(text + #",[3,4]],"to":"alive"},"id":"big","type":"dispatch"}"#) else { return XCTFail("accepted") }
        XCTAssertEqual(echoed.error.code, .limitExceeded)
        XCTAssertEqual(echoed.id, "big")
    }

    func testNestingAndMembersAndPathsAreBounded() {
        let deep = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        guard case .failure(let ok) = request(#"{"type":"ping","x":"# + deep + "}") else { return XCTFail("accepted") }
        XCTAssertEqual(ok.error.code, .badMessage, "64 levels are read; the unknown member is refused")
        guard case .failure(let deeper) = request(#"{"type":"ping","x":["# + deep + "]}") else { return XCTFail("accepted") }
        XCTAssertEqual(deeper.error.code, .badJSON)
        let members = (0...256).map { #""k\#($0)":0"# }.joined(separator: ",")
        guard case .failure(let wide) = request(#"{"type":"ping","x":{"# + members + "}}") else { return XCTFail("accepted") }
        XCTAssertEqual(wide.error.code, .limitExceeded)
        XCTAssertEqual(wide.error.field, JSONPointer(tokens: ["x"]))
        let path = "/" + String(repeating: "a", count: ClientRequest.maxPathLength)
        guard case .failure(let long) = request(#"{"type":"get","path":""# + path + #""}"#) else { return XCTFail("accepted") }
        XCTAssertEqual(long.error.code, .limitExceeded)
        XCTAssertEqual(long.error.field, JSONPointer(tokens: ["path"]))
    }
}
