import LifeGrid
import LifeJSON
@testable import LifeTerminal
import Protocol
import XCTest

/// Zoomed out, lifewatch subscribes to a window of blocks (`"scale": k`, a braille dot's
/// block) and draws the same picture as from every cell.
final class ScaledWindowTests: XCTestCase {
    private func randomGrid(rows: Int, cols: Int, oneIn: Int, seed: UInt64) -> Grid {
        var g = SplitMix64(seed: seed)
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where Int.random(in: 0..<oneIn, using: &g) == 0 { grid[row, col] = Cell.allCases[Int.random(in: 1..<4, using: &g)] }
        }
        return grid
    }

    private func painted(_ grid: GridWindow, layout: GridLayout, viewport: GridViewport) -> ScreenBuffer {
        let painter = GridPainter(layout: layout, palette: CellPalette(mode: .monochrome), viewport: viewport)
        var buffer = ScreenBuffer(rows: layout.areaRows, cols: layout.areaCols)
        painter.paint(grid, into: &buffer, area: buffer.bounds)
        return buffer
    }

    /// At every zoomed-out level, in braille and in plain glyphs, at the grid's corners and
    /// inside, the window of blocks the follower asks for paints the picture all the cells paint.
    func testTheBlocksPaintWhatTheCellsPaint() throws {
        let grid = randomGrid(rows: 601, cols: 1003, oneIn: 400, seed: 3)
        let whole = GridWindow(grid)
        for zoom in GridZoom.all where zoom.isZoomedOut {
            for glyphs in [DotGlyphs.braille, .plain] {
                let layout = GridLayout(gridRows: 601, gridCols: 1003, areaRows: 9, areaCols: 30, halfBlocks: false, zoom: zoom, glyphs: glyphs)
                for corner in [GridViewport(), GridViewport(row: 300, col: 500), GridViewport(row: 601, col: 1003)] {
                    let viewport = corner.clamped(to: layout)
                    let visible = GridPainter(layout: layout, palette: CellPalette(mode: .monochrome), viewport: viewport).visible
                    let window = ViewportFollower.window(for: visible, gridRows: 601, gridCols: 1003, scale: zoom.blockScale)
                    XCTAssertEqual(window.scale, zoom.blockScale)
                    let scaled = try GridWindow(json: grid.json(window: window))
                    XCTAssertTrue(
                        ViewportFollower.serves(scaled.window, visible: visible, gridRows: 601, gridCols: 1003, scale: zoom.blockScale),
                        "\(zoom) at \(viewport): \(scaled.window)")
                    XCTAssertEqual(
                        painted(scaled, layout: layout, viewport: viewport), painted(whole, layout: layout, viewport: viewport),
                        "\(zoom) \(glyphs) at \(viewport)")
                }
            }
        }
    }

    /// A window of blocks answers only for whole blocks of its own: a block that cuts one of
    /// them is not known (nil), so a view at another zoom shows blanks until its window comes.
    func testAScaledWindowKnowsOnlyItsWholeBlocks() throws {
        var grid = Grid(rows: 100, cols: 100)
        grid[17, 33] = .alive
        let scaled = try GridWindow(json: grid.json(window: Viewport(row: 8, col: 8, rows: 5, cols: 5, scale: 8)))
        XCTAssertEqual(scaled.window, Viewport(row: 8, col: 8, rows: 5, cols: 5, scale: 8))
        XCTAssertEqual(scaled.coveredCells, Viewport(row: 8, col: 8, rows: 40, cols: 40))
        XCTAssertEqual(scaled.anyLive(rows: 16..<24, cols: 32..<40), true)
        XCTAssertEqual(scaled.anyLive(rows: 16..<24, cols: 24..<32), false)
        XCTAssertEqual(scaled.anyLive(rows: 8..<48, cols: 8..<48), true, "many whole blocks")
        XCTAssertEqual(scaled.anyLive(rows: 0..<24, cols: 0..<24), false, "the part inside the window is whole blocks")
        XCTAssertNil(scaled.anyLive(rows: 16..<20, cols: 32..<40), "half a block")
        XCTAssertNil(scaled.anyLive(rows: 12..<20, cols: 32..<40), "a block across two")
        XCTAssertNil(scaled.anyLive(rows: 60..<68, cols: 32..<40), "outside the window")
        XCTAssertNil(scaled[17, 33], "a cell of a block is not known")
        XCTAssertFalse(scaled.isWhole)
    }

    /// The follower asks for blocks of the view's zoom, from multiples of the scale; a window
    /// of another scale (after a zoom) does not serve, and one of the right scale does.
    func testTheFollowerAsksForTheZoomsScale() {
        let visible = Viewport(row: 256, col: 512, rows: 160, cols: 320)
        let window = ViewportFollower.window(for: visible, gridRows: 4096, gridCols: 4096, scale: 8)
        XCTAssertEqual(window, Viewport(row: 216, col: 432, rows: 30, cols: 60, scale: 8))
        XCTAssertTrue(ViewportFollower.serves(window, visible: visible, gridRows: 4096, gridCols: 4096, scale: 8))
        XCTAssertFalse(ViewportFollower.serves(window, visible: visible, gridRows: 4096, gridCols: 4096, scale: 4))
        let cells = ViewportFollower.window(for: visible, gridRows: 4096, gridCols: 4096)
        XCTAssertEqual(cells.scale, 1)
        XCTAssertFalse(ViewportFollower.serves(cells, visible: visible, gridRows: 4096, gridCols: 4096, scale: 8))
        var follower = ViewportFollower(requested: cells)
        XCTAssertEqual(follower.update(visible: visible, held: cells, gridRows: 4096, gridCols: 4096, scale: 8), window)
        XCTAssertEqual(follower.requested, window)
        // Past the grid's end, the window moves back by whole blocks.
        let corner = ViewportFollower.window(for: Viewport(row: 4032, col: 4064, rows: 64, cols: 32), gridRows: 4096, gridCols: 4096, scale: 16)
        XCTAssertEqual(corner.row % 16, 0)
        XCTAssertEqual(corner.col % 16, 0)
        XCTAssertLessThan(corner.row + (corner.rows - 1) * 16, 4096)
        XCTAssertEqual(GridZoom.all.map(\.blockScale), [1, 1, 1, 2, 4, 8, 16, 32, 64])
    }

    /// The subscription asks for the window of the zoom's scale after a frame.
    func testTheSubscriptionFollowsAtTheFramesScale() throws {
        let grid = randomGrid(rows: 2000, cols: 2000, oneIn: 50, seed: 8)
        let first = Viewport(row: 0, col: 0, rows: 40, cols: 100)
        let state = JSON.object(["simulation": ["gridState": ["grid": grid.json(window: first)]]])
        var subscription = WatchSubscription(path: .root, requested: first, value: state, version: 3)
        let visible = Viewport(row: 0, col: 0, rows: 640, cols: 640)
        guard case .viewport(let window?)? = subscription.follow(visible: visible, scale: 16)?.kind else { return XCTFail("no viewport request") }
        XCTAssertEqual(window.scale, 16)
        XCTAssertEqual(window, ViewportFollower.window(for: visible, gridRows: 2000, gridCols: 2000, scale: 16))
    }
}

