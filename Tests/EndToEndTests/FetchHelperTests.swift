import DaemonTestSupport
import Foundation
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

final class FetchHelperTests: XCTestCase {
    private let goodJSON = #"[{"title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}, {"title": "Dot", "contents": [[0, 0]]}]"#
    /// The state shows a configuration's title, size, population and rule, not its cells.
    private let glider: JSON = ["title": "Glider", "rows": 3, "cols": 3, "population": 5, "rule": nil]
    private let dot: JSON = ["title": "Dot", "rows": 1, "cols": 1, "population": 1, "rule": nil]
    private let fakeEntry: JSON = ["title": "Fake", "rows": 1, "cols": 1, "population": 1, "rule": nil]

    // MARK: The real helper

    func testTheRealHelperFetchesFilesAndLifedStaysFreeOfFoundation() throws {
        let folder = try makeTemporaryFolder(self)
        try write(goodJSON, to: "\(folder)/list.json")
        let daemon = try Daemon(self)
        let pid = daemon.process.processIdentifier
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)

        let answer = try mirror.waitForAnswer(after: try fetch("file://\(folder)/list.json", on: client))
        XCTAssertEqual(answer, ["configs": [glider, dot], "error": nil, "isFetching": false, "fetchedCount": 2])

        // A fetch that fails keeps the list, with the reason beside it; a missing file says
        // what any file that is not a list says.
        let missing = "\(folder)/missing.json"
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch("file://\(missing)", on: client)),
            [
                "configs": [glider, dot],
                "error": .string("\(missing) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most 16777216 bytes)"),
                "isFetching": false, "fetchedCount": 2,
            ])
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch("ftp://example.com/x.json", on: client))["error"],
            "unsupported URL scheme \"ftp\" in ftp://example.com/x.json; lifed fetches http, https and file URLs")

        XCTAssertEqual(children(of: pid), [], "every helper was reaped")
        XCTAssertFalse(try mapsFoundation(pid), "lifed itself has no Foundation library loaded")
    }

    /// What users keep (`configurations.add`, `lifectl load --keep`) stays through fetches that
    /// succeed and fetches that fail, until they remove it (`lifectl configs remove`); a fetch
    /// replaces only what fetches brought.
    func testWhatUsersKeptStaysThroughFetchesUntilTheyRemoveIt() throws {
        let folder = try makeTemporaryFolder(self)
        try write(goodJSON, to: "\(folder)/list.json")
        try write(#"[{"title": "Dot", "contents": [[0, 0]]}]"#, to: "\(folder)/short.json")
        try write("#N Kept blinker\nx = 3, y = 1\n3o!\n", to: "\(folder)/blinker.rle")
        let daemon = try Daemon(self)
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)
        func lifectl(_ arguments: [String]) throws -> CommandResult { try EditingTests.lifectl(daemon, arguments) }

        // The built-in collection, then one of the user's own and one kept from a file.
        let builtin = try mirror.waitForAnswer(after: try fetch(nil, on: client))["configs"]?.arrayValue?.count ?? 0
        XCTAssertGreaterThan(builtin, 20)
        guard case .ack = try client.dispatch("configurations.add", ["title": "Mine", "rle": "x = 2, y = 2\n2o$2o!"]) else {
            return XCTFail("configurations.add was not acked")
        }
        XCTAssertEqual(try lifectl(["load", "\(folder)/blinker.rle", "--keep"]).status, 0)
        let mine: JSON = ["title": "Mine", "rows": 2, "cols": 2, "population": 4, "rule": nil]
        let kept: JSON = ["title": "Kept blinker", "rows": 1, "cols": 3, "population": 3, "rule": nil]

        // A fetch that succeeds replaces the built-in list and keeps both.
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch("file://\(folder)/list.json", on: client)),
            ["configs": [glider, dot, mine, kept], "error": nil, "isFetching": false, "fetchedCount": 2])
        // One that fails takes nothing away; the reason is beside the list.
        let failed = try mirror.waitForAnswer(after: try fetch("ftp://example.com/x.json", on: client))
        XCTAssertEqual(failed["configs"], [glider, dot, mine, kept])
        XCTAssertEqual(failed["fetchedCount"], 2)
        XCTAssertNotNil(failed["error"]?.stringValue)
        let list = try lifectl(["configs", "list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("2\tMine\t4 cells, 2x2\tadded"), list.stdout)
        XCTAssertTrue(list.stdout.contains("1\tDot\t1 cells, 1x1\n"), list.stdout)

        // A user removes one of theirs, and a fetched one; the next fetch keeps the other.
        let removed = try lifectl(["configs", "remove", "Mine"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(removed.stdout.hasPrefix("removed Mine from the list"), removed.stdout)
        XCTAssertEqual(try lifectl(["configs", "remove", "0"]).status, 0)
        XCTAssertEqual(try lifectl(["configs", "remove", "Nothing"]).status, 1)
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch("file://\(folder)/short.json", on: client)),
            ["configs": [dot, kept], "error": nil, "isFetching": false, "fetchedCount": 1])
    }

    func testTheRealHelperFetchesOverHTTPAndItsFailuresKeepTheirMessages() throws {
        let server = try TestHTTPServer(routes: [
            "/list.json": .ok(goodJSON),
            "/broken.json": .ok(#"[{"title": "a", "contents": [[0, 0]]}, {"title": 7, "contents": []}]"#),
            "/slow.json": TestHTTPServer.Reply(body: Array(goodJSON.utf8), holds: true),
        ])
        addTeardownBlock { server.stop() }
        let daemon = try Daemon(self, arguments: ["--fetch-timeout", "300ms", "--configurations", server.url("/list.json")])
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)

        // No URL: the daemon's --configurations.
        XCTAssertEqual(try mirror.waitForAnswer(after: try fetch(nil, on: client))["configs"], [glider, dot])
        let missing = server.url("/missing.json")
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch(missing, on: client)),
            ["configs": [glider, dot], "error": .string("GET \(missing) answered HTTP 404"), "isFetching": false, "fetchedCount": 2])
        let broken = server.url("/broken.json")
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch(broken, on: client))["error"],
            .string("decoding \(broken): element 1: \"title\" must be a string, not number"))
        // The helper's own timeout, as --fetch-timeout sets it.
        let slow = server.url("/slow.json")
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch(slow, on: client))["error"], .string("GET \(slow) timed out after 300ms"))
        XCTAssertEqual(server.seen.requests, ["/list.json", "/missing.json", "/broken.json", "/slow.json"])
        XCTAssertEqual(children(of: daemon.process.processIdentifier), [])
    }

    func testLifedPassesItsLimitsToTheHelper() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self, arguments: ["--fetch-helper", try standInHelper(in: folder), "--fetch-timeout", "1.5s"])
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch("-x --arguments", on: client))["error"],
            "--timeout 1.5s --max-bytes 16777216 -- -x --arguments", "the URL comes after --, whatever it looks like")
        XCTAssertEqual(try mirror.waitForAnswer(after: try fetch("http://example.com/good", on: client))["configs"], JSON.array([self.fakeEntry]))
    }

    // MARK: Cancellation

    func testCancellingAFetchKillsAndReapsTheHelperAndDeliversNothing() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self, arguments: ["--fetch-helper", try standInHelper(in: folder)])
        let lifed = daemon.process.processIdentifier
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)

        // configurations.cancelFetch
        _ = try fetch("http://example.com/hang/1", on: client)
        let first = try hungHelpers(in: folder, count: 1)[0]
        XCTAssertEqual(children(of: lifed), [first])
        let cancelled = try dispatch("configurations.cancelFetch", on: client)
        XCTAssertTrue(waitUntilGone(first), "the helper was killed and reaped")
        try mirror.catchUp()
        XCTAssertEqual(mirror.version, cancelled, "nothing was delivered after the cancellation")
        XCTAssertEqual(mirror.value, ["configs": [], "error": nil, "isFetching": false, "fetchedCount": 0])

        // configurations.clear
        _ = try fetch("http://example.com/hang/2", on: client)
        let second = try hungHelpers(in: folder, count: 2)[1]
        let cleared = try dispatch("configurations.clear", on: client)
        XCTAssertTrue(waitUntilGone(second))
        try mirror.catchUp()
        XCTAssertEqual(mirror.version, cleared)
        XCTAssertEqual(mirror.value, ["configs": [], "error": nil, "isFetching": false, "fetchedCount": 0])

        // A second fetch replaces the first: only the second answers.
        _ = try fetch("http://example.com/hang/3", on: client)
        let third = try hungHelpers(in: folder, count: 3)[2]
        let replacing = try fetch("http://example.com/good", on: client)
        XCTAssertTrue(waitUntilGone(third))
        XCTAssertEqual(try mirror.waitForAnswer(after: replacing), ["configs": .array([fakeEntry]), "error": nil, "isFetching": false, "fetchedCount": 1])
        try mirror.catchUp()
        XCTAssertEqual(mirror.version, replacing + 1, "one answer, the second fetch's")
        XCTAssertEqual(children(of: lifed), [])
    }

    func testShutdownKillsAHelperInFlight() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self, arguments: ["--fetch-helper", try standInHelper(in: folder)])
        _ = try fetch("http://example.com/hang", on: try daemon.connect())
        let helper = try hungHelpers(in: folder, count: 1)[0]
        XCTAssertEqual(daemon.terminate(), 0)
        // Orphaned when lifed exits: killed, it is at most a zombie of its new parent's.
        XCTAssertTrue(waitUntilDead(helper), "the helper did not outlive lifed")
    }

    func testTheBackstopStopsAHelperThatNeverAnswers() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self, arguments: ["--fetch-helper", try standInHelper(in: folder), "--fetch-timeout", "100ms"])
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)
        let start = Date()
        let version = try fetch("http://example.com/hang", on: client)
        let helper = try hungHelpers(in: folder, count: 1)[0]
        XCTAssertEqual(
            try mirror.waitForAnswer(after: version)["error"],
            .string("fetching http://example.com/hang: the fetch helper \(folder)/fake-lifefetch did not answer within 2.1s; lifed stopped it"))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 2.1)
        XCTAssertTrue(waitUntilGone(helper))
        try mirror.catchUp()
        XCTAssertEqual(mirror.version, version + 1, "one answer")
    }

    // MARK: Broken helpers

    func testABrokenHelperIsAFailedFetchAndLifedKeepsServing() throws {
        let folder = try makeTemporaryFolder(self)
        let fake = try standInHelper(in: folder)
        let daemon = try Daemon(self, arguments: ["--fetch-helper", fake])
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)
        let limit = FetchReport.maxOutput(bodyLimit: FetchReport.defaultBodyLimit)
        let cases: [(url: String, error: String)] = [
            (
                "http://x/crash",
                "the fetch helper \(fake) was killed by signal 11 (Segmentation fault) without a report (lifefetch limits itself to 1024 MiB of address space and ends so when it runs out)"
            ),
            ("http://x/flood", "the fetch helper \(fake) wrote more than \(limit) bytes; lifed reads at most \(limit)"),
            ("http://x/status3", "the fetch helper \(fake) exited with status 3 without a report"),
            ("http://x/quiet", "the fetch helper \(fake) exited with status 0 without a report"),
            ("http://x/lying", "the fetch helper \(fake) exited with status 0 after reporting a failure"),
            (
                "http://x/extra",
                "the fetch helper \(fake) wrote something other than a report: expected exactly one member, \"configurations\" or \"error\", not \"configurations\", \"note\""
            ),
        ]
        for (url, error) in cases {
            let answer = try mirror.waitForAnswer(after: try fetch(url, on: client))
            XCTAssertEqual(answer, ["configs": [], "error": .string("fetching \(url): \(error)"), "isFetching": false, "fetchedCount": 0], url)
        }
        XCTAssertEqual(children(of: daemon.process.processIdentifier), [])
        guard case .pong = try client.request(.ping) else { return XCTFail("lifed keeps serving") }
        XCTAssertEqual(try mirror.waitForAnswer(after: try fetch("http://x/good", on: client))["configs"], JSON.array([self.fakeEntry]))
    }

    func testAHelperThatPrintsSomethingElse() throws {
        let daemon = try Daemon(self, arguments: ["--fetch-helper", "/bin/echo"])
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)
        let url = "http://example.com/list.json"
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch(url, on: client))["error"],
            .string(
                "fetching \(url): the fetch helper /bin/echo wrote something other than a report: invalid JSON at byte 1: unexpected character '-', expected a digit in number"
            ))
        XCTAssertTrue(daemon.stderrText().contains("lifed: fetching \(url): the fetch helper /bin/echo wrote something other"), "logged")
    }

    func testAMissingHelper() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self, arguments: ["--fetch-helper", "\(folder)/nowhere/lifefetch"])
        let client = try daemon.connect()
        let mirror = try ConfigurationsMirror(daemon)
        let url = "file:///srv/list.json"
        XCTAssertEqual(
            try mirror.waitForAnswer(after: try fetch(url, on: client)),
            [
                "configs": [], "isFetching": false, "fetchedCount": 0,
                "error": .string("fetching \(url): cannot start the fetch helper \(folder)/nowhere/lifefetch: No such file or directory"),
            ])
        // The built-in collection needs no helper.
        XCTAssertEqual(try mirror.waitForAnswer(after: try fetch(nil, on: client))["error"], .null)
        XCTAssertGreaterThanOrEqual(mirror.value["configs"]?.arrayValue?.count ?? 0, 20)
    }

    // MARK: lifefetch by itself

    /// Runs `lifefetch` with `arguments` to its end, on an event loop.
    private func runLifefetch(_ arguments: [String]) throws -> (status: ChildProcess.Termination, output: String) {
        let loop = try EventLoop()
        var outcome: ChildProcess.Outcome?
        _ = try ChildProcess.start(Products.path("lifefetch"), arguments: arguments, on: loop, maxOutput: 1 << 20) {
            outcome = $0
            loop.stop()
        }
        let limit = loop.schedule(after: .seconds(20)) { loop.stop() }
        loop.run()
        limit.cancel()
        let result = try XCTUnwrap(outcome, "lifefetch \(arguments) ended")
        return (result.termination, String(decoding: result.output, as: UTF8.self))
    }

    /// What ``runMeasured(_:)`` found.
    private struct MeasuredRun {
        var termination: ChildProcess.Termination
        var output: String
        /// The peak resident memory, from `wait4`'s rusage.
        var maxResidentBytes: Int
    }

    /// Runs `lifefetch` with `arguments` to its end (60 s at most) with posix_spawn and wait4,
    /// which tells its peak resident memory.
    private func runMeasured(_ arguments: [String]) throws -> MeasuredRun {
        let report = "\(try makeTemporaryFolder(self))/report"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, report, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let executable = Products.path("lifefetch")
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw SystemError("posix_spawn \(executable)", errno: spawned) }
        // Woken by its exit (a pidfd); 120 s is a safety net.
        if !waitForExit(pid: pid, within: 120) {
            kill(pid, SIGKILL)
            XCTFail("lifefetch \(arguments) did not end within 120 s")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return MeasuredRun(
            termination: signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal),
            output: String(decoding: (try? FileIO.read(report)) ?? [], as: UTF8.self),
            maxResidentBytes: usage.ru_maxrss * 1024)
    }

    /// A body of 13.6 MB that decodes (Content-Encoding: gzip) to 2.2 GB of zeros. lifefetch
    /// counts decoded bytes, stops at its limit, and reports at once, within its timeout and
    /// a bounded memory; it once decoded it all (20 s and 3.3 GB for 3 GB, past a 3 s timeout).
    func testAGzipBombFailsQuicklyWithinBoundedMemory() throws {
        let bomb = GzipBomb.make(groups: 1 << 20)
        XCTAssertGreaterThan(bomb.decodedSize, 2 << 30)
        let server = try TestHTTPServer(routes: [
            "/bomb.json": TestHTTPServer.Reply(body: bomb.body, headers: ["Content-Encoding: gzip"])
        ])
        addTeardownBlock { server.stop() }
        let url = server.url("/bomb.json")
        let limit = FetchReport.defaultBodyLimit
        let error = "GET \(url): the body is longer than \(limit) bytes; lifed reads at most \(limit)"

        let run = try runMeasured(["--timeout", "5s", url])
        XCTAssertEqual(run.termination, .exited(1))
        XCTAssertEqual(String(run.output.prefix(300)), String(decoding: FetchReport(.failure(FetchFailure(error))).encoded(), as: UTF8.self))
        // Within the timeout: the report is the body limit's, not "timed out" (the output above).
        XCTAssertLessThan(run.maxResidentBytes, 256 << 20, "peak resident memory")

        let daemon = try Daemon(self, arguments: ["--fetch-timeout", "5s"])
        let mirror = try ConfigurationsMirror(daemon)
        // The body limit's error, not the 5 s timeout's: it stopped at the limit.
        XCTAssertEqual(try mirror.waitForAnswer(after: try fetch(url, on: try daemon.connect()))["error"], .string(error))
        XCTAssertEqual(children(of: daemon.process.processIdentifier), [])
    }

    /// The timeout holds for the whole run, not only for the transfer: a long list takes
    /// lifefetch (a debug build) over a second to decode and encode again, and a deadline of its
    /// own ends it, with the report, when the timeout is up.
    func testLifefetchEndsAtItsTimeoutWhateverItIsDoing() throws {
        let folder = try makeTemporaryFolder(self)
        let path = "\(folder)/long.json"
        try write(#"[{"title":"Long","contents":["# + String(repeating: "[1,2],", count: 700_000) + "[1,2]]}]", to: path)
        let run = try runMeasured(["--timeout", "100ms", "file://\(path)"])
        XCTAssertEqual(run.termination, .exited(1))
        // (A prefix: a failure must not print the whole list.)
        // Its deadline ended it: run to its end, it would have printed the list (the file is valid).
        XCTAssertEqual(String(run.output.prefix(300)), #"{"error":"reading \#(path) timed out after 100ms"}"# + "\n")
    }

    /// The largest body lifefetch reads, a list of exactly 16 MiB (parsed, checked and encoded
    /// again, it takes lifefetch some 300 MB), fits in its address space; a byte more does not.
    func testTheLargestBodyFitsInLifefetchsAddressSpace() throws {
        let limit = FetchReport.defaultBodyLimit
        let head = #"[{"title":"Largest","contents":["#
        let tail = "[1,2]]}]"
        let pairs = (limit - head.utf8.count - tail.utf8.count) / 6
        var body = head + String(repeating: "[1,2],", count: pairs) + tail
        body += String(repeating: " ", count: limit - body.utf8.count)
        XCTAssertEqual(body.utf8.count, limit)
        let server = try TestHTTPServer(routes: ["/largest.json": .ok(body), "/over.json": .ok(body + " ")])
        addTeardownBlock { server.stop() }

        let largest = try runMeasured(["--timeout", "60s", server.url("/largest.json")])
        XCTAssertEqual(largest.termination, .exited(0))
        // The same cell, 2.8 million times: one live cell, written as RLE.
        XCTAssertEqual(largest.output, #"{"configurations":[{"rle":"x = 3, y = 2\n$2bo!\n","title":"Largest"}]}"# + "\n")
        XCTAssertLessThan(largest.maxResidentBytes, FetchReport.addressSpaceLimit(bodyLimit: limit))

        let over = try runMeasured(["--timeout", "60s", server.url("/over.json")])
        XCTAssertEqual(over.termination, .exited(1))
        XCTAssertEqual(
            String(over.output.prefix(300)),
            #"{"error":"GET \#(server.url("/over.json")): the body is \#(limit + 1) bytes; lifed reads at most \#(limit)"}"# + "\n")
    }

    func testLifefetchPrintsOneReport() throws {
        let folder = try makeTemporaryFolder(self)
        try write(goodJSON, to: "\(folder)/list.json")
        let good = try runLifefetch(["file://\(folder)/list.json"])
        XCTAssertEqual(good.status, .exited(0))
        XCTAssertEqual(
            good.output, #"{"configurations":[{"rle":"x = 3, y = 3\nbo$2bo$3o!\n","title":"Glider"},{"rle":"x = 1, y = 1\no!\n","title":"Dot"}]}"# + "\n")

        let tooBig = try runLifefetch(["--max-bytes", "10", "file://\(folder)/list.json"])
        XCTAssertEqual(tooBig.status, .exited(1))
        XCTAssertEqual(
            tooBig.output,
            #"{"error":"\#(folder)/list.json is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most 10 bytes)"}"#
                + "\n")

        let help = try runLifefetch(["--help"])
        XCTAssertEqual(help.status, .exited(0))
        XCTAssertTrue(help.output.contains(#"{"error":"#), help.output)

        XCTAssertEqual(try runLifefetch([]).status, .exited(2), "no URL")
        XCTAssertEqual(try runLifefetch(["--timeout", "soon", "file:///x"]).status, .exited(2))
        XCTAssertEqual(try runLifefetch(["--timeout", "soon", "file:///x"]).output, "", "usage errors go to stderr")
    }
}
