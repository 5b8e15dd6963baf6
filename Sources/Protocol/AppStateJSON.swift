import LifeGrid
import LifeJSON
import LifePatterns

// The JSON forms of the state: the wire's (clients mirror it), and the stored one (the daemon
// persists it), which differs only in the configurations: the wire shows their titles and
// sizes, the stored form keeps their patterns.

extension AppState {
    /// The state as the wire shows it.
    public var json: JSON {
        [
            "simulation": simulation.json,
            "statistics": statistics.json,
            "settings": settings.json,
            "configurations": configurations.json,
            "history": history.json,
        ]
    }

    /// The state as a state file keeps it: ``json`` with the configurations' patterns
    /// (``ConfigurationsState/storageJSON``).
    public var storageJSON: JSON {
        [
            "simulation": simulation.json,
            "statistics": statistics.json,
            "settings": settings.json,
            "configurations": configurations.storageJSON,
        ]
    }

    /// Reads a state from its stored form (``storageJSON``), checking every part as a
    /// client's action would be checked. State files written before configurations were kept
    /// as RLE (their entries hold `contents`) read too. The wire's form does not: it has no
    /// patterns.
    public init(storageJSON json: JSON) throws(ProtocolError) {
        let reader = try JSONFields(json, at: "")
        self.init(
            simulation: try SimulationState(json: try reader.required("simulation")),
            statistics: try Statistics(json: try reader.required("statistics")),
            settings: try Settings(json: try reader.required("settings")),
            configurations: try ConfigurationsState(storageJSON: try reader.required("configurations"))
        )
    }
}

extension SimulationState {
    public var json: JSON { json(gridWindow: nil) }

    /// The simulation as the wire shows it, the grid's cells limited to `gridWindow` when there is one.
    public func json(gridWindow: Viewport?) -> JSON {
        json(gridJSON: gridState.grid.json(window: gridWindow))
    }

    /// The simulation as the wire shows it, with `gridJSON` (the grid's form, whole or windowed) as its grid.
    public func json(gridJSON: JSON) -> JSON {
        .object(Dictionary(uniqueKeysWithValues: jsonMembers(gridJSON: gridJSON)))
    }

    /// The members of ``json(gridJSON:)``, in the order of their names' UTF-8 bytes (the order
    /// a JSON Patch between two of them lists its operations in): a publisher compares them one
    /// by one at every tick without building or hashing an object.
    public func jsonMembers(gridJSON: JSON) -> [(key: String, value: JSON)] {
        var period = JSON.null
        if case .oscillating(let p) = settling.status { period = .int(p) }
        return [
            ("gridState", ["grid": gridJSON, "ticks": .int(gridState.ticks)]),
            ("isRunningTimer", .bool(isRunningTimer)),
            ("jump", jump?.json ?? .null),
            ("period", period),
            ("status", .string(settling.status.name)),
            ("stoppedBecause", stoppedBecause.map(JSON.string) ?? .null),
        ]
    }

    public init(json: JSON) throws(ProtocolError) {
        let reader = try JSONFields(json, at: "/simulation")
        let status: Settling.Status
        switch try reader.optionalString("status") ?? "evolving" {
        case "evolving": status = .evolving
        case "extinct": status = .extinct
        case "still": status = .still
        case "oscillating": status = .oscillating(period: try reader.int("period", in: 2...Settling.maxPeriod))
        case let other: throw ProtocolError(.invalidArgument, "/simulation/status: unknown status \(JSON.string(other).preview)")
        }
        self.init(
            isRunningTimer: try reader.bool("isRunningTimer"),
            gridState: try GridState(json: try reader.required("gridState")),
            settling: Settling(status: status),
            stoppedBecause: try reader.optionalString("stoppedBecause"),
            jump: try reader.members["jump"].flatMap { (value: JSON) throws(ProtocolError) -> Jump? in
                value == .null ? nil : try Jump(json: value, at: "/simulation/jump")
            }
        )
    }
}

extension GridState {
    public var json: JSON { ["ticks": .int(ticks), "grid": grid.json] }

