import DaemonTestSupport
import Foundation
import Glibc
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// PROTOCOL.md's transcripts, replayed against a real lifed (issue 24): a client author copies
/// them, so a documented reply that drifts from the daemon fails here.
///
/// What is replayed and compared (PROTOCOL.md says the same above its transcripts):
///
/// * Every fenced block of PROTOCOL.md with `->` or `<-` lines is a transcript. Each gets a fresh
///   `lifed --ephemeral --seed 1` (plus the arguments of a `<!-- replay: lifed ARGS -->` comment
///   above the block) and one raw connection. The requests of a `<!-- replay: setup ... -->`
///   comment (one JSON request a line) are sent first, and their replies must not be errors.
///   `<!-- replay: skip (REASON) -->` leaves a block out; a block without a `->` line must say
///   so, unless it shows only the hello.
/// * Each `->` line is sent as written: its JSON object (what follows it is an annotation), or,
///   when it is not an object (`[1,2]`, a cut-off `{"type":"ping"`), its bytes. A request with
///   an elision (`…`) or told in words (`(a frame of length 0)`) is not sent, and its reply lines
///   are not checked.
/// * After a request, the test reads until its reply (the first message that is not a `diff`)
///   and every `diff` documented after the request have arrived. Diffs that are not documented
///   are ignored (a transcript shows only the subscriptions it is about).
/// * Compared: `type` and `id` always; errors whole (`code`, `field`, `refused`, and the exact
///   `message`); `ack`, `pong` and `hello` whole; `state`, `snapshot` and `configuration` whole
///   but for the value, whose shape is compared (the same JSON kinds, the same members of
///   objects, the same lengths of arrays and of rows of cells), since a random world differs;
///   `status` by its members' names; diffs by `type` and `id`, and their patches only in a
///   block marked `<!-- replay: exact -->` (whose world the block or its setup makes), where
///   values are compared exactly too.
/// * Versions (`version` and `base`) are compared as differences: the first versioned message of
///   a block fixes the offset from the documented numbers, and every later one must keep it. In
///   a block marked `<!-- replay: timing -->` (a timer's ticks, a jump's progress come when they
///   come) versions are not compared, only the last diff documented after a request must
///   arrive, recognised by its subscription and its first operation, and the numbers in an
///   error's message are not compared (how far a jump has got).
/// * A `<-` line that is not a JSON object (`...diffs for version 3...`) stands for diffs that
///   are not checked; one whose JSON has elisions (`[ ...15 operations... ]`) is compared by the
///   top-level members that can be read (`type`, `id`, `base`, `version`, `code`, `message`).
///   `<-` lines before the first request are the `hello`.
///
/// `LIFE_TRANSCRIPT=LINE,...` replays only the blocks whose fences are on those lines, and
/// `LIFE_TRANSCRIPT_PRINT=1` prints what was sent and received, to copy into PROTOCOL.md.
final class ProtocolTranscriptTests: XCTestCase {
    func testEveryTranscriptInProtocolMDReplaysAgainstLifed() throws {
        let blocks = try Transcript.blocks(of: Transcript.protocolDocument())
        XCTAssertGreaterThan(blocks.count, 30, "PROTOCOL.md's transcripts were found")
        var replayedBlocks = 0, replayedLines = 0, skippedBlocks = 0, skippedLines = 0
        for block in blocks {
            // LIFE_TRANSCRIPT=LINE,... replays only the blocks whose fences are on those lines.
            if let only = ProcessInfo.processInfo.environment["LIFE_TRANSCRIPT"], !only.split(separator: ",").contains(Substring("\(block.line)")) {
                continue
            }
            if let reason = block.skip {
                XCTAssertFalse(reason.isEmpty, "PROTOCOL.md line \(block.line): a skip says why")
                skippedBlocks += 1
                skippedLines += block.lines.count
                continue
            }
            XCTAssertTrue(
                block.lines.contains { $0.isRequest } || block.lines.allSatisfy { $0.text.contains("\"hello\"") },
                "PROTOCOL.md line \(block.line): a transcript without requests needs <!-- replay: skip REASON -->")
            let counts: (replayed: Int, skipped: Int)
            do {
                counts = try replay(block)
            } catch {
                XCTFail("PROTOCOL.md line \(block.line): the replay stopped: \(error)")
                continue
            }
            replayedBlocks += 1
            replayedLines += counts.replayed
            skippedLines += counts.skipped
        }
        print("ProtocolTranscriptTests: \(replayedBlocks) blocks replayed (\(replayedLines) lines), \(skippedBlocks) blocks skipped; \(skippedLines) lines not checked")
    }

