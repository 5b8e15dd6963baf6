import LifeClient
import LifeGrid
import LifeJSON
import LifeSystem
import Protocol

/// `cell ROW,COL... on|off|toggle`: cells set, cleared or toggled, in one `grid.setCells`,
/// while the timer runs or not. Starts lifed on demand.
let cellCommand = Command(
    name: "cell", usage: "cell ROW,COL... on|off|toggle",
    summary: "Turn cells on or off, or toggle them, all in one change. Works while the timer runs.",
    details: """
        Each ROW,COL names a cell, counted from 0,0 at the world's top-left; give one or more,
        up to 65536 (paste a pattern for more), then what to do with them: on (alive), off
        (empty) or toggle. A cell named twice counts once. Every cell must lie in the world, or
        nothing changes. The cells turned on are alive (not born). Works while the timer runs:
        the next tick steps the edited world, and the settling status starts afresh. Refused
        while a jump runs. One command is one version (none when it changes no cell), sent as
        one grid.setCells. --json prints {"version", "cells", "to"} (cells: how many different cells
        were named; to: alive, empty or toggle).

        Examples: lifectl cell 5,5 on
                  lifectl cell 10,10 10,11 10,12 toggle
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    guard let verb = arguments.last, arguments.count >= 2 else {
        throw UsageError("cell needs one or more ROW,COL and then on, off or toggle, such as: cell 5,5 on")
    }
    let changes: [String: CellChange] = ["on": .alive, "off": .empty, "toggle": .toggle]
    guard let change = changes[verb.lowercased()] else {
        throw UsageError("cell ends with on, off or toggle, not \"\(verb)\"")
    }
    let places = arguments.dropLast()
    guard places.count <= GridEdit.maxCells else {
        throw .outOfRange("cell takes at most \(GridEdit.maxCells) cells at once, not \(places.count); paste a pattern for more")
    }
    var cells: [Pattern.Coordinate] = []
    cells.reserveCapacity(places.count)
    for place in places { cells.append(try EditArguments.cell(place)) }
    let distinct = Set(cells).count
    let named = distinct == 1 ? "cell \(cells[0].row),\(cells[0].col)" : counted(distinct, "cell")
    let what: [CellChange: String] = [.alive: "on", .empty: "off", .toggle: "toggled"]
    let request = EditRequest(
        edit: .setCells(cells, to: change),
        done: { version in "\(named) \(what[change] ?? "") (version \(version))" },
        report: ["cells": .int(distinct), "to": .string(change.rawValue)])
    return { session throws(Connection.Failure) in try request.send(session) }
}
