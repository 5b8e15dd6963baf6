import Glibc
import LifeFetch
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

// lifefetch: lifed's fetch helper. It fetches one list of configurations with LifeFetch
// (URLSession for http and https, POSIX reads for file URLs) and prints the outcome as one
// `FetchReport` for lifed, which runs it in a child process for each fetch from a URL, so
// that lifed itself links no Foundation.

let help = """
    lifefetch: fetches one list of configurations for lifed's configurations.fetch.

    Usage: lifefetch [--timeout DURATION] [--max-bytes N] URL

    lifed runs it in a child process for each fetch from a URL (so that lifed itself needs no
    Foundation), and reads what it prints. It can be run by hand to try a URL.

      URL                 an http, https or file URL serving a JSON array of
                          {"title": "...", "contents": [[row, col], ...]} objects
      --timeout DURATION  give up after this long, e.g. 500ms or 30s (default 30s): at
                          that moment lifefetch reports the timeout and exits, whatever
                          it is doing
      --max-bytes N       read at most N bytes of the body, counted after decoding
                          (Content-Encoding: gzip), default 16777216; lifefetch also
                          limits its address space to 256 MiB + 48 x N (1 GiB)
      -h, --help          show this help
      --version           print the version

    Output: one line on standard output holding one JSON object, at most
    2 x max-bytes + 65536 bytes long:
      {"configurations":[{"contents":[[0,1],[1,2]],"title":"Glider"}]}   exit status 0
      {"error":"GET http://example.com/x.json answered HTTP 404"}           exit status 1
    A mistake in the command line goes to standard error, with exit status 2.
    """

/// Writes all of `bytes` to standard output.
func writeOut(_ bytes: [UInt8]) {
    do throws(SystemError) {
        try FileDescriptor.standardOutput.writeAll(bytes)
    } catch {
        printError("lifefetch", "cannot write the report: \(error.reason)")
        exit(.failure)
    }
}

let url: String
var timeout = FetchReport.defaultTimeout
var maxBytes = FetchReport.defaultBodyLimit
do {
    let parsed = try Arguments(
        Array(CommandLine.arguments.dropFirst()), options: ["timeout", "max-bytes"], flags: ["help", "version"])
    if parsed.has("help") {
        print(help)
        exit(.success)
    }
    if parsed.has("version") {
        print("lifefetch \(LifeVersion.current)")
        exit(.success)
    }
    guard parsed.positionals.count == 1 else {
        throw UsageError(parsed.positionals.isEmpty ? "which URL? (see lifefetch --help)" : "give one URL, not \(parsed.positionals.count)")
    }
    url = parsed.positionals[0]
    if let ms = try parsed.value("timeout", as: "a duration from 1ms to 24h, such as 500ms or 30s", {
        DurationText.milliseconds($0).flatMap { (1...86_400_000).contains($0) ? $0 : nil }
    }) {
        timeout = .milliseconds(ms)
    }
    if let bytes = try parsed.value("max-bytes", as: "a number of bytes from 0 to 1073741824", {
        Int($0).flatMap { (0...(1 << 30)).contains($0) ? $0 : nil }
    }) {
        maxBytes = bytes
    }
} catch {
    printError("lifefetch", "\(error)")
    exit(.usage)
}

// The limits come before the fetch: an address space for the body's size, and a deadline
// that ends the process with a report when the timeout is up, whatever it is doing then.
do {
    try limitAddressSpace(to: FetchReport.addressSpaceLimit(bodyLimit: maxBytes))
    let timedOut = FetchReport(.failure(ConfigurationFetcher.timedOut(url, after: timeout)))
    try ExitDeadline.start(after: timeout, writing: timedOut.encoded(), to: 1, status: .failure)
} catch {
    writeOut(FetchReport(.failure(FetchFailure("fetching \(JSON.string(url).preview): lifefetch cannot set its limits: \(error)"))).encoded())
    _exit(ExitCode.failure.rawValue)
}

var report = FetchReport(ConfigurationFetcher.fetch(url: url, timeout: timeout, maxBytes: maxBytes))
var output = report.encoded()
let limit = FetchReport.maxOutput(bodyLimit: maxBytes)
if output.count > limit {
    // A long list, or a message naming a very long URL: a short message instead.
    report = FetchReport(
        .failure(FetchFailure("fetching \(JSON.string(url).preview): the report would take \(output.count) bytes; lifed reads at most \(limit)")))
    output = report.encoded()
}
guard ExitDeadline.claimExit() else { ExitDeadline.waitForTheDeadlinesExit() }
writeOut(output)
// _exit, not exit: URLSession's threads may still be busy with a transfer that was given up
// (exit's clean-up would run under them), and everything there is to say has been written.
_exit(report.exitStatus)
