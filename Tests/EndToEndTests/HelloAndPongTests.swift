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
}
