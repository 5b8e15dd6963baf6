import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// The status line's words, and the key bar's dimming.
final class StatusLineTests: XCTestCase {
    private func world(running: Bool = false, settling: String = "evolving", period: Int? = nil, stoppedBecause: String? = nil) -> WorldView {
        WorldView(
            title: "Welcome", ticks: 12, isRunning: running, intervalMs: 250,
            grid: (try? Grid(rows: 2, cols: 3, rowStrings: ["O+.", "x.O"])).map(GridWindow.init), settling: settling, period: period,
            stoppedBecause: stoppedBecause)
    }

    func testRunning() {
        XCTAssertEqual(StatusLine.text(for: world(running: true)), "ticks 12 · running · gen 0 · every 250ms · population 3 · evolving")
    }

    /// `lifectl step 400` computes 400 generations without a tick of the timer: the line says
    /// so with the statistics' count of generations, beside the ticks that stay at 0.
    func testTheGenerationsComputedShowBesideTheTicks() {
        var stepped = world()
        stepped.ticks = 0
        stepped.statistics = Statistics(steps: 400, alive: 1200, born: 300, died: 310, empty: 1000)
        XCTAssertEqual(StatusLine.text(for: stepped), "ticks 0 · stopped · gen 400 · every 250ms · population 3 · evolving")
        // Narrow, the count still shows when the ticks, the interval and more have gone.
        var buffer = ScreenBuffer(rows: 1, cols: 30)
        StatusLine.draw(stepped, into: &buffer, row: 0, col: 0, width: 30, faded: false)
        XCTAssertEqual(buffer.lines, ["stopped · gen 400"])
    }

    func testStoppedWithTheReasonLast() {
        XCTAssertEqual(
            StatusLine.text(for: world(settling: "oscillating", period: 2, stoppedBecause: "the world oscillates with period 2")),
            "ticks 12 · stopped · gen 0 · every 250ms · population 3 · oscillating (period 2) · stopped because the world oscillates with period 2")
        XCTAssertEqual(StatusLine.text(for: world(settling: "still")), "ticks 12 · stopped · gen 0 · every 250ms · population 3 · still")
        // The reason is about the last stop: once running again it goes.
        XCTAssertEqual(
            StatusLine.text(for: world(running: true, settling: "extinct", stoppedBecause: "old")),
            "ticks 12 · running · gen 0 · every 250ms · population 3 · extinct")
    }

    /// A jump in flight shows after running or stopped: the share done, and the rate and the time
    /// left once the watcher has measured them.
    func testAJumpShowsItsProgress() {
        var jumping = world()
        jumping.jump = Jump(target: 1_000_000, done: 450_000, started: 10_000)
        XCTAssertEqual(
            StatusLine.text(for: jumping),
            "ticks 12 · stopped · gen 0 · jump 45.0% · 450000/1000000 · every 250ms · population 3 · evolving")
        var meter = JumpProgressMeter()
        meter.observe(Jump(target: 1_000_000, done: 420_000, started: 10_000), seconds: 1, wallClockMs: 20_000)
        meter.observe(jumping.jump, seconds: 11, wallClockMs: 30_000)
        XCTAssertEqual(
            StatusLine.text(for: jumping, jump: meter),
            "ticks 12 · stopped · gen 0 · jump 45.0% · 450000/1000000 · 3000 gen/s · 3m04s left · every 250ms · population 3 · evolving")
        // A meter of another jump is not this one's.
        var other = JumpProgressMeter()
        other.observe(Jump(target: 5, done: 1, started: 1), seconds: 1, wallClockMs: 2)
        XCTAssertEqual(
            StatusLine.text(for: jumping, jump: other),
            "ticks 12 · stopped · gen 0 · jump 45.0% · 450000/1000000 · every 250ms · population 3 · evolving")
    }

    /// A narrow line drops its least segments whole (the ticks, then the interval, then the
    /// later of equals) rather than cutting the end, and cuts only what is left past the width.
    func testDrawDropsTheLeastSegmentsToFitTheWidth() {
        var buffer = ScreenBuffer(rows: 1, cols: 30)
        StatusLine.draw(world(running: true), into: &buffer, row: 0, col: 0, width: 30, faded: false)
        XCTAssertEqual(buffer.lines, ["running · gen 0 · population 3"])
        XCTAssertTrue(buffer[0, 0].style.bold)
        var narrowest = ScreenBuffer(rows: 1, cols: 5)
        StatusLine.draw(world(running: true), into: &narrowest, row: 0, col: 0, width: 5, faded: false)
        XCTAssertEqual(narrowest.lines, ["runn…"])
        var faded = ScreenBuffer(rows: 1, cols: 30)
        StatusLine.draw(world(running: true), into: &faded, row: 0, col: 0, width: 30, faded: true)
        XCTAssertTrue(faded[0, 0].style.dim)
    }