    /// Replays one block; returns how many lines were checked and how many were not.
    private func replay(_ block: Transcript.Block) throws -> (replayed: Int, skipped: Int) {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "1"] + block.lifedArguments)
        let client = try JSONClient(daemon.socketPath)
        if JSONClient.printing { print("== PROTOCOL.md line \(block.line)") }
        var versions = VersionOffset(compares: !block.timing)
        let place = "PROTOCOL.md line"
        guard let hello = try client.receive() else { XCTFail("\(place) \(block.line): no hello"); return (0, 0) }
        for (index, request) in block.setup.enumerated() {
            try client.send(request)
            let reply = try client.receiveReply()
            XCTAssertNotEqual(reply["type"], "error", "\(place) \(block.line): setup request \(index) refused: \(reply.text)")
        }
        var replayed = 0, skipped = 0
        var segments = block.segments[...]
        // Reply lines before any request: the hello.
        if let first = segments.first, first.request == nil {
            segments = segments.dropFirst()
            for line in first.replies {
                check(hello, against: line, block: block, versions: &versions)
                replayed += 1
            }
        }
        for segment in segments {
            guard let request = segment.request else { continue }
            // A request with an elision, or one told in words, is not sent.
            if request.text.contains("…") || request.text.hasPrefix("(") {
                skipped += 1 + segment.replies.count
                continue
            }
            if JSONClient.printing { print("-> " + request.text) }
            if let json = request.json {
                try client.send(json)
            } else {
                // Not a JSON object (`[1,2]`, a cut-off `{"type":"ping"`): sent as its bytes.
                try client.sendPayload(Array(request.text.utf8))
            }
            // The documented diffs still to come; in a timing block only the segment's last one
            // must come (a jump's progress, a timer's ticks come as often as they come).
            var diffs = segment.replies.filter { $0.isDiff }
            var required = block.timing ? diffs.suffix(1).count : diffs.count
            var reply: Transcript.Line? = segment.replies.first { !$0.isDiff && !$0.isUnchecked && $0.type != "bye" }
            var bye = segment.replies.first { $0.type == "bye" }
            while reply != nil || required > 0 || bye != nil {
                guard let message = try client.receive() else {
                    XCTAssertTrue(reply == nil && required == 0 && bye == nil, "\(place) \(request.number): lifed closed the connection before the documented replies")
                    break
                }
                if message["type"] == "diff" {
                    // The next documented diff for the same subscription (in a timing block, with
                    // the same first operation); others are not documented.
                    if let position = diffs.firstIndex(where: { $0.member("id") == message["id"] && (!block.timing || $0.sameOperations(as: message)) }) {
                        check(message, against: diffs[position], block: block, versions: &versions)
                        if block.timing {
                            if position == diffs.count - 1 { required = 0 }
                            diffs.removeSubrange(...position)
                        } else {
                            diffs.remove(at: position)
                            required -= 1
                        }
                    }
                } else if message["type"] == "bye", let line = bye {
                    check(message, against: line, block: block, versions: &versions)
                    bye = nil
                } else if let line = reply {
                    check(message, against: line, block: block, versions: &versions)
                    reply = nil
                } else {
                    XCTFail("\(place) \(request.number): an undocumented reply \(message.text)")
                    break
                }
            }
            replayed += 1 + segment.replies.count
        }
        client.close()
        return (replayed, skipped)
    }

    private func check(_ actual: JSON, against line: Transcript.Line, block: Transcript.Block, versions: inout VersionOffset) {
        let place = "PROTOCOL.md line \(line.number)"
        if line.isUnchecked { return }
        guard let expected = line.json else {
            // Elided: the top-level scalar members that can be read.
            for (key, value) in line.readableMembers {
                if key == "version" || key == "base" {
                    versions.check(actual[key], against: value, "\(place): \(key)")
                } else {
                    XCTAssertEqual(actual[key], value, "\(place): \(key) of \(actual.text)")
                }
            }
            return
        }
        XCTAssertEqual(actual["type"], expected["type"], "\(place): type of \(actual.text)")
        XCTAssertEqual(actual["id"], expected["id"], "\(place): id of \(actual.text)")
        guard case .object(var want) = expected, case .object(var got) = actual else {
            return XCTFail("\(place): not an object")
        }
        for key in ["version", "base"] where want[key] != nil || got[key] != nil {
            versions.check(got[key], against: want[key] ?? .null, "\(place): \(key)")
            want[key] = nil
            got[key] = nil
        }
        switch expected["type"]?.stringValue {
        case "status":
            XCTAssertEqual(Set(got.keys), Set(want.keys), "\(place): the members of status")
        case "state", "snapshot", "configuration":
            let member = expected["type"] == "configuration" ? "configuration" : "value"
            if block.exact {
                XCTAssertEqual(got[member], want[member], "\(place): \(member)")
            } else {
                shape(got[member] ?? .null, want[member] ?? .null, "\(place): \(member)")
            }
            want[member] = nil
            got[member] = nil
            XCTAssertEqual(JSON.object(got), JSON.object(want), "\(place)")
        case "diff":
            if !block.exact {
                want["patch"] = nil
                got["patch"] = nil
            }
            XCTAssertEqual(JSON.object(got), JSON.object(want), "\(place)")
        default:
            // How far a jump has got, in a refusal's message, depends on timing.
            if block.timing, let message = got["message"]?.stringValue, let documented = want["message"]?.stringValue {
                got["message"] = .string(Self.numbersHidden(message))
                want["message"] = .string(Self.numbersHidden(documented))
            }
            XCTAssertEqual(JSON.object(got), JSON.object(want), "\(place)")
        }
    }

    /// The text with every run of digits as `N`.
    static func numbersHidden(_ text: String) -> String {
        var result = ""
        for character in text where !(character.isASCII && character.isNumber && result.hasSuffix("N")) {
            result.append(character.isASCII && character.isNumber ? "N" : character)
        }
        return result
    }

    /// The same JSON kinds, the same members, the same lengths: what a random world does not change.
    private func shape(_ actual: JSON, _ expected: JSON, _ place: String) {
        switch (actual, expected) {
        case (.object(let got), .object(let want)):
            XCTAssertEqual(Set(got.keys), Set(want.keys), "\(place): members")
            for (key, value) in want { if let other = got[key] { shape(other, value, "\(place)/\(key)") } }
        case (.array(let got), .array(let want)):
            XCTAssertEqual(got.count, want.count, "\(place): length")
            for (other, value) in zip(got, want) { shape(other, value, place) }
        case (.string(let got), .string(let want)):
            // Rows of cells keep their length; other strings are the world's.
            if want.allSatisfy({ ".O+x".contains($0) }) { XCTAssertEqual(got.count, want.count, "\(place): a row's length") }
        case (.int, .int), (.double, .double), (.int, .double), (.double, .int), (.bool, .bool), (.null, .null):
            break
        default:
            // null against a value is the world's (a period, a live box): not a shape.
            if actual != .null && expected != .null { XCTFail("\(place): \(actual.text) is not shaped as \(expected.text)") }
        }
    }
}

