import LifeGrid
import LifeJSON
import LifePatterns

/// One edit of the grid's cells, as a person makes it with a pen or a paste: one action, one
/// version. Edits are allowed while the timer runs (the next tick starts from the edited grid)
/// and refused while a jump runs. See PROTOCOL.md §10.1.
public enum GridEdit: Equatable, Sendable {
    /// `grid.setCells`: each listed cell made alive, empty, or toggled (a cell listed twice counts once).
    case setCells([Pattern.Coordinate], to: CellChange)
    /// `grid.paste`: a pattern's cells (its whole box, as its RLE header gives it) with the
    /// box's top-left cell at `at`, combined with the grid's by `mode`.
    case paste(BitPlane, at: Pattern.Coordinate, mode: PasteMode)
    /// `grid.clearRect`: every cell of the rectangle empty.
    case clearRect(CellRect)
    /// `grid.transformRect`: the rectangle's cells rotated or flipped in place.
    case transformRect(CellRect, RectTransform)

    /// The most cells one `grid.setCells` may list: a drag of the mouse sends a few dozen; a
    /// larger drawing is a `grid.paste`.
    public static let maxCells = 65_536

    /// The action's name.
    public var type: ActionType {
        switch self {
        case .setCells: return .gridSetCells
        case .paste: return .gridPaste
        case .clearRect: return .gridClearRect
        case .transformRect: return .gridTransformRect
        }
    }

    /// The action's wire name.
    public var typeName: String { type.rawValue }
}

/// What `grid.setCells` does to each listed cell.
public enum CellChange: String, CaseIterable, Equatable, Sendable {
    case alive, empty, toggle
}

extension GridEdit {
    /// The edit's parameters as the wire carries them (beside `type`). A pasted pattern is RLE
    /// of its own box, so a `copy` paste reads back with the same box.
    public var members: [String: JSON] {
        switch self {
        case .setCells(let cells, let change):
            return ["cells": .array(cells.map { [.int($0.row), .int($0.col)] }), "to": .string(change.rawValue)]
        case .paste(let cells, let origin, let mode):
            let rle = RLEFormat.write(cells: cells, rule: nil, limit: .max) ?? ""
            return ["rle": .string(rle), "row": .int(origin.row), "col": .int(origin.col), "mode": .string(mode.rawValue)]
        case .clearRect(let rect):
            return rect.members
        case .transformRect(let rect, let transform):
            return rect.members.merging(["transform": .string(transform.rawValue)]) { $1 }
        }
    }

    /// Reads the parameters of the edit `type`; the size of the grid is checked when the edit
    /// is applied, as the grid may change before it is.
    public init(type: ActionType, fields: JSONFields) throws(ProtocolError) {
        switch type {
        case .gridSetCells:
            try fields.rejectUnknown(["type", "cells", "to"])
            guard let list = try fields.required("cells").arrayValue else {
                throw ProtocolError(.invalidArgument, "cells must be an array of [row, col] pairs", member: "cells")
            }
            guard (1...Self.maxCells).contains(list.count) else {
                throw ProtocolError(
                    list.isEmpty ? .invalidArgument : .limitExceeded,
                    "cells must list from 1 to \(Self.maxCells) cells, not \(list.count); paste a pattern for more", member: "cells")
            }
            var cells: [Pattern.Coordinate] = []
            cells.reserveCapacity(list.count)
            for (index, item) in list.enumerated() {
                guard let pair = item.arrayValue, pair.count == 2, let row = pair[0].exactIntValue, let col = pair[1].exactIntValue,
                    (0..<Grid.maxSide).contains(row), (0..<Grid.maxSide).contains(col)
                else {
                    throw ProtocolError(
                        .invalidArgument,
                        "cells[\(index)] must be [row, col], two integers from 0 to \(Grid.maxSide - 1), not \(item.preview)",
                        field: JSONPointer(tokens: ["cells", String(index)]))
                }
                cells.append(Pattern.Coordinate(row: row, col: col))
            }
            self = .setCells(cells, to: try fields.choice("to", default: nil))
        case .gridPaste:
            try fields.rejectUnknown(["type", "rle", "row", "col", "mode"])
            let rle = try fields.string("rle")
            let pattern: Pattern
            do {
                pattern = try PatternFormat.rle.read(rle)
            } catch {
                throw ProtocolError(.invalidArgument, "rle: \(error)", member: "rle")
            }
            let origin = Pattern.Coordinate(
                row: try fields.int("row", in: 0...(Grid.maxSide - 1)), col: try fields.int("col", in: 0...(Grid.maxSide - 1)))
            // Only the cells matter: a name, rule or position in the RLE is not the paste's business.
            self = .paste(pattern.cells, at: origin, mode: try fields.choice("mode", default: .or))
        case .gridClearRect:
            try fields.rejectUnknown(["type", "row", "col", "rows", "cols"])
            self = .clearRect(try CellRect(fields: fields))
        case .gridTransformRect:
            try fields.rejectUnknown(["type", "row", "col", "rows", "cols", "transform"])
            self = .transformRect(try CellRect(fields: fields), try fields.choice("transform", default: nil))
        default:
            throw ProtocolError(.unknownAction, "\(type.rawValue) is not an edit")
        }
    }
}

extension CellRect {
    /// `{"row", "col", "rows", "cols"}`, as the wire writes a rectangle.
    public var members: [String: JSON] { ["row": .int(row), "col": .int(col), "rows": .int(rows), "cols": .int(cols)] }

    /// Reads `row`, `col` (0 to 4095) and `rows`, `cols` (1 to 4096); whether it fits the grid
    /// is checked where the grid is known.
    init(fields: JSONFields) throws(ProtocolError) {
        self.init(
            row: try fields.int("row", in: 0...(Grid.maxSide - 1)), col: try fields.int("col", in: 0...(Grid.maxSide - 1)),
            rows: try fields.int("rows", in: 1...Grid.maxSide), cols: try fields.int("cols", in: 1...Grid.maxSide))
    }
}

extension JSONFields {
    /// A string member naming one case of `Choice`; `defaultValue` when absent (required when nil).
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, default defaultValue: Choice?) throws(ProtocolError) -> Choice
    where Choice.RawValue == String {
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = try optionalString(key) else {
            if let defaultValue { return defaultValue }
            throw self.error(key, "\(key) is required: one of \(names)")
        }
        guard let value = Choice(rawValue: text) else {
            throw self.error(key, "\(key) must be one of \(names), not \(JSON.string(text).preview)")
        }
        return value
    }
}
