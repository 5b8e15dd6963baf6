import DaemonTestSupport
import Foundation
import Glibc
import LifeSystem
import LifeClient
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

// lifed as systemd starts it, without systemd: with a chosen environment, through
// systemd-socket-activate, and a client that runs as another user.

/// `lifed` with a chosen environment, its stderr in a file.
final class LaunchedDaemon {
    let process = Process()
    let socketPath: String
    let logPath: String

    enum Failure: Error {
        case noSocket(String)
    }

    /// Runs lifed with `--socket FOLDER/run/lifed.sock` and `arguments`, in the clients'
    /// environment (state in a temporary folder) without any systemd variables, plus `environment`.
    init(_ test: XCTestCase, folder: String, arguments: [String], environment: [String: String] = [:]) throws {
        socketPath = "\(folder)/run/lifed.sock"
        process.arguments = ["--socket", socketPath] + arguments
        logPath = "\(folder)/lifed-\(UInt32.random(in: 0...UInt32.max)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        var variables = clientEnvironment(stateHome: "\(folder)/xdg-state")
        for name in [
            "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "JOURNAL_STREAM",
        ] {
            variables[name] = nil
        }
        process.environment = variables.merging(environment) { $1 }
        process.executableURL = URL(fileURLWithPath: Products.path("lifed"))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: logPath)
        // Ended and reaped when the test ends, whatever happens before.
        try test.launch(process)
    }

    /// Polls the socket until the daemon accepts connections (120 s is a safety net).
    func waitUntilAnswering(timeout: Double = Daemon.startTimeout) throws {
        try waitUntilDaemonAnswers(socketPath, process: process, timeout: timeout, output: log)
    }

    func connect() throws -> Connection { try connectToDaemon(socketPath) }

    func signal(_ number: Int32) -> Bool { kill(process.processIdentifier, number) == 0 }

    func wait() -> Int32 {
        XCTAssertTrue(waitForExit(process, within: 120), "lifed did not exit within 120 s")
        endProcessTree(process)
        return process.terminationStatus
    }

    func terminate() -> Int32 {
        process.terminate()
        return wait()
    }

    /// Everything the daemon wrote to stderr so far.
    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
}

/// `systemd-socket-activate ... lifed ...`, under a shell that stays its parent.
///
/// The shell is there for Foundation's sake: Process learns that a child ended when a socket it
/// leaks into the child closes, and systemd-socket-activate closes every descriptor it does not
/// pass on before it execs lifed. Run directly, Process would then block in waitpid() on the
/// running daemon, and no other Process in the test would ever be seen to end.
final class ActivatedDaemon {
    let shell = Process()
    let logPath: String

    init(_ test: XCTestCase, folder: String, activateArguments: [String], lifedArguments: [String], waitFor socketPath: String) throws {
        let activate = try SystemdTests.executable("systemd-socket-activate")
        logPath = "\(folder)/activate-\(UInt32.random(in: 0...UInt32.max)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Not the last command, so that the shell does not exec it.
        shell.arguments = ["-c", "\"$0\" \"$@\"; exit $?", activate] + activateArguments + [Products.path("lifed")] + lifedArguments
        // systemd-socket-activate passes on only HOME, PATH, TERM and what -E names.
        shell.environment = clientEnvironment(stateHome: "\(folder)/xdg-state")
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle(forWritingAtPath: logPath)
        // Ended when the test ends with all it started: the shell, systemd-socket-activate (still
        // waiting for its first connection if the test failed before making one) or the lifed it
        // became. Killing only the shell would leave systemd-socket-activate running for ever.
        try test.launch(shell)
        // systemd-socket-activate says "Listening on PATH as FD." once it listens. The path alone
        // appears at bind(), before listen(): a connection in between is refused, which a loaded
        // machine made happen (120 s is a safety net).
        let listening = "Listening on \(socketPath) as "
        let deadline = monotonicSeconds() + Daemon.startTimeout
        while !log().contains(listening) {
            guard monotonicSeconds() < deadline, shell.isRunning else { throw LaunchedDaemon.Failure.noSocket(socketPath) }
            waitForExit(shell, within: 0.01)
        }
    }

    /// The daemon's process id, from its status reply.
    func daemonPID(_ connection: Connection) throws -> pid_t {
        guard case .status(_, let info) = try connection.request(.status), let pid = info["pid"]?.intValue else {
            throw LaunchedDaemon.Failure.noSocket("no status")
        }
        return pid_t(pid)
    }

    /// The exit status of lifed (which the shell returns).
    func wait() -> Int32 {
        XCTAssertTrue(waitForExit(shell, within: 120), "lifed did not exit within 120 s")
        endProcessTree(shell)
        return shell.terminationStatus
    }

    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
}

/// A client running as another user (root only), to connect as a peer lifed does not know:
/// `setpriv` runs a few lines of Python that connect, print every frame they read (sending a
/// ping after a hello), and print EOF at the end.
struct PeerClient {
    let setpriv: String
    let python: String

    static let script = """
        import socket, struct, sys
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(sys.argv[1])
        def read(n):
            data = b""
            while len(data) < n:
                chunk = s.recv(n - len(data))
                if not chunk:
                    return None
                data += chunk
            return data
        while True:
            header = read(4)
            if header is None:
                print("EOF")
                break
            body = read(struct.unpack(">I", header)[0])
            print(body.decode())
            if b'"hello"' in body:
                frame = b'{"type":"ping","id":1}'
                s.sendall(struct.pack(">I", len(frame)) + frame)
            elif b'"pong"' in body:
                break
        """

    init() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root, to run a client as another user") }
        setpriv = try SystemdTests.executable("setpriv")
        // Not a python under /root, which nobody may not read.
        guard let python = ["/usr/bin/python3", "/bin/python3", "/usr/local/bin/python3"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw XCTSkip("no system python3") }
        self.python = python
    }

    /// Lets other users reach the socket, so that SO_PEERCRED is what decides, not the
    /// folder's or the socket's mode.
    func openTheWay(to socketPath: String) throws {
        let folder = UnixSocket.parentFolder(of: socketPath)
        for path in [UnixSocket.parentFolder(of: folder), folder] {
            XCTAssertEqual(chmod(path, 0o755), 0, path)
        }
        XCTAssertEqual(chmod(socketPath, 0o666), 0, socketPath)
    }

    /// The client's output lines, run as `uid`:`gid` with the supplementary `groups` (none by default).
    func run(socketPath: String, uid: uid_t, gid: gid_t, groups: [gid_t] = []) throws -> [String] {
        try run(script: Self.script, arguments: [socketPath], uid: uid, gid: gid, groups: groups)
    }

    /// The output lines of a Python `script` run with `arguments` as `uid`:`gid` with the
    /// supplementary `groups` (none by default).
    func run(script: String, arguments: [String], uid: uid_t, gid: gid_t, groups: [gid_t] = []) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        let groupOption = groups.isEmpty ? "--clear-groups" : "--groups=\(groups.map(String.init).joined(separator: ","))"
        process.arguments = ["--reuid=\(uid)", "--regid=\(gid)", groupOption, python, "-c", script] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errors)
        return output.split(separator: "\n").map(String.init)
    }
}
