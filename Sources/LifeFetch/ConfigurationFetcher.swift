import Dispatch
import Foundation
import LifeJSON
import LifePatterns
import LifeScheduling
import Protocol
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the course's configuration lists (a JSON array of `{"title", "contents"}`) for
/// `configurations.fetch`: over HTTP(S) with `URLSession`, or from a `file:` URL.
///
/// The work happens off the event loop; its outcome hops back to the store's executor
/// through an ``Inbox`` and is delivered there, and only there. Cancelling the effect
/// (a second fetch, `configurations.cancelFetch`, `configurations.clear`) stops the
/// download and guarantees that nothing is delivered afterwards.
///
/// Every failure is delivered as a ``FetchFailure`` whose message names the URL (or the
/// file's path) and what went wrong: an unsupported scheme, an HTTP status outside 2xx,
/// a network error, a body over the size limit, invalid JSON (with its byte offset) or an
/// element that is not a configuration (with its index). A local file is the exception: one
/// that is not a list gets one message whatever it holds (see ``FileReader``), so that a
/// fetch cannot be used to read a file's content or size through the error.
public enum ConfigurationFetcher {
    /// An effect that fetches and decodes the configuration list at `url`.
    ///
    /// - Parameters:
    ///   - url: an `http`, `https` or `file` URL. Anything else is delivered as a failure.
    ///   - inbox: the inbox of the executor that runs the store; results are posted there.
    ///   - timeout: the longest the whole fetch may take before it fails.
    ///   - maxBytes: the largest body accepted; a longer one fails without being read to its end.
    /// - Returns: an effect that delivers exactly one result, unless it is cancelled first.
    ///   A URL that cannot be fetched at all (unparseable, unsupported scheme) is answered
    ///   on the executor's next turn, without any I/O.
    public static func effect(
        url: String, inbox: Inbox, timeout: Duration = FetchReport.defaultTimeout, maxBytes: Int = FetchReport.defaultBodyLimit
    ) -> Effect<Result<[Configuration], FetchFailure>> {
        .run { send in
            // Lives on the executor; other threads only carry it back there through the inbox.
            let delivery = Delivery(send)
            let bound = ExecutorBound(delivery)
            let finish: @Sendable (Result<[Configuration], FetchFailure>) -> Void = { result in
                inbox.post { bound.value.deliver(result) }
            }
            let target: Target
            switch Target.parse(url) {
            case .success(let parsed):
                target = parsed
            case .failure(let failure):
                // Answered through the inbox like any other outcome, so it always follows the fetch's ack.
                finish(.failure(failure))
                return Cancellable { delivery.cancel() }
            }
            let limit = max(maxBytes, 0)
            switch target {
            case .http(let address):
                let download = HTTPDownload(url: url, timeout: timeout, maxBytes: limit, finish: finish)
                download.start(address)
                return Cancellable {
                    delivery.cancel()
                    download.cancel()
                }
            case .file(let path):
                FileDownload.start(path: path, maxBytes: limit, finish: finish)
                return Cancellable { delivery.cancel() }
            }
        }
    }

    /// Fetches and decodes the configuration list at `url`, blocking the calling thread until
    /// the fetch ends: for the helper `lifefetch`, which does nothing else. The same checks,
    /// timeout, size limit and failure messages as ``effect(url:inbox:timeout:maxBytes:)``.
    public static func fetch(
        url: String, timeout: Duration = FetchReport.defaultTimeout, maxBytes: Int = FetchReport.defaultBodyLimit
    ) -> Result<[Configuration], FetchFailure> {
        let limit = max(maxBytes, 0)
        switch Target.parse(url) {
        case .failure(let failure):
            return .failure(failure)
        case .success(.file(let path)):
            return FileReader.configurations(at: path, maxBytes: limit)
        case .success(.http(let address)):
            let outcome = Outcome()
            let download = HTTPDownload(url: url, timeout: timeout, maxBytes: limit) { outcome.set($0) }
            download.start(address)
            return outcome.wait()
        }
    }