    public init(json: JSON) throws(ProtocolError) {
        let reader = try JSONFields(json, at: "/simulation/gridState")
        self.init(ticks: try reader.int("ticks", in: 0...Int.max), grid: try Grid(json: try reader.required("grid")))
    }
}

extension Grid {
    /// `{"rows": R, "cols": C, "cells": ["..O..", ...]}`.
    public var json: JSON { json(window: nil) }

    /// Reads a grid from `{"rows", "cols", "cells"}`, checking every row and character.
    public init(json: JSON) throws(ProtocolError) {
        let reader = try JSONFields(json, at: "grid")
        let rows = try reader.int("rows", in: 0...Grid.maxSide)
        let cols = try reader.int("cols", in: 0...Grid.maxSide)
        guard let lines = try reader.required("cells").arrayValue else {
            throw ProtocolError(.invalidArgument, "grid.cells must be an array of \(rows) strings", member: "cells")
        }
        try self.init(rows: rows, cols: cols, rowStrings: lines.map { $0.stringValue })
    }

    /// Builds a grid from row strings (nil entries are not strings), checking their shape.
    public init(rows: Int, cols: Int, rowStrings: [String?]) throws(ProtocolError) {
        guard rowStrings.count == rows else {
            throw ProtocolError(.invalidArgument, "grid.cells has \(rowStrings.count) rows, expected \(rows)", member: "cells")
        }
        let wordsPerRow = (cols + 63) >> 6
        var live = [UInt64](repeating: 0, count: rows * wordsPerRow)
        var previous = live
        var dying: [(row: Int, col: Int, state: Int)] = []
        for (index, line) in rowStrings.enumerated() {
            guard let line else {
                throw ProtocolError(.invalidArgument, "grid.cells[\(index)] must be a string", field: Self.cellsField(index))
            }
            try Self.readRow(line, index: index, cols: cols, live: &live, previous: &previous, base: index * wordsPerRow) { col, state in
                dying.append((index, col, state))
            }
        }
        guard var grid = Grid(rows: rows, cols: cols, livePlane: live, previousPlane: previous) else {
            throw ProtocolError(.invalidArgument, "grid.cells does not hold \(rows) x \(cols) cells", member: "cells")
        }
        for cell in dying { grid.setState(cell.state, row: cell.row, col: cell.col) }
        self = grid
    }

