import DaemonTestSupport
import Foundation
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// What a client author asked of the protocol (issue 24): the hello announces the limits a
/// client otherwise meets by being cut off, and a pong carries the version it is a barrier for.
final class HelloAndPongTests: XCTestCase {
    func testTheHelloAnnouncesTheDaemonsLimits() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--max-frame", "65536", "--idle-timeout", "45s", "--frame-timeout", "2s"])
        let client = try RawClient(daemon.socketPath, expectHello: false)
        guard case .hello(_, _, _, let limits?)? = try client.receive() else { return XCTFail("a hello with limits") }
        XCTAssertEqual(
            limits,
            ServerLimits(maxFrame: 65536, subscriptionsPerConnection: 64, renderGroups: 4096, idleTimeoutMs: 45_000, frameTimeoutMs: 2000))
        // The announced per-connection limit is the one the daemon holds to: one more is refused.
        for index in 0..<limits.subscriptionsPerConnection {
            try client.send(ClientRequest(id: .int(index), kind: .subscribe(path: .root, viewport: nil)))
            guard case .snapshot? = try client.receive() else { return XCTFail("subscription \(index)") }
        }
        try client.send(ClientRequest(id: "over", kind: .subscribe(path: .root, viewport: nil)))
        guard case .error(_, let code, _, _)? = try client.receive() else { return XCTFail("refused") }
        XCTAssertEqual(code, "limit-exceeded")
    }

    func testAPongCarriesTheVersionItIsABarrierFor() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "8x8"])
        let watcher = try RawClient(daemon.socketPath)
        try watcher.send(ClientRequest(id: "all", kind: .subscribe(path: .root, viewport: nil)))
        guard case .snapshot(_, let start, _, _, _)? = try watcher.receive() else { return XCTFail("snapshot") }
        let actor = try daemon.connect()
        for _ in 0..<3 { _ = try actor.dispatch("grid.step") }
        try watcher.send(ClientRequest(id: "barrier", kind: .ping))
        var mirrored = start
        while true {
            let message = try watcher.receive()
            if case .diff(_, _, let version, _)? = message { mirrored = version; continue }
            guard case .pong(let id, let version)? = message else { return XCTFail("\(String(describing: message))") }
            XCTAssertEqual(id, "barrier")
            XCTAssertEqual(version, start + 3, "the pong says the version the mirror has reached")
            XCTAssertEqual(version, mirrored, "every diff up to it came before")
            break
        }
        // Its JSON, as PROTOCOL.md shows it.
        try watcher.send(ClientRequest(id: 8, kind: .ping))
        XCTAssertEqual(try watcher.receive()?.json, ["id": 8, "type": "pong", "version": .int(start + 3)])
    }

    /// `get` takes a viewport, as `subscribe` does: the same window, without subscribing.
    func testGetTakesAViewportAsSubscribeDoes() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "64x80", "--seed", "5"])
        let client = try RawClient(daemon.socketPath)
        try client.send(ClientRequest(id: 0, kind: .dispatch(action: ["type": "simulation.resetGridToRandom"])))
        _ = try client.receive()
        for viewport in [Viewport(row: 3, col: 5, rows: 10, cols: 20), Viewport(row: 0, col: 0, rows: 8, cols: 10, scale: 8)] {
            try client.send(ClientRequest(id: "get", kind: .get(path: .root, viewport: viewport)))
            guard case .state(_, let version, _, let got)? = try client.receive() else { return XCTFail("state for \(viewport)") }
            try client.send(ClientRequest(id: "sub", kind: .subscribe(path: .root, viewport: viewport)))
            guard case .snapshot(_, let snapshotVersion, _, let snapshot, _)? = try client.receive() else { return XCTFail("snapshot") }
            XCTAssertEqual(version, snapshotVersion)
            XCTAssertEqual(got, snapshot, "get with \(viewport) is the subscription's snapshot")
            XCTAssertEqual(got["simulation"]?["gridState"]?["grid"]?["viewport"], viewport.json)
            try client.send(ClientRequest(id: "sub", kind: .unsubscribe))
            _ = try client.receive()
        }
        // A viewport below the grid's path is refused as subscribe refuses it.
        try client.send(ClientRequest(id: "bad", kind: .get(path: try JSONPointer(parsing: "/settings"), viewport: Viewport(row: 0, col: 0, rows: 1, cols: 1))))
        guard case .error(_, let code, _, let details)? = try client.receive() else { return XCTFail("refused") }
        XCTAssertEqual(code, "invalid-argument")
        XCTAssertEqual(details.field, "/viewport")
    }

    /// On a torus, `liveBounds` is the smallest box across the edges: a glider crossing the
    /// corner has a 3x3 box, not the whole grid.
    func testLiveBoundsCrossTheEdgesOfATorus() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "20x30", "--topology", "torus"])
        let client = try daemon.connect()
        let rows: [JSON] = (0..<20).map { row in
            switch row {
            case 0: return .string("O" + String(repeating: ".", count: 28) + "O")
            case 1: return .string("O" + String(repeating: ".", count: 29))
            case 19: return .string(String(repeating: ".", count: 29) + "O")
            default: return .string(String(repeating: ".", count: 30))
            }
        }
        guard case .ack = try client.dispatch("simulation.setGrid", ["rows": 20, "cols": 30, "cells": .array(rows)]) else {
            return XCTFail("setGrid")
        }
        guard case .status(_, let info) = try client.request(.status) else { return XCTFail("status") }
        XCTAssertEqual(info["summary"]?["liveBounds"], ["row": 19, "col": 29, "rows": 3, "cols": 2])
    }
}
