// libFuzzer harness for everything lifed does with bytes a client sends, before the store
// sees them: framing, the JSON parser, requests, actions (including an RLE in
// simulation.setGrid, and the edits, applied to small grids), and the pattern-file readers
// lifectl load uses.
//
// Compiled in ONE module with Sources/Protocol/*.swift and the targets under it (LifeJSON,
// LifeGrid, LifePatterns), their imports of each other taken out (so there is no
// `import Protocol`); fuzz/run.sh builds and runs it.
//
// The input is a byte stream as a client would send it. Besides "no crash, no hang", the
// harness checks properties whose failure is a bug (each traps with a message):
//   * the frames (and the framing error) do not depend on how the stream is split into reads;
//   * every JSON value the parser accepts encodes to text that parses back to an equal value;
//   * a request that parses round-trips through its wire form; so does a dispatched action.

/// The largest frame the fuzzed decoder accepts: small, so that both "too large" and
/// "complete" frames are common.
private let fuzzMaxFrame = 512

/// FNV-1a of the input: the seed for the chunk sizes, so a mutation of the input also
/// changes how it is split.
private func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash
}

private struct DecodeOutcome: Equatable {
    var frames: [[UInt8]] = []
    var failure: FrameError?
    var partial = false
}

/// Splits `bytes` into frames, feeding the decoder `chunk()` bytes at a time, and draining
/// it after every append (as the daemon does).
private func decode(_ bytes: UnsafeBufferPointer<UInt8>, maxFrame: Int, chunk: () -> Int) -> DecodeOutcome {
    var decoder = FrameDecoder(maxFrameSize: maxFrame)
    var outcome = DecodeOutcome()
    var offset = 0
    func drain() {
        while outcome.failure == nil {
            do {
                guard let frame = try decoder.next() else { return }
                precondition(!frame.isEmpty && frame.count <= maxFrame, "FrameDecoder returned a frame of \(frame.count) bytes (limit \(maxFrame))")
                outcome.frames.append(frame)
            } catch {
                outcome.failure = error
                // The error is sticky, and input after it is ignored.
                do {
                    _ = try decoder.next()
                    preconditionFailure("FrameDecoder forgot its error")
                } catch {
                    precondition(error == outcome.failure, "FrameDecoder changed its error")
                }
            }
        }
    }
    while offset < bytes.count {
        let n = min(max(1, chunk()), bytes.count - offset)
        // Alternate between the two append overloads.
        if n & 1 == 0 {
            decoder.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[offset..<(offset + n)]))
        } else {
            decoder.append(bytes[offset..<(offset + n)])
        }
        offset += n
        drain()
    }
    drain()
    if outcome.failure == nil { outcome.partial = decoder.hasPartialFrame }
    return outcome
}

/// The JSON parser on raw bytes: no crash; an accepted value round-trips through the encoder.
@discardableResult
private func checkJSON(_ bytes: some Collection<UInt8>) -> JSON? {
    guard let value = try? JSON(parsing: bytes) else { return nil }
    let text = value.encoded()
    let again: JSON
    do {
        again = try JSON(parsing: text)
    } catch {
        preconditionFailure("the encoder wrote JSON its parser refuses: \(error)\n\(String(decoding: text, as: UTF8.self))")
    }
    precondition(again == value, "JSON did not round-trip: \(String(decoding: text, as: UTF8.self))")
    precondition(again.encoded() == text, "JSON encoding is not canonical: \(String(decoding: text, as: UTF8.self))")
    return value
}

/// Everything lifed does with one frame's payload before the store.
private func checkFrame(_ payload: [UInt8]) {
    let json = checkJSON(payload)
    switch ClientRequest.parse(payload) {
    case .failure(let failure):
        // No id is echoed unless it is a number or a string.
        if let id = failure.id {
            switch id {
            case .int, .double, .string: break
            default: preconditionFailure("a failure echoes an id of the wrong type: \(id)")
            }
        }
        _ = failure.error.message
    case .success(let request):
        precondition(json != nil, "a request parsed from JSON the parser refuses")
        guard case .success(let again) = ClientRequest.parse(request.json), again == request else {
            preconditionFailure("a request did not round-trip: \(String(decoding: request.json.encoded(), as: UTF8.self))")
        }
        if case .dispatch(let actionJSON) = request.kind {
            if let action = try? AppAction(json: actionJSON) {
                let wire = action.json
                guard let reread = try? AppAction(json: wire) else {
                    preconditionFailure("an action's wire form is refused: \(String(decoding: wire.encoded(), as: UTF8.self))")
                }
                precondition(reread == action, "an action did not round-trip: \(String(decoding: wire.encoded(), as: UTF8.self))")
                if case .simulation(.grid(.edit(let edit))) = action { checkEdit(edit) }
            }
        }
    }
    // The same value as other things lifed and its clients read.
    if let json {
        if let message = try? ServerMessage(json: json) {
            precondition((try? ServerMessage(json: message.json)) == message, "a server message did not round-trip")
        }
        if let state = try? AppState(storageJSON: json) {
            precondition((try? AppState(storageJSON: state.storageJSON))?.storageJSON == state.storageJSON, "a state did not round-trip")
        }
        _ = try? Configuration.decodeList(json)
        if case .object(let members) = json, members["type"] != nil { _ = try? AppAction(json: json) }
        checkPatches(json)
    }
    checkPatterns(payload)
}