    /// Reads row `index`'s `cells` string into the words of both planes from `base` (a row's
    /// words, which hold no bits yet), checking every character and the length.
    static func readRow(
        _ line: String, index: Int, cols: Int, live: inout [UInt64], previous: inout [UInt64], base: Int,
        dying: (_ col: Int, _ state: Int) -> Void
    ) throws(ProtocolError) {
        // A word of each plane is gathered in registers and stored once (lifewatch reads
        // every row of its window again on each diff: this was a fifth of its time), eight
        // symbols at a time while they are all symbols of cells.
        var count = 0
        var liveBits: UInt64 = 0
        var wasBits: UInt64 = 0
        let wordsPerRow = (cols + 63) >> 6
        let eights = line.utf8.withContiguousStorageIfAvailable { bytes in
            var done = 0
            while bytes.count - done >= 8, done >> 6 < wordsPerRow, let eight = bytes.baseAddress.map({ UnsafeRawPointer($0 + done) }),
                let bits = Self.cellBits(eight.loadUnaligned(as: UInt64.self).littleEndian)
            {
                liveBits |= bits.live &<< UInt64(done & 63)
                wasBits |= bits.wasLive &<< UInt64(done & 63)
                done += 8
                if done & 63 == 0 {
                    live[base + (done >> 6) - 1] = liveBits
                    previous[base + (done >> 6) - 1] = wasBits
                    liveBits = 0
                    wasBits = 0
                }
            }
            return done
        } ?? 0
        count = eights
        var lead: UInt8?
        for byte in line.utf8.dropFirst(eights) {
            let bit = UInt64(1) &<< UInt64(count & 63)
            if let first = lead {
                // The second byte of a dying state's character (U+0102 to U+01FF: two bytes).
                lead = nil
                let scalar = Unicode.Scalar(UInt32(first & 0x1F) << 6 | UInt32(byte & 0x3F))
                guard byte & 0xC0 == 0x80, let scalar, let state = Grid.dyingState(symbol: scalar) else {
                    throw ProtocolError(
                        .invalidArgument, "grid.cells[\(index)] column \(count): not a cell's character", field: Self.cellsField(index))
                }
                dying(count, state)
            } else if byte >= 0xC4 && byte <= 0xC7 {
                lead = byte
                continue
            } else {
            switch byte {
            case UInt8(ascii: "."): break
            case UInt8(ascii: "O"):
                liveBits |= bit
                wasBits |= bit
            case UInt8(ascii: "+"): liveBits |= bit
            case UInt8(ascii: "x"): wasBits |= bit
            default:
                throw ProtocolError(
                    .invalidArgument,
                    "grid.cells[\(index)] column \(count): only '.', 'O', '+', 'x' and the dying states' letters (U+0102 to U+01FF) stand for cells",
                    field: Self.cellsField(index))
            }
            }
            count += 1
            if count & 63 == 0 {
                // Words past the row's are not stored: such a row is refused below.
                let word = (count >> 6) - 1
                if word < wordsPerRow {
                    live[base + word] = liveBits
                    previous[base + word] = wasBits
                }
                liveBits = 0
                wasBits = 0
            }
        }
        guard lead == nil else {
            throw ProtocolError(.invalidArgument, "grid.cells[\(index)] column \(count): not a cell's character", field: Self.cellsField(index))
        }
        if count & 63 != 0, count >> 6 < wordsPerRow {
            live[base + (count >> 6)] = liveBits
            previous[base + (count >> 6)] = wasBits
        }
        guard count == cols else {
            throw ProtocolError(.invalidArgument, "grid.cells[\(index)] has \(count) cells, expected \(cols)", field: Self.cellsField(index))
        }
    }

    /// Replaces row `row` with the cells of a `cells` string (what a diff's `replace` of
    /// `/cells/N` carries), checked as ``init(rows:cols:rowStrings:)`` checks a row; the grid is
    /// unchanged when it throws. `row` must be in range.
    public mutating func replaceRow(_ row: Int, with text: String) throws(ProtocolError) {
        precondition(row >= 0 && row < rows, "row out of range")
        let stride = wordsPerRow
        var liveWords = [UInt64](repeating: 0, count: stride)
        var previousWords = liveWords
        var dyingCells: [(col: Int, state: Int)] = []
        try Self.readRow(text, index: row, cols: cols, live: &liveWords, previous: &previousWords, base: 0) { col, state in
            dyingCells.append((col, state))
        }
        if hasDyingCells(row: row) {
            for col in 0..<cols where state(row: row, col: col) >= 2 { setState(0, row: row, col: col) }
        }
        withUnsafeMutablePlanes { live, previous in
            for word in 0..<stride {
                live[row * stride + word] = liveWords[word]
                previous[row * stride + word] = previousWords[word]
            }
        }
        for cell in dyingCells { setState(cell.state, row: row, col: cell.col) }
    }

    /// The live and was-live bits (bit i from byte i) of eight `cells` symbols in the bytes of
    /// `eight` (the first in the lowest byte); nil unless every byte is one of `.`, `O`, `+`, `x`.
    @inline(__always)
    static func cellBits(_ eight: UInt64) -> (live: UInt64, wasLive: UInt64)? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // The high bit of each byte that equals `symbol` (exactly: no carry crosses a byte).
        func equal(_ symbol: UInt8) -> UInt64 {
            let difference = eight ^ (ones &* UInt64(symbol))
            return ~(((difference & low) &+ low) | difference) & ~low
        }
        let alive = equal(UInt8(ascii: "O"))
        let born = equal(UInt8(ascii: "+"))
        let died = equal(UInt8(ascii: "x"))
        guard alive | born | died | equal(UInt8(ascii: ".")) == ~low else { return nil }
        // A byte's high bit to bit i of the result: 0x0102040810204080 gathers byte i's low bit to bit 56 + i.
        func gather(_ highBits: UInt64) -> UInt64 { ((highBits &>> 7) &* 0x0102_0408_1020_4080) &>> 56 }
        return (gather(alive | born), gather(alive | died))
    }

    /// The pointer to row `index` of `cells`, for errors about it.
    private static func cellsField(_ index: Int) -> JSONPointer { JSONPointer(tokens: ["cells", String(index)]) }
}

