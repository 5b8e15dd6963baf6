import LifeGrid

// Reading and writing pattern files: RLE, macrocell, plaintext (.cells), Life 1.05 and 1.06 and
// the course's JSON, one file per format (RLEFormat.swift, MacrocellFormat.swift,
// PlaintextFormat.swift, Life105Format.swift, Life106Format.swift, JSONPatternFormat.swift), with
// the shared SourceText. PatternFile.swift reads a file's bytes: gzip, and the formats lifed
// cannot read.

/// The pattern file formats lifed reads and writes.
///
/// Every reader is total: any text gives a ``Pattern`` within the limits
/// (``Pattern/maxSide`` per side, ``Pattern/maxLiveCells`` live cells, every cell
/// inside `rows` x `cols`) or a ``PatternParseError``. Sizes are checked before
/// anything is allocated, so a file that merely declares a huge pattern fails at once.
/// Invalid UTF-8 is the caller's concern: decoding bytes into a `String` replaces it
/// with U+FFFD, which no reader accepts as a cell.
///
/// - ``rle``: Golly / LifeWiki run-length encoding. Before the header, `#N` gives the
///   name, `#C` and `#c` comments, `#r` a rule (the header's `rule =` wins), and Golly's
///   `#CXRLE Pos=x,y Gen=n` the position and generation; other `#` lines (`#O`, `#P`,
///   `#R`, …) are ignored. The header is `x = C, y = R` with an
///   optional `rule = …` in B/S or S/B notation and an optional Golly suffix `:Tw,h`
///   (torus) or `:Pw,h` (bounded plane), `w` columns by `h` rows, which must hold the
///   pattern; other suffixes, twists, shifts and infinite sides are refused. The body
///   is runs of `b`/`.` (dead), `o`/`A` (alive) and `$` (end of row), optionally
///   preceded by a count, with whitespace allowed between runs; it must end with `!`
///   (a truncated file is an error, not a partial pattern), and anything after the
///   `!` is ignored. Cells beyond the header's `x` or `y` are errors, as are the other
///   letters of multi-state RLE.
/// - ``macrocell``: Golly's `[M2]` quadtree (see ``MacrocellFormat``): `#R` rule (with a
///   `:T`/`:P` suffix), `#G` generation, leaves of 8 x 8 cells and nodes `level nw ne sw se`.
///   The pattern is its live cells' bounding box, which must fit ``Pattern/maxSide``.
/// - ``plaintext``: `.cells`. Lines starting with `!` are comments (`!Name: …` names the
///   pattern); other lines are rows of `.` (dead) and `O` or `*` (alive). Rows may be
///   ragged (short rows are padded with dead cells) and may carry trailing spaces; an
///   empty line is an empty row, except before the first and after the last row.
/// - ``life105``: `#Life 1.05`, then blocks of rows of `.` and `*`, each after a `#P x y`
///   line giving its top-left cell (column, row). `#D` lines are comments (`#D Name: …`
///   names the pattern), `#N` means Conway's Life, `#R` gives a rule in survival/birth order
///   (`23/3`). The cells are moved so that their bounding box starts at (0, 0).
/// - ``life106``: `#Life 1.06`, then one `x y` pair (column, row; negative allowed) per
///   line. The cells are moved so that their bounding box starts at (0, 0). `#D` lines
///   are comments (`#D Name: …` names the pattern), `#R` gives a rule; other `#` lines
///   are ignored.
/// - ``mcell``: MCell's `#MCell` files (see ``MCellFormat``): `#GAME` (Life, Generations or
///   Larger than Life), `#RULE`, `#BOARD WxH` and `#WRAP` (the world), `#D` lines, and `#L` lines
///   of cells in MCell's run-length letters, placed on the board as Golly places them.
/// - ``json``: the course's array of `{"title": …, "contents": [[row, col], …]}` (or
///   `{"title": …, "rle": …}`, see ``Configuration``); reading gives the first configuration
///   (a single object is accepted too). Its rows and columns are those of the furthest live
///   cell; an `rle` entry keeps its rule.
public enum PatternFormat: String, CaseIterable, Sendable {
    /// Golly / LifeWiki run-length encoding (`.rle`).
    case rle
    /// Golly's macrocell quadtree (`.mc`).
    case macrocell = "mc"
    /// Plaintext, one character per cell (`.cells`).
    case plaintext
    /// Life 1.05, blocks of `.` and `*` rows (`.lif`, `.life` with the header `#Life 1.05`).
    case life105
    /// Life 1.06, one `x y` pair per live cell (`.lif`, `.life`).
    case life106
    /// The course's JSON list of `{"title", "contents"}` configurations (`.json`).
    case json
    /// Mirek Wojtowicz's MCell (`.mcl`, header `#MCell`).
    case mcell = "mcl"

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .rle: return "rle"
        case .macrocell: return "mc"
        case .plaintext: return "cells"
        case .life105, .life106: return "lif"
        case .json: return "json"
        case .mcell: return "mcl"
        }
    }

    /// The format a file's first line announces: `[M2]` (macrocell), `#Life 1.05` or
    /// `#Life 1.06` (any case), `#MCell`; nil when it announces none.
    public static func announced(by text: String) -> PatternFormat? {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !SourceText.isSpace($0) && $0 != 0x0A }) else { return nil }
        let head = Array(bytes[first...].prefix(10))
        if head.starts(with: Array("[M2]".utf8)) { return .macrocell }
        if head.starts(with: Array(MCellFormat.header.utf8)) { return .mcell }
        let lowered = head.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        if lowered == Array("#life 1.05".utf8) { return .life105 }
        if lowered == Array("#life 1.06".utf8) { return .life106 }
        return nil
    }

    /// The format of a file: the one its first line announces (``announced(by:)``); else
    /// by its name's extension (`.rle`, `.mc`, `.cells`, `.lif` or `.life`, `.json`, `.mcl`, any
    /// case, after a `.gz` is taken off) when it has a known one; else by its content
    /// (`[` or `{`: JSON; `#Life`: Life 1.06; `!`, `.`, `O` or `*`: plaintext; a digit or
    /// `-`: Life 1.06; else RLE).
    public static func detect(fileName: String?, text: String) -> PatternFormat {
        if let announced = announced(by: text) { return announced }
        if let fileName, let format = byExtension(fileName) { return format }
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !SourceText.isSpace($0) && $0 != 0x0A }) else { return .rle }
        switch bytes[first] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return .json
        case UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: "O"), UInt8(ascii: "*"):
            return .plaintext
        case UInt8(ascii: "#"):
            let prefix = Array(bytes[first...].prefix(5)).map { $0 | 0x20 }
            return prefix == Array("#life".utf8) ? .life106 : .rle
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .life106
        default:
            return .rle
        }
    }

    /// The format a file name's extension names (a `.gz` at the end is taken off first), or nil.
    public static func byExtension(_ fileName: String) -> PatternFormat? {
        switch PatternFile.fileExtension(fileName) {
        case "rle": return .rle
        case "mc": return .macrocell
        case "cells": return .plaintext
        case "lif", "life": return .life106
        case "json": return .json
        case "mcl": return .mcell
        default: return nil
        }
    }

    /// Reads a pattern in `format`, or in the format ``detect(fileName:text:)`` finds
    /// when `format` is nil.
    public static func read(_ text: String, format: PatternFormat?) throws(PatternParseError) -> Pattern {
        try (format ?? detect(fileName: nil, text: text)).read(text)
    }

    /// Reads a pattern in this format.
    public func read(_ text: String) throws(PatternParseError) -> Pattern {
        switch self {
        case .rle: return try RLEFormat.read(text)
        case .macrocell: return try MacrocellFormat.read(text)
        case .plaintext: return try PlaintextFormat.read(text)
        case .life105: return try Life105Format.read(text)
        case .life106: return try Life106Format.read(text)
        case .json: return try JSONPatternFormat.read(text)
        case .mcell: return try MCellFormat.read(text)
        }
    }

    /// The pattern as a file in this format, ending with a newline.
    ///
    /// Only live cells inside `rows` x `cols` are written. What a format cannot say
    /// is left out: plaintext has no rule, JSON neither rule nor comments, and only RLE and
    /// macrocell record the topology (as a `:T` or `:P` suffix, sized by ``Pattern/worldSize``
    /// or else by the pattern itself) and the position and generation (RLE as Golly's
    /// `#CXRLE` line). RLE and macrocell always name a rule (Conway's when the pattern has
    /// none). Plaintext writes every cell, so it stops at ``Pattern/maxSide`` rows and
    /// columns; Life 1.05 writes one `#P` block of the whole rectangle.
    public func write(_ pattern: Pattern) -> String {
        switch self {
        case .rle: return RLEFormat.write(pattern)
        case .macrocell: return MacrocellFormat.write(pattern)
        case .plaintext: return PlaintextFormat.write(pattern)
        case .life105: return Life105Format.write(pattern)
        case .life106: return Life106Format.write(pattern)
        case .json: return JSONPatternFormat.write(pattern)
        case .mcell: return MCellFormat.write(pattern)
        }
    }
}
