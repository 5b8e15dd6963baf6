import DaemonTestSupport
import Foundation
import LifeSystem
import LifeClient
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

// FetchHelperTests' helpers: writing the stand-in helpers, starting fetches, finding and
// waiting for the helper processes.
extension FetchHelperTests {
    // MARK: Helpers

    func write(_ text: String, to path: String, mode: mode_t = 0o644) throws {
        try FileIO.writeAtomically(Array(text.utf8), to: path, mode: mode)
    }

    /// Dispatches `configurations.fetch` (with `url` unless nil) and returns the version of its ack.
    func fetch(_ url: String?, on client: Connection) throws -> Int {
        let reply = try client.dispatch("configurations.fetch", url.map { ["url": .string($0)] } ?? [:])
        guard case .ack(_, let version) = reply else { throw Connection.Failure.protocolViolation("expected an ack, got \(reply)") }
        return version
    }

    func dispatch(_ type: String, on client: Connection) throws -> Int {
        let reply = try client.dispatch(type)
        guard case .ack(_, let version) = reply else { throw Connection.Failure.protocolViolation("expected an ack, got \(reply)") }
        return version
    }

    /// The processes whose parent is `pid`, zombies included.
    func children(of pid: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let child = pid_t(entry), let stat = try? FileIO.read("/proc/\(entry)/stat") else { return nil }
            let text = String(decoding: stat, as: UTF8.self)
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    /// Waits until process `pid` is gone for good: dead (woken by its pidfd) and reaped by lifed
    /// (a zombie still answers `kill(pid, 0)`). False after 120 s, a safety net.
    func waitUntilGone(_ pid: pid_t) -> Bool {
        guard waitUntilDead(pid) else { return false }
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            usleep(5_000)  // lifed reaps it on its pidfd's event, which this process cannot see
        }
        return false
    }

    /// Waits until process `pid` has died, reaped or not: woken by its pidfd. False after 120 s,
    /// a safety net.
    func waitUntilDead(_ pid: pid_t) -> Bool { waitForExit(pid: pid, within: 120) }

    /// The pids the stand-in helper recorded when asked to hang, once there are `count`.
    func hungHelpers(in folder: String, count: Int) throws -> [pid_t] {
        // The helper writing its pid is the event; 120 s is a safety net.
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            let text = (try? FileIO.read("\(folder)/hung.pids")).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let pids = text.split(separator: "\n").compactMap { pid_t($0) }
            if pids.count >= count { return pids }
            usleep(5_000)
        }
        throw Connection.Failure.protocolViolation("the stand-in helper did not start \(count) times")
    }

    /// A stand-in for lifefetch: what it does depends on its last argument, the URL.
    func standInHelper(in folder: String) throws -> String {
        let path = "\(folder)/fake-lifefetch"
        try write(
            """
            #!/bin/sh
            for url; do :; done
            case "$url" in
              *hang*) echo $$ >> "\(folder)/hung.pids"; exec sleep 60 ;;
              *crash*) printf '{"configura'; kill -SEGV $$ ;;
              *flood*) exec cat /dev/zero ;;
              *status3*) exit 3 ;;
              *quiet*) exit 0 ;;
              *lying*) printf '{"error":"it went wrong"}\\n'; exit 0 ;;
              *extra*) printf '{"configurations":[],"note":"hi"}\\n' ;;
              *arguments*) printf '{"error":"%s"}\\n' "$*"; exit 1 ;;
              *) printf '{"configurations":[{"title":"Fake","contents":[[0,0]]}]}\\n' ;;
            esac
            """, to: path, mode: 0o755)
        return path
    }

    /// Whether `pid` has any Foundation library mapped.
    func mapsFoundation(_ pid: pid_t) throws -> Bool {
        String(decoding: try FileIO.read("/proc/\(pid)/maps"), as: UTF8.self).contains("Foundation")
    }
}
