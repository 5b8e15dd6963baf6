import Glibc
import LifePatterns
import LifeSystem
import LifeScheduling
import LifeStore
import LifeSystem
import Protocol

/// `configurations.fetch` from a URL, done by the helper `lifefetch` in a child process, so
/// that lifed links no Foundation (URLSession and what it pulls in cost ~20 MB of resident
/// memory in every lifed, idle or not).
///
/// The effect starts `lifefetch --timeout T --max-bytes N -- URL`, reads its one
/// ``FetchReport`` through a pipe on the event loop (at most
/// ``FetchReport/maxOutput(bodyLimit:)`` bytes), checks it as it checks a client's frame,
/// and delivers exactly one result, unless it is cancelled (a second fetch,
/// `configurations.cancelFetch`, `configurations.clear`, shutdown): then the helper is
/// killed, the pipe closed, the helper reaped, and nothing is delivered. A helper that is
/// missing, crashes, prints something else or too much, or outlives the timeout by
/// ``grace``, is a failed fetch whose message names the URL and the helper.
///
/// lifefetch keeps its own limits (see its `--help`): it reports a timeout at the timeout,
/// whatever it is doing then; it counts the body's bytes after decoding (a gzip bomb stops at
/// `maxBytes`); and it caps its address space (``FetchReport/addressSpaceLimit(bodyLimit:)``),
/// so that a helper killed by a signal is most likely one that ran out of it, which the
/// message says. The backstop here is for a helper that does none of that.
struct FetchHelper {
    /// The helper's path.
    var executable: String
    /// The longest a fetch may take; the helper enforces it.
    var timeout: Duration = FetchReport.defaultTimeout
    /// The largest body the helper reads.
    var maxBytes: Int = FetchReport.defaultBodyLimit
    /// How much longer than `timeout` lifed waits for the helper before stopping it: time to
    /// start (loading Foundation), report and exit, on a busy machine.
    var grace: Duration = .seconds(2)
    var log: Logger

    /// The helper lifed uses unless `--fetch-helper` names one: `lifefetch` beside lifed's own
    /// executable, else in `../libexec/life/` from there (where `make install` puts it). When
    /// neither is there, the first, so that the failure names it.
    static func locate(besideExecutable executable: String?) -> String {
        guard let executable else { return "lifefetch" }
        let folder = UnixSocket.parentFolder(of: executable)
        let candidates = [
            "\(folder)/lifefetch",
            "\(UnixSocket.parentFolder(of: folder))/libexec/life/lifefetch",
        ]
        return candidates.first { access($0, X_OK) == 0 } ?? candidates[0]
    }

    /// This process's executable, from /proc/self/exe.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An effect that fetches `url` with the helper.
    func effect(url: String, on loop: EventLoop) -> Effect<Result<[Configuration], FetchFailure>> {
        .run { send in
            let limit = FetchReport.maxOutput(bodyLimit: maxBytes)
            let arguments = [
                "--timeout", DurationText.format(milliseconds: Self.milliseconds(timeout)), "--max-bytes", String(maxBytes), "--", url,
            ]
            var backstop: Cancellable?
            let child: ChildProcess
            do throws(SystemError) {
                child = try ChildProcess.start(executable, arguments: arguments, on: loop, maxOutput: limit) { outcome in
                    backstop?.cancel()
                    send(interpret(outcome, url: url, limit: limit))
                }
            } catch {
                let failure = failure(url, "cannot start the fetch helper \(executable): \(error.reason)")
                // On the loop's next turn, like any other outcome.
                return loop.schedule(after: .zero) { send(.failure(failure)) }
            }
            log.debug("fetching \(url) with \(executable) (pid \(child.pid))")
            backstop = loop.schedule(after: timeout + grace) {
                child.kill()
                let total = DurationText.format(milliseconds: Self.milliseconds(timeout + grace))
                send(.failure(failure(url, "the fetch helper \(executable) did not answer within \(total); lifed stopped it")))
            }
            return Cancellable {
                backstop?.cancel()
                child.kill()
            }
        }
    }

    /// Whole milliseconds, at least 1 (the helper's --timeout takes milliseconds).
    static func milliseconds(_ duration: Duration) -> Int {
        max(1, DurationText.milliseconds(of: duration))
    }

    /// The fetch's result from what the helper wrote and how it ended.
    func interpret(_ outcome: ChildProcess.Outcome, url: String, limit: Int) -> Result<[Configuration], FetchFailure> {
        let helper = "the fetch helper \(executable)"
        if outcome.overflowed {
            return .failure(failure(url, "\(helper) wrote more than \(limit) bytes; lifed reads at most \(limit)"))
        }
        if case .signalled = outcome.termination {
            // lifefetch stops at maxBytes of decoded body long before, but a helper that runs
            // out of its address space dies this way (an allocation fails, the runtime aborts).
            let mebibytes = FetchReport.addressSpaceLimit(bodyLimit: maxBytes) >> 20
            return .failure(
                failure(
                    url, "\(helper) \(outcome.termination) without a report (lifefetch limits itself to \(mebibytes) MiB of address space and ends so when it runs out)"))
        }
        guard case .exited(let status) = outcome.termination, status == 0 || status == 1 else {
            return .failure(failure(url, "\(helper) \(outcome.termination) without a report"))
        }
        guard !outcome.output.isEmpty else {
            return .failure(failure(url, "\(helper) exited with status \(status) without a report"))
        }
        let report: FetchReport
        do {
            report = try FetchReport(parsing: outcome.output)
        } catch {
            return .failure(failure(url, "\(helper) wrote something other than a report: \(error)"))
        }
        guard report.exitStatus == status else {
            return .failure(failure(url, "\(helper) exited with status \(status) after reporting \(status == 0 ? "a failure" : "a list")"))
        }
        // The report's list was read within the list's limits (FetchReport checks them).
        return report.result
    }

    /// A failure of the helper itself (not of the fetch it reports): also worth a line in the log.
    private func failure(_ url: String, _ what: String) -> FetchFailure {
        let message = "fetching \(url): \(what)"
        log.warning(message)
        return FetchFailure(message)
    }
}
