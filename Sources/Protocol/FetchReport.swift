import LifeJSON
import LifePatterns

/// What the fetch helper `lifefetch` writes on its standard output for `lifed`: the outcome
/// of one `configurations.fetch`, as one JSON object (and a newline).
///
/// - A fetched list: `{"configurations": [{"title": "Glider", "rle": "x = 3, y = 3\nbo$2bo$3o!\n"}, …]}`
///   (each configuration as a state file keeps it, ``Configuration/storageJSON``, within the
///   list's limits), and exit status 0.
/// - A failure: `{"error": "GET http://… answered HTTP 404"}` (a non-empty string), and exit
///   status 1.
///
/// Nothing else: exactly one of the two members. `lifed` reads at most
/// ``maxOutput(bodyLimit:)`` bytes and checks every part of the report (and the exit status
/// that goes with it) as it checks a client's frame, so a broken or foreign helper shows up
/// as a failed fetch, never as a bad state.
public struct FetchReport: Equatable, Sendable {
    /// The list, or why there is none.
    public var result: Result<[Configuration], FetchFailure>

    public init(_ result: Result<[Configuration], FetchFailure>) { self.result = result }

    /// How long a fetch may take, unless `lifed` says otherwise.
    public static let defaultTimeout: Duration = .seconds(30)
    /// The largest body a fetch reads, unless `lifed` says otherwise (16 MiB).
    public static let defaultBodyLimit = 16 << 20

    /// The address space (`RLIMIT_AS`) the helper allows itself for a body of at most
    /// `bodyLimit` bytes: 256 MiB and 48 times the body (1 GiB for the default 16 MiB).
    ///
    /// Measured on x86-64 (Swift 6.3, debug and release builds, with at most two malloc
    /// arenas): an HTTP fetch needs about 150 MB of address space before any body, and a list
    /// of 16 MiB, parsed and encoded again, peaks at 450-600 MB. The limit is the last line of
    /// defence against a body that decodes to far more than it is long (a gzip bomb); the helper
    /// counts decoded bytes and stops at `bodyLimit` long before.
    public static func addressSpaceLimit(bodyLimit: Int) -> Int {
        let body = min(max(bodyLimit, 0), 1 << 40)
        return (256 << 20) + 48 * body
    }

    /// The most a report may take for a body of at most `bodyLimit` bytes: twice the body
    /// (decoding and encoding again can lengthen a list, e.g. `1e3` becomes `1000`) and room
    /// for a message. The helper prints a failure rather than more. (A list within the limits
    /// of ``ConfigurationsState`` takes far less: at most 8 MiB of RLE, escaped.)
    public static func maxOutput(bodyLimit: Int) -> Int {
        let body = min(max(bodyLimit, 0), 1 << 40)
        return 2 * body + (64 << 10)
    }

    /// The exit status that goes with this report: 0 for a list, 1 for a failure.
    public var exitStatus: Int32 {
        switch result {
        case .success: 0
        case .failure: 1
        }
    }

    /// The report as JSON.
    public var json: JSON {
        switch result {
        case .success(let list): ["configurations": Configuration.storageJSON(list)]
        case .failure(let failure): ["error": .string(failure.message)]
        }
    }

    /// The report's bytes, as the helper writes them: compact JSON and a newline.
    public func encoded() -> [UInt8] { json.encoded() + [0x0A] }

    /// Reads a report, trusting nothing: one JSON object (surrounding whitespace allowed)
    /// with exactly one member, `configurations` (a valid list of configurations) or
    /// `error` (a non-empty string).
    public init(parsing bytes: some Collection<UInt8>) throws(FetchReportError) {
        let json: JSON
        do {
            json = try JSON(parsing: bytes)
        } catch {
            throw FetchReportError(error.description)
        }
        guard let members = json.objectValue else {
            throw FetchReportError("expected an object with \"configurations\" or \"error\", not \(json.typeName)")
        }
        guard members.count == 1, let member = members.first else {
            let keys = members.keys.sorted().map { JSON.string($0).preview }
            throw FetchReportError(
                "expected exactly one member, \"configurations\" or \"error\", not \(keys.isEmpty ? "none" : keys.joined(separator: ", "))")
        }
        let value = member.value
        switch member.key {
        case "configurations":
            do {
                self.init(.success(try Configuration.decodeList(value)))
            } catch {
                throw FetchReportError("\"configurations\": \(error)")
            }
        case "error":
            guard let message = value.stringValue else {
                throw FetchReportError("\"error\" must be a string, not \(value.typeName)")
            }
            guard !message.isEmpty else { throw FetchReportError("\"error\" is empty") }
            self.init(.failure(FetchFailure(message)))
        default:
            throw FetchReportError("unexpected member \(JSON.string(member.key).preview); expected \"configurations\" or \"error\"")
        }
    }
}

/// Why bytes are not a ``FetchReport``.
public struct FetchReportError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
