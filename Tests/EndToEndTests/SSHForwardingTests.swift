import DaemonTestSupport
import Foundation
import LifeJSON
import LifeSystem
import LifeTestSupport
import XCTest

/// docs/operations.md's "Watching a remote daemon", end to end: a real sshd on localhost (a
/// port of its own, its own host and user keys in a temporary folder) forwards a local socket to
/// a real lifed's, and lifectl and lifewatch work through it as through the daemon's own socket.
/// The clients' check of who serves the socket (SO_PEERCRED) sees the ssh client, which runs as
/// the user: trusted. Skipped where sshd, ssh or ssh-keygen is missing, or sshd cannot run here.
final class SSHForwardingTests: XCTestCase {
    private let sshd = "/usr/sbin/sshd"

    /// Starts `argv` with posix_spawn, its output to `log`, and ends it (and what it started)
    /// when the test ends. Not Foundation's `Process`: sshd and ssh started that way left
    /// Foundation reaping no later child, so the next `lifectl` never seemed to exit.
    private func spawn(_ argv: [String], log: String) throws -> pid_t {
        let pid: pid_t
        do {
            pid = try spawnProcess(argv, output: log)
        } catch {
            throw XCTSkip(error.description)
        }
        addTeardownBlock {
            endProcesses(descendants(of: pid).reversed(), grace: 5)
            kill(pid, SIGTERM)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        return pid
    }

    /// Whether the child `pid` still runs (reaping it if it has exited).
    private func running(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    private func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func testClientsWorkThroughAnSSHForwardedSocket() throws {
        guard FileManager.default.isExecutableFile(atPath: sshd), let ssh = tool("ssh"), let keygen = tool("ssh-keygen") else {
            throw XCTSkip("OpenSSH (sshd, ssh, ssh-keygen) is not installed")
        }
        // sshd wants its privilege-separation folder, and runs only as root for another user's login.
        guard getuid() == 0 else { throw XCTSkip("sshd on localhost needs root here") }
        if !FileManager.default.fileExists(atPath: "/run/sshd") {
            try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        let folder = try makeTemporaryFolder(self)
        for (key, type) in [("host", "ed25519"), ("user", "ed25519")] {
            let made = try runProgram(keygen, ["-q", "-t", type, "-N", "", "-f", "\(folder)/\(key)"])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        try FileManager.default.copyItem(atPath: "\(folder)/user.pub", toPath: "\(folder)/authorized_keys")
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "1", "--size", "20x30"])

        // A port from the ephemeral range, tried until sshd binds one.
        var port = 0
        var listening = false
        for attempt in 0..<20 {
            port = 40_000 + Int((UInt32(getpid()) &* 7919 &+ UInt32(attempt) &* 104_729) % 20_000)
            let config = """
                Port \(port)
                ListenAddress 127.0.0.1
                HostKey \(folder)/host
                PidFile \(folder)/sshd.pid
                AuthorizedKeysFile \(folder)/authorized_keys
                StrictModes no
                UsePAM no
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                PermitRootLogin prohibit-password
                AllowStreamLocalForwarding yes
                """
            try config.write(toFile: "\(folder)/sshd_config", atomically: true, encoding: .utf8)
            let server = try spawn([sshd, "-D", "-e", "-f", "\(folder)/sshd_config"], log: "\(folder)/sshd.log")
            // Listening, or gone (the port was taken).
            let deadline = Date().addingTimeInterval(30)
            while running(server), Date() < deadline, !Self.accepts(port: port) { usleep(20_000) }
            if running(server), Self.accepts(port: port) {
                listening = true
                break
            }
            kill(server, SIGTERM)
        }
        guard listening else { throw XCTSkip("sshd would not listen on localhost here") }

        let local = "\(folder)/forwarded.sock"
        let tunnel = try spawn(
            [
                ssh, "-N", "-o", "StreamLocalBindUnlink=yes", "-o", "ExitOnForwardFailure=yes", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-i", "\(folder)/user",
                "-p", String(port), "-L", "\(local):\(daemon.socketPath)", "\(NSUserName())@127.0.0.1",
            ], log: "\(folder)/ssh.log")
        let deadline = Date().addingTimeInterval(60)
        while running(tunnel), Date() < deadline, !UnixSocket.isAnswering(local) { usleep(20_000) }
        guard UnixSocket.isAnswering(local) else {
            let log = (try? String(contentsOfFile: "\(folder)/ssh.log", encoding: .utf8)) ?? ""
            return XCTFail("the forwarded socket does not answer: \(log)")
        }

        // lifectl through the tunnel: the same daemon (the same pid), and a change it makes.
        let status = try runTool("lifectl", ["--socket", local, "--no-start", "--json", "status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        let info = try JSON(parsing: Array(status.stdout.utf8))
        XCTAssertEqual(info["pid"]?.intValue, Int(daemon.process.processIdentifier))
        let step = try runTool("lifectl", ["--socket", local, "--no-start", "step", "5"])
        XCTAssertEqual(step.status, 0, step.stderr)
        XCTAssertEqual(try daemon.connect().get("/statistics/steps").value, .int(5))
        // The local socket is the ssh client's, made only for its user (StreamLocalBindMask 0177).
        var attributes = stat()
        XCTAssertEqual(stat(local, &attributes), 0)
        XCTAssertEqual(attributes.st_mode & 0o077, 0, "no one but the user may use the forwarded socket")

        // lifewatch through the tunnel.
        let tmux = try TmuxServer(
            self, cols: 100, rows: 30,
            command: "env LANG=C.UTF-8 NO_COLOR=1 TERM=xterm-256color '\(Products.path("lifewatch"))' --no-start --socket '\(local)'")
        try tmux.waitFor("the world through ssh") { lines in lines.contains { $0.contains("gen 5") } && lines.contains { $0.contains("connected") } }
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
