import Dispatch
import Foundation
import LifePatterns
import Protocol
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP(S) GET with an ephemeral `URLSession` (no cache, no cookies): checks the
/// status, stops reading past `maxBytes`, gives up after `timeout`, and decodes the body.
///
/// The session calls the delegate methods on its own queue; the outcome goes to `finish`
/// exactly once, unless ``cancel()`` came first.
final class HTTPDownload: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var body: [UInt8] = []
        /// Whether the outcome is decided: a failure found before the transfer ended (status,
        /// size, timeout) was handed to `finish` at once, or the transfer has ended.
        var finished = false
        var cancelled = false
    }

    private let url: String
    private let timeout: Duration
    private let maxBytes: Int
    private let finish: @Sendable (Result<[Configuration], FetchFailure>) -> Void
    private let state = Mutex(State())

    init(
        url: String, timeout: Duration, maxBytes: Int,
        finish: @escaping @Sendable (Result<[Configuration], FetchFailure>) -> Void
    ) {
        self.url = url
        // From a millisecond to a day: the watchdog's arithmetic stays far from overflowing.
        self.timeout = min(max(timeout, .milliseconds(1)), .seconds(86_400))
        self.maxBytes = maxBytes
        self.finish = finish
    }

    /// Starts the GET of `address`, and the watchdog that ends it after the timeout.
    func start(_ address: URL) {
        let (seconds, attoseconds) = timeout.components
        let interval = TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
        // The watchdog below enforces the timeout exactly. URLSession's own timeouts only back it
        // up: on Linux they count whole seconds (0.3 s would mean no time at all), so they get
        // a second more than the timeout, rounded up.
        let backstop = (interval + 1).rounded(.up)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: backstop)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        state.withLock { $0.task = task }
        task.resume()
        // The session lets go of its delegate (this object) once the task has ended.
        session.finishTasksAndInvalidate()
        DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [weak self] in self?.timedOut() }
    }

    /// The watchdog: a transfer still running after the timeout fails.
    private func timedOut() {
        fail(ConfigurationFetcher.timedOut(url, after: timeout).message)
    }

    /// Stops the transfer; nothing is handed to `finish` afterwards.
    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Hands `message` to `finish` as the outcome now (unless there already is one, or the
    /// fetch was cancelled), and stops the transfer.
    ///
    /// Now, not when the transfer reports its end: URLSession hands the body to this delegate
    /// through a queue of its own, and libcurl goes on reading and decoding while that queue
    /// lags, so the end may come long after (a gzip bomb, a body that decodes to gigabytes,
    /// is all decoded first). Whoever waits for the outcome can stop the process at once.
    private func fail(_ message: String) {
        let outcome = state.withLock { state -> (task: URLSessionDataTask?, deliver: Bool) in
            guard !state.finished else { return (nil, false) }
            state.finished = true
            state.body = []
            return (state.task, !state.cancelled)
        }
        if outcome.deliver { finish(.failure(FetchFailure(message))) }
        outcome.task?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
            completionHandler(.cancel)
            return fail("GET \(url) answered HTTP \(http.statusCode)")
        }
        if response.expectedContentLength > Int64(maxBytes) {
            completionHandler(.cancel)
            return fail(tooLong(announced: response.expectedContentLength))
        }
        completionHandler(.allow)
    }

    /// A piece of the body, as URLSession decoded it (`Content-Encoding: gzip` undone): the
    /// limit counts decoded bytes, whatever the transfer's size.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            guard state.body.count + data.count <= maxBytes else { return true }
            state.body.append(contentsOf: data)
            return false
        }
        if over { fail(tooLong(announced: nil)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let body = state.withLock { state -> [UInt8]? in
            state.task = nil
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.body = [] }
            return state.cancelled ? nil : state.body
        }
        guard let body else { return }
        if let error {
            finish(.failure(FetchFailure(describe(error))))
        } else {
            finish(ConfigurationFetcher.decode(body, from: url))
        }
    }

    private func tooLong(announced: Int64?) -> String {
        let size = announced.map { "is \($0) bytes" } ?? "is longer than \(maxBytes) bytes"
        return "GET \(url): the body \(size); lifed reads at most \(maxBytes)"
    }

    private func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError, urlError.code == .timedOut {
            return ConfigurationFetcher.timedOut(url, after: timeout).message
        }
        return "GET \(url) failed: \(error.localizedDescription)"
    }
}