/// The shortcut for one block of a scaled window (each braille dot at the window's zoom) says
/// what the ranges of blocks say.
final class ScaledWindowOneBlockTests: XCTestCase {
    func testOneBlockIsWhatTheRangesSay() throws {
        // Every seed from 1 gives other windows; a failure names its seed.
        for seed in 1...40 {
            var g = SplitMix64(seed: UInt64(seed))
            let scale = Int.random(in: 2...9, using: &g)
            let (rows, cols) = (Int.random(in: 1...90, using: &g), Int.random(in: 1...90, using: &g))
            let window = Viewport(
                row: Int.random(in: 0..<rows, using: &g), col: Int.random(in: 0..<cols, using: &g),
                rows: Int.random(in: 1...12, using: &g), cols: Int.random(in: 1...12, using: &g), scale: scale)
            var cells = Grid(rows: window.rows, cols: window.cols)
            for row in 0..<window.rows {
                for col in 0..<window.cols where Bool.random(using: &g) { cells[row, col] = .alive }
            }
            let grid = GridWindow(rows: rows, cols: cols, window: window, cells: cells, population: nil)
            var shortcuts = 0
            for top in -scale..<(rows + scale) {
                for left in -scale..<(cols + scale) {
                    for (height, width) in [(scale, scale), (scale - 1, scale), (scale, 1)] {
                        let (r, c) = (top..<(top + height), left..<(left + width))
                        if grid.oneBlock(rows: r, cols: c) != nil { shortcuts += 1 }
                        XCTAssertEqual(grid.anyLive(rows: r, cols: c), grid.anyLiveSpanning(rows: r, cols: c), "\(r) x \(c) of \(window) on \(rows)x\(cols), seed \(seed)")
                    }
                }
            }
            XCTAssertGreaterThan(shortcuts, 0)
        }
    }
}