/// An edit a client sent, applied to small grids of both topologies whose sides cross a word
/// boundary or not: no crash; a refused edit leaves the grid exactly as it was; an accepted one
/// keeps its size.
private func checkEdit(_ edit: GridEdit) {
    for (rows, cols, topology) in [(5, 70, Topology.torus), (66, 3, Topology.bounded)] {
        var grid = Grid(rows: rows, cols: cols)
        for index in stride(from: 0, to: rows * cols, by: 7) { grid[index / cols, index % cols] = index % 3 == 0 ? .born : .alive }
        let before = grid
        do {
            try grid.apply(edit, topology: topology)
            precondition(grid.rows == rows && grid.cols == cols, "an edit changed the grid's size")
        } catch {
            precondition(grid == before, "a refused edit changed the grid: \(edit.typeName)")
        }
    }
}

/// JSON Patch, as subscriptions use it: the daemon's diff between two values, applied to the
/// first, gives the second; and applying any patch to any document fails cleanly or succeeds.
private func checkPatches(_ json: JSON) {
    switch json {
    case .array(let pair) where pair.count == 2:
        let patch = JSONDiff.patch(from: pair[0], to: pair[1])
        let rebuilt: JSON
        do {
            rebuilt = try pair[0].applying(patch)
        } catch {
            preconditionFailure("JSONDiff made a patch that does not apply: \(error)")
        }
        precondition(rebuilt == pair[1], "JSONDiff's patch does not rebuild the new value")
        precondition(patch.isEmpty == (pair[0] == pair[1]), "JSONDiff: an empty patch for different values, or the reverse")
        // The patch as the wire carries it reads back the same.
        precondition((try? PatchOperation.patch(from: PatchOperation.json(for: patch))) == patch, "a patch did not round-trip")
    case .object(let members):
        if let document = members["doc"], let patchJSON = members["patch"], let patch = try? PatchOperation.patch(from: patchJSON) {
            _ = try? document.applying(patch)
        }
        if let patch = try? PatchOperation.patch(from: json) { _ = patch }
    default:
        _ = try? PatchOperation.patch(from: json)
    }
}

/// Each pattern reader on the text, plus format detection.
private func checkPatterns(_ bytes: some Collection<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    for format in PatternFormat.allCases {
        if let pattern = try? format.read(text) {
            precondition(pattern.rows >= 0 && pattern.cols >= 0, "a pattern of negative size")
            precondition(pattern.rows <= Pattern.maxSide && pattern.cols <= Pattern.maxSide, "a pattern over the size limit")
            precondition(pattern.population <= Pattern.maxLiveCells, "a pattern with too many live cells")
            if let world = pattern.worldSize {
                // The readers refuse patterns that reach outside the world they name.
                let origin = pattern.originInWorld(rows: world.rows, cols: world.cols)
                precondition(
                    origin.row >= 0 && origin.col >= 0 && origin.row + pattern.rows <= world.rows && origin.col + pattern.cols <= world.cols,
                    "a pattern outside its world")
            }
        }
    }
    _ = try? PatternFormat.read(text, format: nil)
    // A file's bytes as lifectl load reads them (gzip by its magic number), and the decoders
    // alone, with a small output limit so that bombs end quickly.
    let array = Array(bytes)
    _ = try? PatternFile.read(array, fileName: nil, format: nil)
    if let output = try? Gzip.decompress(array, limit: 1 << 20) {
        precondition(output.count <= 1 << 20, "gzip passed its limit")
    }
    if let output = try? Inflate.decompress(array, limit: 1 << 20) {
        precondition(output.count <= 1 << 20, "inflate passed its limit")
    }
    if let pointer = try? JSONPointer(parsing: text) {
        precondition((try? JSONPointer(parsing: pointer.description)) == pointer, "a JSON pointer did not round-trip")
    }
    _ = try? Rule(parsing: text)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
    var random = SplitMix64(seed: fnv1a(bytes))  // Protocol's, compiled in with it
    // Chunks of 1 to 64 bytes, sometimes larger.
    let chunked = decode(bytes, maxFrame: fuzzMaxFrame) {
        let r = random.next()
        return r & 7 == 0 ? Int(r >> 8 & 0x3FF) + 1 : Int(r >> 8 & 0x3F) + 1
    }
    let whole = decode(bytes, maxFrame: fuzzMaxFrame) { Int.max }
    let byteByByte = decode(bytes, maxFrame: fuzzMaxFrame) { 1 }
    precondition(chunked == whole && whole == byteByByte, "framing depends on how the stream is split")
    for frame in whole.frames { checkFrame(frame) }
    // The whole input as one payload too, unframed: raw JSON seeds reach the parser and the
    // request reader directly, and the pattern readers see texts longer than a frame.
    if size <= 1 << 16 { checkFrame(Array(bytes)) }
    return 0
}
