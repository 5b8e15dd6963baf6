import Foundation
import XCTest

extension XCTestCase {
    /// Polls `condition` until it holds (the screen or the state showing it is the event: tmux
    /// has no way to say the pane changed); fails the test when it does not within `timeout`,
    /// a safety net on a loaded machine.
    func waitUntil(
        _ what: String, timeout: TimeInterval = 120, file: StaticString = #filePath, line: UInt = #line, _ condition: () throws -> Bool
    ) rethrows {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        XCTFail("timed out waiting for \(what)", file: file, line: line)
    }
}

/// Starts `argv` (its program by path) with posix_spawn, standard input from /dev/null and
/// standard output and error appended to `output`, in `environment`; returns its pid, for the
/// caller to reap with waitpid. For children Foundation's `Process` does not watch well: a tmux
/// client whose server keeps the descriptors it was given, sshd and ssh.
func spawnProcess(
    _ argv: [String], output: String, environment: [String: String] = ProcessInfo.processInfo.environment
) throws(SpawnFailure) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in cEnvironment { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, &cEnvironment)
    guard spawned == 0 else { throw SpawnFailure(program: argv[0], reason: String(cString: strerror(spawned))) }
    return pid
}

/// A program that posix_spawn could not start.
struct SpawnFailure: Error, CustomStringConvertible {
    let program: String
    let reason: String
    var description: String { "cannot start \(program): \(reason)" }
}
