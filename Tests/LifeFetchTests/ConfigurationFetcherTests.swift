import Foundation
import LifeFetch
import LifeGrid
import LifeJSON
import LifePatterns
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import XCTest

/// A store running the app reducer, whose configurations fetches go through
/// ``ConfigurationFetcher`` and come back through the test scheduler's inbox.
private final class FetchHarness {
    let scheduler = TestScheduler()
    let store: Store<AppState, AppAction>
    /// The actions the fetch effect delivered, in order.
    private(set) var delivered: [AppAction] = []

    init(timeout: Duration = .seconds(30), maxBytes: Int = 16 << 20) {
        let scheduler = self.scheduler
        let environment = AppEnvironment(
            scheduler: scheduler, random: RandomSource(seed: 1),
            fetchConfigurations: { url in
                ConfigurationFetcher.effect(url: url ?? "", inbox: scheduler.inbox, timeout: timeout, maxBytes: maxBytes)
            })
        store = Store(
            initialState: AppState.initial(random: RandomSource(seed: 1)),
            reducer: Reducer<AppState, AppAction, AppEnvironment>.app, environment: environment)
        store.didRunEffectAction = { [weak self] action, _ in self?.delivered.append(action) }
    }

    var configurations: ConfigurationsState { store.state.configurations }

    @discardableResult
    func send(_ action: ConfigurationsAction) -> Store<AppState, AppAction>.Outcome {
        store.send(.configurations(action))
    }

