import Glibc
import XCTest

@testable import LifeSystem

final class ChildProcessTests: XCTestCase {
    /// Runs `loop` until `done` holds, checking after every event and every 2 ms of loop time;
    /// false if it still does not hold after 10 s (a bound, not a delay).
    private func run(_ loop: EventLoop, until done: @escaping () -> Bool) -> Bool {
        let check = loop.schedule(every: .milliseconds(2)) { if done() { loop.stop() } }
        let limit = loop.schedule(after: .seconds(10)) { loop.stop() }
        if !done() { loop.run() }
        check.cancel()
        limit.cancel()
        return done()
    }

    /// Runs `script` with /bin/sh to its end and returns its outcome.
    private func outcome(
        of script: String, maxOutput: Int = 1 << 20, exitWatch: ChildProcess.ExitWatch = .pidfd,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ChildProcess.Outcome {
        let loop = try EventLoop()
        var outcomes: [ChildProcess.Outcome] = []
        let child = try ChildProcess.start(
            "/bin/sh", arguments: ["-c", script], on: loop, maxOutput: maxOutput, watchingExitBy: exitWatch
        ) { outcomes.append($0) }
        XCTAssertTrue(run(loop) { !outcomes.isEmpty }, "the child ended", file: file, line: line)
        XCTAssertTrue(child.isReaped, file: file, line: line)
        XCTAssertEqual(outcomes.count, 1, "one completion", file: file, line: line)
        XCTAssertEqual(processState(child.pid), nil, "no zombie", file: file, line: line)
        return try XCTUnwrap(outcomes.first, file: file, line: line)
    }

    /// The state letter of process `pid` ("S", "Z", …), nil when there is no such process.
    private func processState(_ pid: pid_t) -> String? {
        guard let stat = try? FileIO.read("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testTheOutputAndTheExitStatusArrive() throws {
        let result = try outcome(of: "printf 'hello\\nworld'; exit 3")
        XCTAssertEqual(result, ChildProcess.Outcome(output: Array("hello\nworld".utf8), overflowed: false, termination: .exited(3)))
    }

    func testALargeOutputIsReadWhole() throws {
        // More than a pipe holds: the child blocks until the loop reads.
        let result = try outcome(of: "head -c 300000 /dev/zero", maxOutput: 300_000)
        XCTAssertEqual(result.output.count, 300_000)
        XCTAssertFalse(result.overflowed)
        XCTAssertEqual(result.termination, .exited(0))
    }

    func testExitIsNoticedByPollingToo() throws {
        let result = try outcome(of: "printf polled", exitWatch: .polling)
        XCTAssertEqual(result, ChildProcess.Outcome(output: Array("polled".utf8), overflowed: false, termination: .exited(0)))
    }

    func testADeathBySignalIsReported() throws {
        let result = try outcome(of: "printf partial; kill -SEGV $$")
        XCTAssertEqual(result.output, Array("partial".utf8))
        XCTAssertEqual(result.termination, .signalled(SIGSEGV))
        XCTAssertEqual(result.termination.description, "was killed by signal 11 (Segmentation fault)")
    }

    func testOutputOverTheLimitKillsTheChild() throws {
        let result = try outcome(of: "exec cat /dev/zero", maxOutput: 100_000)
        XCTAssertTrue(result.overflowed)
        XCTAssertEqual(result.output.count, 100_000, "what fits is kept")
        XCTAssertEqual(result.termination, .signalled(SIGKILL))
    }

    func testTheChildsExitEndsTheReadingEvenIfItsOwnChildHoldsThePipe() throws {
        // The background sleep keeps the pipe open after the shell has exited.
        let loop = try EventLoop()
        var outcomes: [ChildProcess.Outcome] = []
        let child = try ChildProcess.start(
            "/bin/sh", arguments: ["-c", "sleep 30 & printf done"], on: loop, maxOutput: 1000) { outcomes.append($0) }
        XCTAssertTrue(run(loop) { !outcomes.isEmpty })
        XCTAssertEqual(outcomes, [ChildProcess.Outcome(output: Array("done".utf8), overflowed: false, termination: .exited(0))])
        kill(-child.pid, SIGKILL)  // the sleep, still in the child's process group
    }

    func testOnlyThePipeAndStandardErrorAreInherited() throws {
        // A descriptor of the parent's without close-on-exec must not reach the child.
        let leaked = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThan(leaked, 2)
        defer { close(leaked) }
        let result = try outcome(of: "ls /proc/$$/fd; readlink /proc/$$/fd/0 /proc/$$/fd/1")
        let lines = text(result.output).split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), ["0", "1", "2"], text(result.output))
        XCTAssertEqual(lines.count, 5, text(result.output))
        XCTAssertEqual(lines.dropFirst(3).first, "/dev/null", "standard input")
        XCTAssertTrue(lines.last?.hasPrefix("pipe:") == true, "standard output is the pipe: \(lines.last ?? "")")
    }

