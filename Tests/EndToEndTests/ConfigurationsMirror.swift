import DaemonTestSupport
import Foundation
import LifeSystem
import LifeClient
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// A subscription to `/configurations`, kept current from its snapshot and diffs.
final class ConfigurationsMirror {
    let connection: Connection
    private(set) var value: JSON = .null
    private(set) var version = -1

    init(_ daemon: Daemon) throws {
        connection = try daemon.connect()
        try connection.send(ClientRequest(id: "cfg", kind: .subscribe(path: try JSONPointer(parsing: "/configurations"))))
        guard case .snapshot(_, let snapshotVersion, _, let snapshot, _) = try connection.receive() else {
            throw Connection.Failure.protocolViolation("expected a snapshot")
        }
        value = snapshot
        version = snapshotVersion
    }

    private func apply(_ message: ServerMessage) throws {
        guard case .diff(_, let base, let diffVersion, let patch) = message else {
            throw Connection.Failure.protocolViolation("unexpected \(message)")
        }
        XCTAssertEqual(base, version)
        try value.apply(patch)
        version = diffVersion
    }

    /// Applies diffs until the fetch acknowledged at `fetchVersion` has answered, and returns
    /// the answer (each receive gives up after 10 s).
    @discardableResult
    func waitForAnswer(after fetchVersion: Int) throws -> JSON {
        while version <= fetchVersion || value["isFetching"] != false {
            try apply(try connection.receive())
        }
        return value
    }

    /// Applies the diffs sent so far (up to the pong of a ping sent now).
    func catchUp() throws {
        try connection.send(ClientRequest(id: "barrier", kind: .ping))
        while true {
            let message = try connection.receive()
            if case .pong = message { return }
            try apply(message)
        }
    }
}

/// `configurations.fetch` from URLs, which lifed hands to its helper `lifefetch` in a child
/// process: the real helper over files and HTTP, and stand-ins that hang, crash, babble or
/// are missing.
