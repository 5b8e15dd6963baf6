import Foundation
import LifeFetch
import Protocol
import XCTest

/// `ConfigurationFetcher.fetch`, the blocking call behind the helper `lifefetch`: the same
/// checks and messages as the effect.
final class BlockingFetchTests: XCTestCase {
    private let body = #"[{"title": "Blinker", "contents": [[1, 0], [1, 1], [1, 2]], "comment": "ignored"}]"#
    private let blinker = known("Blinker", rle: "x = 3, y = 2\n$3o!")

    private func startServer(_ routes: [String: TestHTTPServer.Reply]) throws -> TestHTTPServer {
        let server = try TestHTTPServer(routes: routes)
        addTeardownBlock { server.stop() }
        return server
    }

    func testAListOverHTTP() throws {
        let server = try startServer(["/list.json": .ok(body)])
        XCTAssertEqual(ConfigurationFetcher.fetch(url: server.url("/list.json")), .success([blinker]))
    }

    func testAnHTTPFailureNamesTheURLAndTheStatus() throws {
        let server = try startServer([:])
        let url = server.url("/missing.json")
        XCTAssertEqual(ConfigurationFetcher.fetch(url: url), .failure(FetchFailure("GET \(url) answered HTTP 404")))
    }

    func testTheTimeoutHolds() throws {
        let server = try startServer(["/slow.json": TestHTTPServer.Reply(body: Array(body.utf8), holds: true)])
        let url = server.url("/slow.json")
        let start = ContinuousClock.now
        XCTAssertEqual(
            ConfigurationFetcher.fetch(url: url, timeout: .milliseconds(300)), .failure(FetchFailure("GET \(url) timed out after 300ms")))
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testAFileAndItsSizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifefetch-\(UUID().uuidString).json").path
        try Data(body.utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(ConfigurationFetcher.fetch(url: "file://\(path)"), .success([blinker]))
        XCTAssertEqual(
            ConfigurationFetcher.fetch(url: "file://\(path)", maxBytes: 10),
            .failure(FetchFailure("cannot read \(path): it is \(body.utf8.count) bytes; lifed reads at most 10")))
    }

    func testURLsThatCannotBeFetchedFailWithoutIO() {
        XCTAssertEqual(
            ConfigurationFetcher.fetch(url: "ftp://example.com/x.json"),
            .failure(FetchFailure("unsupported URL scheme \"ftp\" in ftp://example.com/x.json; lifed fetches http, https and file URLs")))
        XCTAssertEqual(
            ConfigurationFetcher.fetch(url: ""), .failure(FetchFailure("\"\" is not a URL; lifed fetches http, https and file URLs")))
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