/// The offset between the documented versions and the replayed ones, fixed by the first.
private struct VersionOffset {
    let compares: Bool
    var offset: Int?

    mutating func check(_ actual: JSON?, against expected: JSON, _ place: String) {
        guard compares else { return }
        guard let got = actual?.intValue, let want = expected.intValue else {
            return XCTAssertEqual(actual, expected, place)
        }
        guard let offset else { offset = got - want; return }
        XCTAssertEqual(got - want, offset, "\(place): documented \(want), lifed sent \(got) with the block's offset \(offset)")
    }
}

// MARK: - PROTOCOL.md's transcripts

enum Transcript {
    struct Line {
        let number: Int
        let isRequest: Bool
        /// The text after `-> ` or `<- `.
        let text: String
        /// The line's JSON object, nil when there is none or it has elisions.
        let json: JSON?

        var type: String? { member("type")?.stringValue }
        var isDiff: Bool { !isRequest && type == "diff" }
        /// A reply line that is not a JSON object at all: diffs that are not checked.
        var isUnchecked: Bool { !isRequest && !text.contains("{") }

        /// Whether a diff starts with the documented operation (its `op` and `path`), when it can be read.
        func sameOperations(as diff: JSON) -> Bool {
            guard let first = json?["patch"]?.arrayValue?.first, let other = diff["patch"]?.arrayValue?.first else { return true }
            return first["op"] == other["op"] && first["path"] == other["path"]
        }