    /// Decodes a fetched body: JSON, then a list of configurations. Errors name `url`.
    static func decode(_ body: some Collection<UInt8>, from url: String) -> Result<[Configuration], FetchFailure> {
        let json: JSON
        do {
            json = try JSON(parsing: body)
        } catch {
            return .failure(FetchFailure("decoding \(url): \(error.description)"))
        }
        do {
            // Within the list's limits: too many configurations, or too much RLE, fail the fetch.
            return .success(try Configuration.decodeList(json))
        } catch {
            return .failure(FetchFailure("decoding \(url): \(error.description)"))
        }
    }

    /// The failure of a fetch of `url` that ran out of time: `GET URL timed out after 30s`, or
    /// `reading PATH timed out after 30s` for a file.
    public static func timedOut(_ url: String, after timeout: Duration) -> FetchFailure {
        if case .success(.file(let path)) = Target.parse(url) {
            return FetchFailure("reading \(path) timed out after \(describe(timeout))")
        }
        return FetchFailure("GET \(url) timed out after \(describe(timeout))")
    }

    /// "30s", "1.5s", "250ms".
    static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        guard seconds >= 0, seconds < 1_000_000_000 else { return "\(seconds)s" }
        return DurationText.format(milliseconds: DurationText.milliseconds(of: duration))
    }
}

/// What a URL asks for, once checked.
enum Target {
    /// An `http` or `https` URL with a host.
    case http(URL)
    /// A local file's path.
    case file(String)

    /// Checks `text`: a URL with a supported scheme, and a host (HTTP) or a local path (file).
    static func parse(_ text: String) -> Result<Target, FetchFailure> {
        let supported = "http, https and file"
        guard let url = URL(string: text) else {
            return .failure(FetchFailure("\(JSON.string(text).preview) is not a URL; lifed fetches \(supported) URLs"))
        }
        guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty else {
            return .failure(
                FetchFailure("unsupported URL scheme: \(JSON.string(text).preview) has none; lifed fetches \(supported) URLs"))
        }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                return .failure(FetchFailure("\(text) names no host"))
            }
            return .success(.http(url))
        case "file":
            if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
                return .failure(FetchFailure("\(text) names the host \(host); file URLs must name a local file"))
            }
            let path = url.path
            guard !path.isEmpty else { return .failure(FetchFailure("\(text) names no file")) }
            return .success(.file(path))
        default:
            return .failure(
                FetchFailure("unsupported URL scheme \(JSON.string(scheme).preview) in \(text); lifed fetches \(supported) URLs"))
        }
    }
}

/// The executor's side of one fetch: the effect's `send`, until the result arrives or the
/// fetch is cancelled. Only ever touched on the executor that runs the store.
final class Delivery {
    private var send: Send<Result<[Configuration], FetchFailure>>?

    init(_ send: Send<Result<[Configuration], FetchFailure>>) { self.send = send }

    /// Whether the fetch was cancelled or has already delivered.
    var isDone: Bool { send == nil }

    /// Sends `result`, unless the fetch was cancelled or has delivered already.
    func deliver(_ result: Result<[Configuration], FetchFailure>) {
        guard let send else { return }
        self.send = nil
        send(result)
    }

    /// From now on nothing is delivered.
    func cancel() { send = nil }
}

/// One result handed from the thread that ends a fetch to the thread that waits for it.
private final class Outcome: Sendable {
    private let result = Mutex<Result<[Configuration], FetchFailure>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Result<[Configuration], FetchFailure>) {
        result.withLock { $0 = value }
        done.signal()
    }

    func wait() -> Result<[Configuration], FetchFailure> {
        done.wait()
        return result.withLock { $0 } ?? .failure(FetchFailure("the fetch ended without a result"))
    }
}

/// Reads a local file on a background queue.
enum FileDownload {
    /// Reads `path` (at most `maxBytes`), decodes it, and hands the result to `finish` on a
    /// background thread.
    static func start(
        path: String, maxBytes: Int,
        finish: @escaping @Sendable (Result<[Configuration], FetchFailure>) -> Void
    ) {
        DispatchQueue.global(qos: .userInitiated).async {
            finish(FileReader.configurations(at: path, maxBytes: maxBytes))
        }
    }
}