    /// Runs the inbox until `condition` holds, waiting for the background I/O between
    /// runs; false if it still does not hold after `limit` of real time (a safety net; the
    /// condition is the event).
    func waitUntil(_ limit: Duration = .seconds(120), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while true {
            scheduler.advance()
            if condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Waits for the fetch in flight to answer.
    func waitForResponse(file: StaticString = #filePath, line: UInt = #line) {
        let answered = waitUntil { !configurations.isFetching }
        XCTAssertTrue(answered, "the fetch did not answer within 120 s", file: file, line: line)
    }

    /// Keeps running the inbox for `duration`, for tests that expect nothing to arrive.
    func idle(for duration: Duration) {
        _ = waitUntil(duration) { false }
    }
}

final class ConfigurationFetcherTests: XCTestCase {
    private let glider = known("Glider", rle: "x = 3, y = 3\nbo$2bo$3o!")
    private let blinker = known("Blinker", rle: "x = 3, y = 2\n$3o!")

    private var goodJSON: String {
        #"""
        [
          {"title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]},
          {"title": "Blinker", "contents": [[1, 0], [1, 1], [1, 2]], "comment": "other members are ignored"}
        ]
        """#
    }

    private func startServer(_ routes: [String: TestHTTPServer.Reply]) throws -> TestHTTPServer {
        let server = try TestHTTPServer(routes: routes)
        addTeardownBlock { server.stop() }
        return server
    }

    private func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifefetch-\(UUID().uuidString).json").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    // MARK: HTTP

    func testGoodJSONIsDecoded() throws {
        let server = try startServer(["/patterns.json": .ok(goodJSON)])
        let h = FetchHarness()
        let url = server.url("/patterns.json")
        XCTAssertEqual(h.send(.fetch(url: url)), .changed(version: 1))
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: true))
        h.waitForResponse()
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [glider, blinker], error: nil))
        XCTAssertEqual(h.delivered, [.configurations(.fetchResponse(.success([glider, blinker])))])
        XCTAssertEqual(h.store.version, 2)
        XCTAssertEqual(server.seen.requests, ["/patterns.json"])
    }

    func testAnEmptyListIsASuccess() throws {
        let server = try startServer(["/empty.json": .ok(" [ ] ")])
        let h = FetchHarness()
        h.send(.fetch(url: server.url("/empty.json")))
        h.waitForResponse()
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [], error: nil))
        XCTAssertEqual(h.delivered, [.configurations(.fetchResponse(.success([])))])
    }

    func testABodyWithoutContentLengthIsReadToTheEnd() throws {
        var reply = TestHTTPServer.Reply.ok(goodJSON)
        reply.announcesLength = false
        let server = try startServer(["/patterns.json": reply])
        let h = FetchHarness()
        h.send(.fetch(url: server.url("/patterns.json")))
        h.waitForResponse()
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [glider, blinker], error: nil))
    }

    func testNotFoundNamesTheURLAndTheStatus() throws {
        let server = try startServer([:])
        let h = FetchHarness()
        let url = server.url("/missing.json")
        h.send(.fetch(url: url))
        h.waitForResponse()
        let message = "GET \(url) answered HTTP 404"
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [], error: message))
        XCTAssertEqual(h.delivered, [.configurations(.fetchResponse(.failure(FetchFailure(message))))])
        XCTAssertEqual(server.seen.requests, ["/missing.json"])
    }

    func testServerErrorNamesTheStatus() throws {
        let server = try startServer(["/broken.json": TestHTTPServer.Reply(status: 500, body: Array(goodJSON.utf8))])
        let h = FetchHarness()
        let url = server.url("/broken.json")
        h.send(.fetch(url: url))
        h.waitForResponse()
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [], error: "GET \(url) answered HTTP 500"))
    }

    func testAMalformedElementIsNamed() throws {
        let body = #"[{"title": "ok", "contents": [[0, 0]]}, {"title": "bad", "contents": [[0, 1], [2]]}]"#
        let server = try startServer(["/bad.json": .ok(body)])
        let h = FetchHarness()
        let url = server.url("/bad.json")
        h.send(.fetch(url: url))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations,
            ConfigurationsState(
                isFetching: false, configs: [],
                error: "decoding \(url): element 1: contents[1] must hold exactly two non-negative integers"))
    }

    func testAMissingFieldIsNamed() throws {
        let body = #"[{"title": "a", "contents": []}, {"title": "b", "contents": []}, {"title": "c", "contents": []}, {"contents": []}]"#
        let server = try startServer(["/bad.json": .ok(body)])
        let h = FetchHarness()
        let url = server.url("/bad.json")
        h.send(.fetch(url: url))
        h.waitForResponse()
        XCTAssertEqual(h.configurations.error, "decoding \(url): element 3: \"title\" is required: a string")
        XCTAssertEqual(h.configurations.configs, [])
        XCTAssertFalse(h.configurations.isFetching)
    }

    func testInvalidJSONNamesTheByte() throws {
        let body = #"[{"title": "Glider", "contents": [[0, 1],]}]"#
        let server = try startServer(["/invalid.json": .ok(body)])
        let h = FetchHarness()
        let url = server.url("/invalid.json")
        h.send(.fetch(url: url))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations,
            ConfigurationsState(
                isFetching: false, configs: [],
                error: "decoding \(url): invalid JSON at byte 41: unexpected character ']', expected a value"))
    }

    func testJSONThatIsNotAListIsRefused() throws {
        let server = try startServer(["/object.json": .ok(#"{"title": "Glider", "contents": []}"#)])
        let h = FetchHarness()
        let url = server.url("/object.json")
        h.send(.fetch(url: url))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations.error, "decoding \(url): expected an array of {\"title\", \"contents\"} objects, not object")
    }

    func testABodyOverTheLimitFails() throws {
        var unannounced = TestHTTPServer.Reply.ok(goodJSON)
        unannounced.announcesLength = false
        let server = try startServer(["/announced.json": .ok(goodJSON), "/unannounced.json": unannounced])
        let h = FetchHarness(maxBytes: 64)
        for path in ["/announced.json", "/unannounced.json"] {
            let url = server.url(path)
            h.send(.fetch(url: url))
            h.waitForResponse()
            let error = try XCTUnwrap(h.configurations.error, path)
            XCTAssertTrue(error.hasPrefix("GET \(url): the body "), error)
            XCTAssertTrue(error.hasSuffix("; lifed reads at most 64"), error)
            XCTAssertEqual(h.configurations.configs, [])
        }
        XCTAssertEqual(h.delivered.count, 2)
    }

    func testARefusedConnectionNamesTheURL() throws {
        let url = "http://127.0.0.1:\(try TestHTTPServer.unusedPort())/patterns.json"
        let h = FetchHarness()
        h.send(.fetch(url: url))
        h.waitForResponse()
        let error = try XCTUnwrap(h.configurations.error)
        XCTAssertTrue(error.hasPrefix("GET \(url) failed: "), error)
        XCTAssertGreaterThan(error.count, "GET \(url) failed: ".count, "the error says why")
        XCTAssertEqual(h.configurations.configs, [])
        XCTAssertFalse(h.configurations.isFetching)
    }

    func testASlowServerTimesOut() throws {
        let server = try startServer(["/slow.json": TestHTTPServer.Reply(body: Array(goodJSON.utf8), holds: true)])
        let h = FetchHarness(timeout: .milliseconds(300))
        let url = server.url("/slow.json")
        let start = ContinuousClock.now
        h.send(.fetch(url: url))
        h.waitForResponse()
        let elapsed = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(300))
        // It ended at the timeout, not when the server gave up holding the reply (10 s): that
        // would have answered the list, where the error below says "timed out", and the server
        // saw the client close (no upper bound on the duration: a loaded machine is slower).
        XCTAssertEqual(
            h.configurations, ConfigurationsState(isFetching: false, configs: [], error: "GET \(url) timed out after 300ms"))
        XCTAssertTrue(h.waitUntil { server.seen.closedByClient == ["/slow.json"] }, "the connection was closed")
        XCTAssertEqual(server.seen.answered, [])
    }

    // MARK: Cancellation

    func testCancellingASlowFetchDeliversNothingAndClosesTheConnection() throws {
        let server = try startServer(["/slow.json": TestHTTPServer.Reply(body: Array(goodJSON.utf8), holds: true)])
        let h = FetchHarness()
        h.send(.fetch(url: server.url("/slow.json")))
        XCTAssertTrue(h.waitUntil { server.seen.requests == ["/slow.json"] }, "the request reached the server")
        XCTAssertEqual(h.store.inFlightEffectIDs, [.fetch])

        XCTAssertEqual(h.send(.cancelFetch), .changed(version: 2))
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        XCTAssertTrue(
            h.waitUntil { server.seen.closedByClient == ["/slow.json"] },
            "the URLSession task was cancelled: the server saw the connection close before it answered")
        h.idle(for: .milliseconds(200))
        XCTAssertEqual(h.delivered, [], "a cancelled fetch delivers nothing")
        XCTAssertTrue(h.scheduler.inbox.isEmpty)
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [], error: nil))
        XCTAssertEqual(h.store.version, 2)
        XCTAssertEqual(server.seen.answered, [])
    }

    func testClearCancelsAFetchInFlight() throws {
        let server = try startServer(["/slow.json": TestHTTPServer.Reply(body: Array(goodJSON.utf8), holds: true)])
        let h = FetchHarness()
        h.send(.fetch(url: server.url("/slow.json")))
        XCTAssertTrue(h.waitUntil { server.seen.requests == ["/slow.json"] })
        h.send(.clear)
        XCTAssertTrue(h.waitUntil { server.seen.closedByClient == ["/slow.json"] })
        h.idle(for: .milliseconds(100))
        XCTAssertEqual(h.delivered, [])
        XCTAssertEqual(h.configurations, ConfigurationsState())
    }

    func testASecondFetchReplacesTheFirst() throws {
        let server = try startServer([
            "/slow.json": TestHTTPServer.Reply(body: Array(#"[{"title": "Slow", "contents": []}]"#.utf8), holds: true),
            "/patterns.json": .ok(goodJSON),
        ])
        let h = FetchHarness()
        h.send(.fetch(url: server.url("/slow.json")))
        XCTAssertTrue(h.waitUntil { server.seen.requests == ["/slow.json"] })
        h.send(.fetch(url: server.url("/patterns.json")))
        h.waitForResponse()
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [glider, blinker], error: nil))
        XCTAssertTrue(h.waitUntil { server.seen.closedByClient == ["/slow.json"] }, "the first fetch's connection was closed")
        h.idle(for: .milliseconds(100))
        XCTAssertEqual(h.delivered, [.configurations(.fetchResponse(.success([glider, blinker])))], "only the second answers")
        XCTAssertEqual(h.configurations.configs, [glider, blinker])
    }

    func testAResultAlreadyPostedIsDroppedWhenTheFetchIsCancelled() throws {
        // The file is read at once; its result waits in the inbox until the executor runs it.
        let path = try temporaryFile(goodJSON)
        let h = FetchHarness()
        h.send(.fetch(url: "file://\(path)"))
        // The posted result is the event; 120 s is a safety net.
        let deadline = ContinuousClock.now + .seconds(120)
        while h.scheduler.inbox.isEmpty && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.002) }
        XCTAssertFalse(h.scheduler.inbox.isEmpty, "the background read posted its result")
        h.send(.cancelFetch)
        h.scheduler.advance()
        XCTAssertTrue(h.scheduler.inbox.isEmpty)
        XCTAssertEqual(h.delivered, [], "the executor side saw the cancellation and sent nothing")
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [], error: nil))
    }

    // MARK: Files

    func testAFileURLIsRead() throws {
        let path = try temporaryFile(goodJSON)
        let h = FetchHarness()
        h.send(.fetch(url: "file://\(path)"))
        XCTAssertTrue(h.configurations.isFetching, "the file is read in the background")
        h.waitForResponse()
        XCTAssertEqual(h.configurations, ConfigurationsState(isFetching: false, configs: [glider, blinker], error: nil))
        XCTAssertEqual(h.delivered, [.configurations(.fetchResponse(.success([glider, blinker])))])
    }

    func testAFileURLOnLocalhostIsRead() throws {
        let path = try temporaryFile(goodJSON)
        let h = FetchHarness()
        h.send(.fetch(url: "file://localhost\(path)"))
        h.waitForResponse()
        XCTAssertEqual(h.configurations.configs, [glider, blinker])
    }

    /// A missing file says what any other failure says: lifed may read files the client may not,
    /// and the answer must not tell the client what exists there.
    func testAMissingFileSaysWhatEveryFailureSays() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifefetch-missing-\(UUID().uuidString).json").path
        let h = FetchHarness()
        h.send(.fetch(url: "file://\(path)"))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations,
            ConfigurationsState(
                isFetching: false, configs: [],
                error: "\(path) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most \(FetchReport.defaultBodyLimit) bytes)"))
    }

    func testAFolderSaysWhatEveryFailureSays() throws {
        let path = FileManager.default.temporaryDirectory.path
        let h = FetchHarness()
        h.send(.fetch(url: "file://\(path)"))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations.error,
            "\(path) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most \(FetchReport.defaultBodyLimit) bytes)")
    }

    func testAFileOverTheLimitFails() throws {
        let path = try temporaryFile(goodJSON)
        let h = FetchHarness(maxBytes: 10)
        h.send(.fetch(url: "file://\(path)"))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations.error, "\(path) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most 10 bytes)",
            "the size is not told")
    }

    func testAMalformedFileSaysOnlyThatItIsNotAList() throws {
        let path = try temporaryFile(#"[{"title": "a", "contents": [[0, 0]]}, {"title": 7, "contents": []}]"#)
        let h = FetchHarness()
        h.send(.fetch(url: "file://\(path)"))
        h.waitForResponse()
        XCTAssertEqual(
            h.configurations.error,
            "\(path) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most \(FetchReport.defaultBodyLimit) bytes)")
    }

    // MARK: URLs that cannot be fetched

    func testAnUnsupportedSchemeFailsAtOnce() {
        let h = FetchHarness()
        let url = "ftp://example.com/patterns.json"
        h.send(.fetch(url: url))
        h.scheduler.advance()  // the failure arrives through the inbox, on the next turn
        // No I/O: the failure is delivered on the executor's next turn, after the fetch itself.
        XCTAssertEqual(
            h.configurations,
            ConfigurationsState(
                isFetching: false, configs: [],
                error: "unsupported URL scheme \"ftp\" in \(url); lifed fetches http, https and file URLs"))
        XCTAssertEqual(h.delivered.count, 1)
        XCTAssertEqual(h.store.inFlightEffectIDs, [.fetch], "the finished effect stays registered until the next fetch")
    }

    func testAURLWithoutASchemeIsRefused() {
        let h = FetchHarness()
        h.send(.fetch(url: "example.com/patterns.json"))
        h.scheduler.advance()  // the failure arrives through the inbox, on the next turn
        let error = h.configurations.error ?? ""
        XCTAssertTrue(error.hasPrefix("unsupported URL scheme"), error)
        XCTAssertTrue(error.contains("example.com/patterns.json"), error)
        XCTAssertFalse(h.configurations.isFetching)
    }

    func testAnUnparseableURLIsNamed() {
        let h = FetchHarness()
        for url in ["http://exa mple.com/x.json", "http://[oops/x.json", ""] {
            h.send(.fetch(url: url))
            h.scheduler.advance()  // the failure arrives through the inbox, on the next turn
            XCTAssertEqual(
                h.configurations,
                ConfigurationsState(
                    isFetching: false, configs: [],
                    error: "\(JSON.string(url).preview) is not a URL; lifed fetches http, https and file URLs"))
        }
    }

    func testAnHTTPURLWithoutAHostIsRefused() {
        let h = FetchHarness()
        h.send(.fetch(url: "http:///patterns.json"))
        h.scheduler.advance()  // the failure arrives through the inbox, on the next turn
        XCTAssertEqual(h.configurations.error, "http:///patterns.json names no host")
    }

    func testAFileURLOnAnotherHostIsRefused() {
        let h = FetchHarness()
        h.send(.fetch(url: "file://elsewhere/tmp/patterns.json"))
        h.scheduler.advance()  // the failure arrives through the inbox, on the next turn
        XCTAssertEqual(
            h.configurations.error, "file://elsewhere/tmp/patterns.json names the host elsewhere; file URLs must name a local file")
    }
}

/// A configuration the test knows to be valid.
private func known(_ title: String, rle: String) -> Configuration {
    do {
        return try Configuration(title: title, rle: rle)
    } catch {
        preconditionFailure("\(title) is not a configuration: \(error)")
    }
}
