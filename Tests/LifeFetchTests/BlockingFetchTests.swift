import Foundation
import LifeFetch
import LifePatterns
import LifeTestSupport
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
        // The timeout ended it: held past it, the server answers the list after 10 s, which would
        // be a success, not this error (no bound on the duration: a loaded machine is slower).
        XCTAssertEqual(
            ConfigurationFetcher.fetch(url: url, timeout: .milliseconds(300)), .failure(FetchFailure("GET \(url) timed out after 300ms")))
    }

    func testAFileAndItsSizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifefetch-\(UUID().uuidString).json").path
        try Data(body.utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(ConfigurationFetcher.fetch(url: "file://\(path)"), .success([blinker]))
        XCTAssertEqual(
            ConfigurationFetcher.fetch(url: "file://\(path)", maxBytes: 10),
            .failure(FetchFailure(notAList(path, maxBytes: 10))))
    }

    /// The one answer for a file that is not a list, whatever is wrong with it.
    private func notAList(_ path: String, maxBytes: Int) -> String {
        "\(path) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most \(maxBytes) bytes)"
    }

    /// A file: URL may name any file the helper can read (lifed's user's, root's), and the
    /// error goes to whichever client asked: it must tell nothing of the file's content or size.
    func testAFileThatIsNotAListRevealsNothingOfItsContentOrSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifefetch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let secret = "Xq7-secret"
        let contents: [String: [UInt8]] = [
            "shadow": Array("\(secret):$6$salt$hash:19000:0:99999:7:::\n".utf8),
            "object.json": Array(#"{"\#(secret)": 1}"#.utf8),
            "string.json": Array(#""\#(secret)""#.utf8),
            "number.json": Array("1\(secret.count)7".utf8),
            "element.json": Array(#"[{"title": "a", "contents": [[0, 0]]}, {"\#(secret)": 7}]"#.utf8),
            "title.json": Array(#"[{"title": 7, "contents": [], "\#(secret)": 1}]"#.utf8),
            "truncated.json": Array(#"[{"title": "\#(secret)"#.utf8),
            "binary": [0xFF, 0xFE, 0x00] + Array(secret.utf8),
            "large.json": Array(("[" + String(repeating: " ", count: 100) + "]").utf8),
        ]
        for (name, bytes) in contents {
            let path = "\(folder)/\(name)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(chmod(path, 0o600), 0)
            let error: String
            switch ConfigurationFetcher.fetch(url: "file://\(path)", maxBytes: 64) {
            case .success(let list): XCTFail("\(name) read as \(list)"); continue
            case .failure(let failure): error = failure.message
            }
            XCTAssertEqual(error, notAList(path, maxBytes: 64), name)
            XCTAssertFalse(error.contains(secret), name)
        }
        // Too many configurations: the count is content too.
        let many = "\(folder)/many.json"
        let list = "[" + Array(repeating: #"{"title":"a","contents":[]}"#, count: ConfigurationsState.maxCount + 1).joined(separator: ",") + "]"
        try Data(list.utf8).write(to: URL(fileURLWithPath: many))
        XCTAssertEqual(ConfigurationFetcher.fetch(url: "file://\(many)"), .failure(FetchFailure(notAList(many, maxBytes: FetchReport.defaultBodyLimit))))
        // Nor does what exists there: a missing path, a folder, a device and a FIFO all say the same.
        XCTAssertEqual(mkfifo("\(folder)/fifo", 0o600), 0)
        for path in ["\(folder)/nothing.json", folder, "/dev/null", "\(folder)/fifo"] {
            XCTAssertEqual(
                ConfigurationFetcher.fetch(url: "file://\(path)"), .failure(FetchFailure(notAList(path, maxBytes: FetchReport.defaultBodyLimit))), path)
        }
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
