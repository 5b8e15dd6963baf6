import LifeTerminal
import Protocol
import XCTest

/// The daemon's refusals of what keys sent, in lifewatch's words.
final class RefusalWordsTests: XCTestCase {
    private func text(_ type: String, code: String = "not-allowed", message: String = "daemon's words", world: WorldView?) -> String {
        RefusalWords.text(action: ["type": .string(type)], code: code, message: message, world: world)
    }

    func testTheKeyAndWhatToPressInstead() {
        let running = WorldView(isRunning: true)
        XCTAssertEqual(text("simulation.resetGridToRandom", world: running), "r (a random grid) needs the timer stopped: press space first")
        XCTAssertEqual(text("simulation.resetGridToEmpty", world: running), "e (an empty grid) needs the timer stopped: press space first")
        XCTAssertEqual(text("configurations.load", world: running), "enter (load the configuration) needs the timer stopped: press space first")
        XCTAssertEqual(text("simulation.reset", world: running), "0 (ticks to 0) needs the timer stopped: press space first")
        XCTAssertEqual(text("simulation.startTimer", world: running), "the timer is already running")
        // The timer stopped itself between the key and the daemon.
        XCTAssertEqual(
            text("simulation.stopTimer", world: WorldView(stoppedBecause: "the world died out")),
            "the timer had already stopped: the world died out")
        // A jump: what waits for it, how far it got, and how to cancel it.
        let jumping = WorldView(jump: Jump(target: 1000, done: 452, started: 1))
        XCTAssertEqual(text("simulation.tick", world: jumping), "n (one tick) waits for the jump in flight (45% done): press x to cancel it")
        XCTAssertEqual(
            RefusalWords.text(action: ["type": "grid.setCells", "to": "toggle", "cells": [[1, 1]]], code: "not-allowed", message: "", world: jumping),
            "t (toggle the cell) waits for the jump in flight (45% done): press x to cancel it")
        XCTAssertEqual(text("grid.paste", world: jumping), "p (paste) waits for the jump in flight (45% done): press x to cancel it")
        // What the state does not explain keeps the daemon's words: other codes, unknown actions.
        XCTAssertEqual(text("grid.paste", code: "invalid-argument", message: "the pattern is larger than the grid", world: WorldView()),
            "the pattern is larger than the grid")
        XCTAssertEqual(text("simulation.somethingNew", world: running), "daemon's words")
        XCTAssertEqual(text("simulation.tick", world: nil), "daemon's words")
        XCTAssertEqual(text("grid.paste", code: "storage-failed", message: "", world: nil), "lifed refused: storage-failed")
    }
}