        func member(_ key: String) -> JSON? { json?[key] ?? readableMembers.first { $0.0 == key }?.1 }

        /// The top-level scalar members of the object, read even when it has elisions.
        var readableMembers: [(String, JSON)] {
            guard let start = text.firstIndex(of: "{") else { return [] }
            var members: [(String, JSON)] = []
            var depth = 0, index = start
            var key: String?
            while index < text.endIndex {
                let character = text[index]
                if character == "\"" {
                    let (string, end) = Transcript.string(in: text, at: index)
                    if depth == 1 {
                        if key == nil, text[end...].hasPrefix(":") {
                            key = string
                        } else if let name = key {
                            members.append((name, .string(string)))
                            key = nil
                        }
                    }
                    index = end
                    continue
                }
                switch character {
                case "{", "[": depth += 1; if depth == 2 { key = nil }
                case "}", "]": depth -= 1
                case ",": if depth == 1 { key = nil }
                default:
                    if depth == 1, let name = key, character == "-" || character.isNumber || character == "n" || character == "t" || character == "f" {
                        let rest = text[index...].prefix { !",}] ".contains($0) }
                        if let value = try? JSON(parsing: String(rest)) { members.append((name, value)) }
                        key = nil
                        index = rest.endIndex
                        continue
                    }
                }
                if depth == 0 { break }
                index = text.index(after: index)
            }
            return members
        }
    }

    struct Segment {
        var request: Line?
        var replies: [Line] = []
    }

    struct Block {
        let line: Int
        var lines: [Line] = []
        var skip: String?
        var exact = false
        var timing = false
        var lifedArguments: [String] = []
        var setup: [JSON] = []

        var segments: [Segment] {
            var result: [Segment] = []
            for line in lines {
                if line.isRequest || result.isEmpty { result.append(Segment(request: line.isRequest ? line : nil)) }
                if !line.isRequest { result[result.count - 1].replies.append(line) }
            }
            return result
        }
    }

