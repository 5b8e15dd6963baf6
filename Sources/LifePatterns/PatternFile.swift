import LifeGrid

/// A pattern file's bytes read as `lifectl load` reads them: gzip is decompressed whatever the
/// file's name (by its magic number, 1f 8b), files of formats lifed cannot read are named as
/// such, and the text is read in the format given, or the one ``PatternFormat/detect(fileName:text:)``
/// finds (content first, extension second).
public enum PatternFile {
    /// The largest pattern file lifed's clients read, and the most a gzip file may
    /// decompress to: 64 MiB. The largest pattern in the densest format, plaintext of a whole
    /// 4096 x 4096 grid, is 16 MiB; a random 4096 x 4096 soup in RLE about 12 MiB.
    public static let maxBytes = 64 << 20

    /// Reads the pattern in the file `bytes` (named `fileName`, if known) in `format`, or in
    /// the format found from its content and name when `format` is nil.
    public static func read(_ bytes: [UInt8], fileName: String?, format: PatternFormat?) throws(PatternFileError) -> Pattern {
        var bytes = bytes
        var name = fileName
        guard bytes.count <= maxBytes else { throw .tooLarge(bytes.count) }
        if Gzip.isGzip(bytes) {
            do {
                bytes = try Gzip.decompress(bytes, limit: maxBytes)
            } catch {
                throw .compressed(error)
            }
            if let fileName, fileName.lowercased().hasSuffix(".gz") { name = String(fileName.dropLast(3)) }
        }
        if let unsupported = unsupportedFormat(bytes, fileName: format == nil ? name : nil) {
            throw .unsupported(unsupported)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        do {
            return try (format ?? PatternFormat.detect(fileName: name, text: text)).read(text)
        } catch {
            throw .parse(error)
        }
    }

    /// The file name's extension, lower-cased, after a `.gz` is taken off (`GUN.RLE.gz`
    /// gives `rle`); empty when there is none.
    public static func fileExtension(_ fileName: String) -> String {
        var base = Substring(fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if base.lowercased().hasSuffix(".gz") { base = base.dropLast(3) }
        guard let dot = base.lastIndex(of: ".") else { return "" }
        return base[base.index(after: dot)...].lowercased()
    }

    /// What the file is when it is something lifed cannot read, such as "an MCell file", as a
    /// whole message ("an MCell file: not supported; …"); nil when it may be a pattern file.
    ///
    /// By content: a zip archive (`PK\u{3}\u{4}`), gzip inside gzip, a
    /// Golly rule file (`@RULE`, `@TABLE`, `@TREE`, …), a script (`#!`, a Lua comment `--`,
    /// `local`, or a line `import golly` / `from golly`). Then, when `fileName` is given and the
    /// content announces no format lifed reads, by its extension: `.zip`, `.lua`,
    /// `.py`, `.pl`, `.rule`, `.table`, `.tree`, `.colors`, `.icons`.
    public static func unsupportedFormat(_ bytes: [UInt8], fileName: String?) -> String? {
        if let found = unsupportedContent(bytes) { return found + ": not supported; " + readable }
        guard let fileName, announcedFormat(bytes) == nil else { return nil }
        let what: String
        switch fileExtension(fileName) {
        case "zip": what = "a zip archive (unzip it and load one of its pattern files)"
        case "lua": what = "a Lua script (Golly runs it; lifed reads patterns)"
        case "py": what = "a Python script (Golly runs it; lifed reads patterns)"
        case "pl": what = "a Perl script (Golly runs it; lifed reads patterns)"
        case "rule", "table", "tree", "colors", "icons":
            what = "a Golly rule file (\(Rule.familiesRun), named in the pattern file as B3/S23 and the like)"
        default: return nil
        }
        return what + ": not supported; " + readable
    }

    /// The formats lifed reads, for messages.
    static let readable = "lifed reads RLE (.rle), macrocell (.mc), plaintext (.cells), Life 1.05 and 1.06 (.lif), MCell (.mcl), JSON, and these gzipped"

    private static func announcedFormat(_ bytes: [UInt8]) -> PatternFormat? {
        PatternFormat.announced(by: String(decoding: bytes.prefix(64), as: UTF8.self))
    }

    /// What the content shows the file to be, when it is a kind lifed cannot read.
    private static func unsupportedContent(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x50, 0x4B, 3, 4]) || bytes.starts(with: [0x50, 0x4B, 5, 6]) || bytes.starts(with: [0x50, 0x4B, 7, 8]) {
            return "a zip archive (unzip it and load one of its pattern files)"
        }
        if Gzip.isGzip(bytes) { return "a gzip file inside a gzip file" }
        // The first lines that are not blank, without leading spaces.
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        let scanned = min(bytes.count, 4096)
        while start < scanned && lines.count < 64 {
            var end = start
            while end < scanned && bytes[end] != 0x0A { end += 1 }
            var first = start
            while first < end && (bytes[first] == 0x20 || bytes[first] == 0x09 || bytes[first] == 0x0D) { first += 1 }
            if first < end { lines.append(bytes[first..<end]) }
            start = end + 1
        }
        guard let first = lines.first else { return nil }
        func starts(_ line: ArraySlice<UInt8>, _ prefix: String) -> Bool { line.starts(with: prefix.utf8) }
        for marker in ["@RULE", "@TABLE", "@TREE", "@COLORS", "@ICONS", "@NAMES"] where starts(first, marker) {
            return "a Golly rule file (\(marker); \(Rule.familiesRun), named in the pattern file as B3/S23 and the like)"
        }
        if starts(first, "#!") { return "a script (it starts with '#!'; lifed reads patterns)" }
        if starts(first, "--") || starts(first, "local ") { return "a Lua script (Golly runs it; lifed reads patterns)" }
        if starts(first, "import ") || starts(first, "from ")
            || lines.contains(where: { starts($0, "import golly") || starts($0, "from golly") })
        {
            return "a Python script (Golly runs it; lifed reads patterns)"
        }
        return nil
    }
}

/// Why a pattern file could not be read.
public enum PatternFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file of a kind lifed cannot read; the message names it ("an MCell file: not supported; …").
    case unsupported(String)
    /// gzip data that does not decompress (damaged, truncated, or more than ``PatternFile/maxBytes``).
    case compressed(DecompressionError)
    /// Bytes that are not UTF-8 text.
    case notText
    /// A file over ``PatternFile/maxBytes``.
    case tooLarge(Int)
    /// Text that does not read in its format.
    case parse(PatternParseError)

    public var description: String {
        switch self {
        case .unsupported(let message): return message
        case .compressed(let error): return "gzip: \(error)"
        case .notText: return "not UTF-8 text, nor gzip: not a pattern file lifed reads"
        case .tooLarge(let count): return "the file is \(count) bytes; lifed reads pattern files of at most \(PatternFile.maxBytes)"
        case .parse(let error): return error.description
        }
    }
}
