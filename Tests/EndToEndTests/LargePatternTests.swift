import Foundation
import LifeIO
import Protocol
import XCTest

/// The largest patterns a client may send: read straight into bit planes, they keep the daemon
/// answering everyone else (issue 10).
final class LargePatternTests: XCTestCase {
    /// The dense 4096 x 4096 RLE of issue 10: every cell live, one `4096o` run a row (about 24 KB).
    static let denseRLE = "x = 4096, y = 4096\n" + String(repeating: "4096o$", count: 4095) + "4096o!\n"

    /// While lifed reads the largest legal grid from an RLE, a bystander's pings keep being
    /// answered (each within the connection's 10 s receive timeout; the figures are printed,
    /// not asserted).
    func testTheDenseRLEThroughSetGridKeepsABystanderAnswered() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--max-frame", String(64 << 20)])
        let driver = try daemon.connect()
        let bystander = try daemon.connect()
        let request = ClientRequest(id: "big", kind: .dispatch(action: ["type": "simulation.setGrid", "rle": .string(Self.denseRLE)]))
        let started = Date()
        try driver.send(request)
        var slowest = 0.0
        for _ in 0..<20 {
            let sent = Date()
            guard case .pong = try bystander.request(.ping) else { return XCTFail("a ping was not answered with a pong") }
            slowest = max(slowest, Date().timeIntervalSince(sent))
        }
        let ack = try driver.receive()
        guard case .ack(id: "big", _) = ack else { return XCTFail("setGrid was not acknowledged: \(ack)") }
        print("setGrid of the dense 4096x4096 RLE (\(Self.denseRLE.utf8.count) bytes): acked after \(Int(Date().timeIntervalSince(started) * 1000)) ms; the slowest of 20 bystander pings took \(Int(slowest * 1000)) ms")
        guard case .status(_, let info) = try bystander.request(.status) else { return XCTFail("no status") }
        XCTAssertEqual(info["summary"]?["rows"], 4096)
        XCTAssertEqual(info["summary"]?["cols"], 4096)
        XCTAssertEqual(info["summary"]?["population"], .int(4096 * 4096))
    }
}