    static func protocolDocument() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("PROTOCOL.md"), encoding: .utf8)
    }

    /// Every fenced block with `->` or `<-` lines, with the `<!-- replay: ... -->` comments just above it.
    static func blocks(of document: String) throws -> [Block] {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var current: Block?
        var directives: [String] = []
        var index = 0
        while index < lines.count {
            let text = lines[index]
            let number = index + 1
            if text.hasPrefix("```") {
                if let block = current {
                    if !block.lines.isEmpty { blocks.append(block) }
                    current = nil
                } else {
                    var block = Block(line: number)
                    try apply(directives, to: &block, at: number)
                    current = block
                }
                directives = []
            } else if current != nil {
                if text.hasPrefix("-> ") || text.hasPrefix("<- ") {
                    let body = String(text.dropFirst(3))
                    current!.lines.append(Line(number: number, isRequest: text.hasPrefix("->"), text: body, json: object(in: body)))
                }
            } else if text.hasPrefix("<!-- replay:") {
                // A comment may go on over several lines, up to its -->.
                var comment = text
                while !comment.contains("-->") && index + 1 < lines.count {
                    index += 1
                    comment += "\n" + lines[index]
                }
                directives.append(comment)
            } else if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                directives = []
            }
            index += 1
        }
        return blocks
    }

    private static func apply(_ comments: [String], to block: inout Block, at line: Int) throws {
        for comment in comments {
            var body = comment.dropFirst("<!-- replay:".count)
            if let end = body.range(of: "-->") { body = body[..<end.lowerBound] }
            let words = body.trimmingCharacters(in: .whitespacesAndNewlines)
            let (verb, rest) = words.firstIndex(where: \.isWhitespace).map { (String(words[..<$0]), words[$0...].trimmingCharacters(in: .whitespacesAndNewlines)) } ?? (words, "")
            switch verb {
            case "skip": block.skip = rest
            case "exact": block.exact = true
            case "timing": block.timing = true
            case "lifed": block.lifedArguments += rest.split(separator: " ").map(String.init)
            case "setup":
                for request in rest.split(separator: "\n") where !request.trimmingCharacters(in: .whitespaces).isEmpty {
                    guard let json = object(in: String(request)) else { throw Failure.badDirective(line, String(request)) }
                    block.setup.append(json)
                }
            default: throw Failure.badDirective(line, comment)
            }
        }
    }

    enum Failure: Error { case badDirective(Int, String) }

    /// The JSON object at the start of `text` (after anything before its `{`), or nil.
    static func object(in text: String) -> JSON? {
        guard let start = text.firstIndex(of: "{") else { return nil }
        var depth = 0, index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                index = string(in: text, at: index).end
                continue
            }
            if character == "{" || character == "[" { depth += 1 }
            if character == "}" || character == "]" {
                depth -= 1
                if depth == 0 { return try? JSON(parsing: String(text[start...index])) }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The JSON string starting at the quote at `start`, and the index after its closing quote.
    static func string(in text: String, at start: String.Index) -> (String, end: String.Index) {
        var index = text.index(after: start)
        while index < text.endIndex, text[index] != "\"" {
            if text[index] == "\\" { index = text.index(after: index) }
            if index < text.endIndex { index = text.index(after: index) }
        }
        let end = index < text.endIndex ? text.index(after: index) : index
        let literal = String(text[start..<end])
        let value = (try? JSON(parsing: literal))?.stringValue ?? literal
        return (value, end)
    }
}

// MARK: - A client of raw JSON messages

/// A client that sends JSON objects as written and reads each message as JSON, with every member.
private final class JSONClient {
    let fd: Int32
    private var decoder = FrameDecoder(maxFrameSize: 256 << 20)
    private var closed = false
    static let printing = ProcessInfo.processInfo.environment["LIFE_TRANSCRIPT_PRINT"] != nil

    init(_ path: String) throws {
        fd = try UnixSocket.connect(to: path)
        // A safety net on a loaded machine, not a delay: every read waits for a message or a close.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    func close() {
        if !closed { Glibc.close(fd) }
        closed = true
    }

    func send(_ json: JSON) throws { try sendPayload(json.encoded()) }

    func sendPayload(_ payload: [UInt8]) throws {
        let bytes = Frame.encode(payload)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw RawClient.Failure.system("send: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// The next message that is not a diff.
    func receiveReply() throws -> JSON {
        while let message = try receive() {
            if message["type"] != "diff" { return message }
        }
        throw RawClient.Failure.closed
    }

    /// The next message, or nil when lifed closed the connection.
    func receive() throws -> JSON? {
        while true {
            if let payload = try decoder.next() {
                // LIFE_TRANSCRIPT_PRINT=1 prints what lifed sent, to copy into PROTOCOL.md.
                if Self.printing { print("<- " + String(decoding: payload, as: UTF8.self)) }
                return try JSON(parsing: payload)
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                decoder.append(buffer[0..<count])
            } else if count == 0 || errno == ECONNRESET {
                return nil
            } else if errno != EINTR {
                throw errno == EAGAIN ? RawClient.Failure.timedOut : RawClient.Failure.system("recv: \(String(cString: strerror(errno)))")
            }
        }
    }
}