    /// lifewatch at 80 columns, running at a step of 10: the population and whether the world
    /// still changes stay, and the ticks go (the end of the line was cut off before).
    func testEightyColumnsKeepThePopulationAndTheSettling() {
        var running = world(running: true)
        running.ticks = 50
        running.generationsPerTick = 10
        running.statistics = Statistics(steps: 230, alive: 400, born: 50, died: 45, empty: 100)
        let segments = StatusLine.segments(for: running, zoom: .single)
        XCTAssertEqual(
            segments.map(\.text).joined(separator: StatusLine.separator),
            "ticks 50 · running · gen 230 · every 250ms · step 10 · zoom 1:1 · population 3 · evolving")
        XCTAssertEqual(
            StatusLine.fitted(segments, width: 80).map(\.text).joined(separator: StatusLine.separator),
            "running · gen 230 · every 250ms · step 10 · zoom 1:1 · population 3 · evolving")
    }

    func testWorldReadsLeniently() {
        let json: JSON = [
            "simulation": [
                "isRunningTimer": true, "status": "oscillating", "period": 3, "stoppedBecause": nil,
                "gridState": ["ticks": 7, "grid": ["rows": 1, "cols": 3, "cells": ["O+x"]]], "somethingNew": 1,
            ],
            "settings": ["intervalMs": 100, "display": ["title": "Hi", "showStatistics": true]],
            "statistics": ["steps": 1, "alive": 2, "born": 3, "died": 4, "empty": 5],
            "configurations": ["configs": [["title": "Glider", "contents": []]], "isFetching": false, "error": nil],
        ]
        let world = WorldView(json: json)
        XCTAssertEqual(world?.title, "Hi")
        XCTAssertEqual(world?.ticks, 7)
        XCTAssertEqual(world?.isRunning, true)
        XCTAssertEqual(world?.population, 2)
        XCTAssertEqual(world?.period, 3)
        XCTAssertNil(world?.stoppedBecause)
        XCTAssertEqual(world?.statistics, Statistics(steps: 1, alive: 2, born: 3, died: 4, empty: 5))
        XCTAssertEqual(world?.configurationTitles, ["Glider"])
        XCTAssertNil(WorldView(json: ["statistics": [:]]))
        XCTAssertNil(world?.jump)
        var jumping = json
        try? jumping.apply([.add(path: JSONPointer(tokens: ["simulation", "jump"]), value: ["target": 9, "done": 3, "started": 7])])
        XCTAssertEqual(WorldView(json: jumping)?.jump, Jump(target: 9, done: 3, started: 7))
        try? jumping.apply([.add(path: JSONPointer(tokens: ["simulation", "jump"]), value: ["target": "nine"])])
        XCTAssertNil(WorldView(json: jumping)?.jump, "a jump that does not read is left out")
    }

    func testKeyBarDimsWhatRunningForbids() {
        let running = KeyBar.items(for: world(running: true), connected: true)
        XCTAssertEqual(Set(running.filter { !$0.isAllowed }.map(\.key)), ["e", "r", "0", "⏎"])
        XCTAssertEqual(running.first?.label, "stop")
        let stopped = KeyBar.items(for: world(), connected: true)
        XCTAssertTrue(stopped.allSatisfy(\.isAllowed))
        XCTAssertEqual(stopped.first?.label, "start")
        // While the daemon is away every action is dimmed; zoom, help and quit are not.
        let away = KeyBar.items(for: world(), connected: false)
        XCTAssertEqual(away.filter(\.isAllowed).map(\.key), ["z/Z", "?", "q"])
        // A settled world with autostop on: space would only give it a tick, so it is dimmed.
        var settled = world()
        settled.settling = "still"
        settled.autoStop = true
        XCTAssertEqual(KeyBar.items(for: settled, connected: true).filter { !$0.isAllowed }.map(\.key), ["space"])
        settled.autoStop = false
        XCTAssertTrue(KeyBar.items(for: settled, connected: true).allSatisfy(\.isAllowed))
    }

    func testKeyBarWhileAJumpRunsDimsWhatWouldChangeTheGridAndOffersTheCancel() {
        var jumping = world()
        jumping.jump = Jump(target: 1000, done: 10, started: 1)
        let items = KeyBar.items(for: jumping, connected: true)
        XCTAssertEqual(items.first, KeyBar.Item("x", "cancel jump"))
        XCTAssertEqual(Set(items.filter { !$0.isAllowed }.map(\.key)), ["space", "n", "e", "r", "⏎", "t"])
        XCTAssertFalse(KeyBar.items(for: world(), connected: true).contains { $0.key == "x" })
    }

    func testKeyBarDrawsDimmedItemsDim() {
        var buffer = ScreenBuffer(rows: 1, cols: 200)
        KeyBar.draw(KeyBar.items(for: world(running: true), connected: true), into: &buffer, row: 0, col: 0, width: 200)
        let line = buffer.lines[0]
        XCTAssertEqual(
            line, "space stop  n tick  e empty  r random  0 reset  c pick  ⏎ load  +/- speed  s stats  t toggle  z/Z zoom  ? help  q quit")
        XCTAssertTrue(buffer[0, 0].style.bold)
        XCTAssertTrue(buffer[0, 20].style.dim)  // e
        XCTAssertTrue(buffer[0, 22].style.dim)  // empty
    }

    func testKeyBarKeepsHelpAndQuitWhenNarrow() {
        var buffer = ScreenBuffer(rows: 1, cols: 40)
        KeyBar.draw(KeyBar.items(for: world(), connected: true), into: &buffer, row: 0, col: 0, width: 40)
        XCTAssertEqual(buffer.lines[0], "space start  n tick  …  ? help  q quit")
    }
}
