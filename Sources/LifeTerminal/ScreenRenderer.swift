/// Turns frames into the bytes that change the terminal from the last frame to the next.
///
/// It keeps the front buffer (what the terminal shows now), the cursor's position and the
/// pen's style, and emits only the cells that differ, each preceded by a cursor move when
/// the cursor is not already there and an SGR change when the pen differs. A frame of a
/// different size, or the first frame after ``invalidate()``, clears the screen and draws
/// everything that is not blank.
public struct ScreenRenderer: Sendable {
    /// The colour mode every SGR sequence is written for.
    public var colorMode: ColorMode
    /// What the terminal shows, as far as this renderer knows; nil before the first frame.
    public private(set) var front: ScreenBuffer?
    private var cursor: (row: Int, col: Int)?
    private var pen: Style?

    /// A renderer for a terminal in `colorMode`, which knows nothing of the screen yet.
    public init(colorMode: ColorMode) {
        self.colorMode = colorMode
    }

    /// Forgets what the terminal shows: the next frame is drawn whole (after a resize, a
    /// suspend, or anything else that may have disturbed the screen).
    public mutating func invalidate() {
        front = nil
        cursor = nil
        pen = nil
    }

    /// The bytes that turn the screen into `frame`; empty when it already shows it.
    public mutating func render(_ frame: ScreenBuffer) -> [UInt8] {
        var output: [UInt8] = []
        let previous: ScreenBuffer
        if let front, front.rows == frame.rows, front.cols == frame.cols {
            previous = front
        } else {
            // Reset the pen first: the clear paints with the current background.
            output += "\u{1B}[0m\u{1B}[2J".utf8
            pen = .plain
            cursor = nil
            previous = ScreenBuffer(rows: frame.rows, cols: frame.cols)
        }
        // Both frames' cells are read in place: a cell is copied only when it is written.
        let cols = frame.cols
        frame.cells.withUnsafeBufferPointer { cells in
            previous.cells.withUnsafeBufferPointer { shown in
                for row in 0..<frame.rows {
                    for col in 0..<cols {
                        let index = row * cols + col
                        guard !cells[index].isContinuation,
                            cells[index] != shown[index] || Self.needsRepaint(cells, shown, index, last: col + 1 >= cols)
                        else { continue }
                        draw(cells[index], row: row, col: col, cols: cols, output: &output)
                    }
                }
            }
        }
        front = frame
        return output
    }

    /// Writes `cell` at `row`, `col`: the cursor moved there, the pen changed to its style.
    private mutating func draw(_ cell: ScreenCell, row: Int, col: Int, cols: Int, output: inout [UInt8]) {
        moveCursor(to: (row, col), output: &output)
        if pen != cell.style {
            output += SGR.transition(from: pen, to: cell.style, mode: colorMode).utf8
            pen = cell.style
        }
        cell.appendUTF8(to: &output)
        let next = col + cell.width
        cursor = next < cols ? (row, next) : nil
    }

    /// A wide character whose second half changed underneath (the old cell there was a
    /// narrow one) is drawn again.
    private static func needsRepaint(
        _ cells: UnsafeBufferPointer<ScreenCell>, _ shown: UnsafeBufferPointer<ScreenCell>, _ index: Int, last: Bool
    ) -> Bool {
        guard cells[index].width == 2, !last else { return false }
        return shown[index + 1] != cells[index + 1]
    }

    private mutating func moveCursor(to target: (row: Int, col: Int), output: inout [UInt8]) {
        if let cursor, cursor == target { return }
        if let cursor, cursor.row == target.row, target.col > cursor.col {
            let distance = target.col - cursor.col
            output += (distance == 1 ? "\u{1B}[C" : "\u{1B}[\(distance)C").utf8
        } else {
            output += "\u{1B}[\(target.row + 1);\(target.col + 1)H".utf8
        }
        cursor = target
    }
}