extension Statistics {
    public var json: JSON { .object(Dictionary(uniqueKeysWithValues: jsonMembers)) }

    /// The members of ``json``, in the order of their names' UTF-8 bytes (see
    /// ``SimulationState/jsonMembers(gridJSON:)``).
    public var jsonMembers: [(key: String, value: JSON)] {
        [("alive", .int(alive)), ("born", .int(born)), ("died", .int(died)), ("empty", .int(empty)), ("steps", .int(steps))]
    }

    public init(json: JSON) throws(ProtocolError) {
        let reader = try JSONFields(json, at: "/statistics")
        self.init(
            steps: try reader.int("steps", in: 0...Int.max),
            alive: try reader.int("alive", in: 0...Int.max),
            born: try reader.int("born", in: 0...Int.max),
            died: try reader.int("died", in: 0...Int.max),
            empty: try reader.int("empty", in: 0...Int.max)
        )
    }
}

extension Settings {
    public var json: JSON {
        [
            "intervalMs": .int(intervalMs),
            "generationsPerTick": .int(generationsPerTick),
            "rows": .int(rows),
            "cols": .int(cols),
            "topology": .string(topology.rawValue),
            "rule": .string(rule.notation),
            "density": .double(density),
            "autoStop": .bool(autoStop),
            "display": ["title": .string(display.title), "showStatistics": .bool(display.showStatistics)],
        ]
    }

    /// Reads settings, validating every field as `settings.update` does; a field left out (a
    /// state saved before it existed, such as `generationsPerTick`) takes its default.
    public init(json: JSON) throws(ProtocolError) {
        _ = try JSONFields(json, at: "/settings")
        var fields = json.objectValue ?? [:]
        fields["type"] = nil
        self = try SettingsUpdate(fields: JSONFields(.object(fields), at: "/settings")).applied(to: Settings())
    }
}

extension ConfigurationsState {
    /// `{"isFetching", "configs", "error", "fetchedCount"}`, each configuration as the wire shows
    /// it: its title, size, population and rule (``Configuration/json``), not its cells.
    public var json: JSON {
        [
            "isFetching": .bool(isFetching),
            "configs": Configuration.json(configs),
            "error": error.map(JSON.string) ?? .null,
            "fetchedCount": .int(fetchedCount),
        ]
    }

    /// ``json`` with each configuration as a state file keeps it, pattern included
    /// (``Configuration/storageJSON``).
    public var storageJSON: JSON {
        [
            "isFetching": .bool(isFetching),
            "configs": Configuration.storageJSON(configs),
            "error": error.map(JSON.string) ?? .null,
            "fetchedCount": .int(fetchedCount),
        ]
    }

    /// Reads the form ``storageJSON`` writes (entries with `contents`, from state files written
    /// before, read too), within the list's limits.
    public init(storageJSON json: JSON) throws(ProtocolError) {
        let reader = try JSONFields(json, at: "/configurations")
        let list = try reader.required("configs")
        let configs: [Configuration]
        do {
            configs = try Configuration.decodeList(list)
        } catch {
            throw ProtocolError(error.exceedsLimit ? .limitExceeded : .invalidArgument, "/configurations/configs: \(error)")
        }
        // Files written before users' entries were told apart hold fetched entries only.
        let fetchedCount = try reader.optionalInt("fetchedCount", in: 0...configs.count)
        self.init(isFetching: try reader.bool("isFetching"), configs: configs, error: try reader.optionalString("error"), fetchedCount: fetchedCount)
    }
}