    func testTheSignalMaskAndIgnoredSignalsAreNotInherited() throws {
        // A daemon blocks SIGTERM (for its signalfd) and ignores SIGPIPE; its helpers must not.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previousMask = sigset_t()
        XCTAssertEqual(sigprocmask(SIG_BLOCK, &blocked, &previousMask), 0)
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        defer {
            sigprocmask(SIG_SETMASK, &previousMask, nil)
            signal(SIGPIPE, previousPipe)
        }
        // exec: grep reads its own status; a shell that forks blocks every signal for a moment.
        let result = try outcome(of: "exec grep -E '^(SigBlk|SigIgn|Pid|NSpgid):' /proc/self/status")
        let fields = Dictionary(
            uniqueKeysWithValues: text(result.output).split(separator: "\n").map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
            })
        XCTAssertEqual(fields["SigBlk"], "0000000000000000")
        // Signals 32 and 33 are glibc's own, which no program can reset (and a test runner may ignore).
        let ignored = try XCTUnwrap(fields["SigIgn"].flatMap { UInt64($0, radix: 16) })
        XCTAssertEqual(ignored & ~(UInt64(0b11) << 31), 0, "no signal is ignored: \(fields["SigIgn"] ?? "")")
        XCTAssertEqual(fields["NSpgid"], fields["Pid"], "the child leads its own process group")
    }

    func testKillStopsTheChildAndWhatItStartedAndNothingIsDelivered() throws {
        let loop = try EventLoop()
        var outcomes: [ChildProcess.Outcome] = []
        // The grandchild's pid comes through a file: the pipe is only read at the end.
        let pidFile = "/tmp/life-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(pidFile) }
        let child = try ChildProcess.start(
            "/bin/sh", arguments: ["-c", "sleep 30 & echo $! > \(pidFile).tmp && mv \(pidFile).tmp \(pidFile); printf never; wait"],
            on: loop, maxOutput: 1000
        ) { outcomes.append($0) }
        XCTAssertTrue(run(loop) { access(pidFile, F_OK) == 0 }, "the grandchild started")
        let grandchild = try XCTUnwrap(pid_t(text(try FileIO.read(pidFile)).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(["S", "R"].contains(processState(child.pid)), "the child runs")
        child.kill()
        XCTAssertTrue(run(loop) { child.isReaped }, "the killed child was reaped")
        XCTAssertEqual(processState(child.pid), nil, "no zombie")
        // The grandchild is not ours to reap; killed, it is its new parent's zombie at most.
        XCTAssertTrue(run(loop) { [nil, "Z"].contains(self.processState(grandchild)) }, "the grandchild was killed too")
        XCTAssertEqual(outcomes, [], "a killed child delivers nothing")
        child.kill()  // harmless again
    }

    func testAMissingOrUnrunnableProgramFailsAtOnce() throws {
        let loop = try EventLoop()
        XCTAssertThrowsError(try ChildProcess.start("/nonexistent/lifefetch", arguments: [], on: loop, maxOutput: 10) { _ in }) { error in
            XCTAssertEqual((error as? SystemError)?.errno, ENOENT)
            XCTAssertEqual("\(error)", "start /nonexistent/lifefetch: No such file or directory")
        }
        let path = "/tmp/life-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileIO.writeAtomically(Array("#!/bin/sh\necho hi\n".utf8), to: path, mode: 0o644)
        defer { unlink(path) }
        XCTAssertThrowsError(try ChildProcess.start(path, arguments: [], on: loop, maxOutput: 10) { _ in }) { error in
            XCTAssertEqual((error as? SystemError)?.errno, EACCES)
        }
    }
}
