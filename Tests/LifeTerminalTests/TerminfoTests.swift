import Foundation
import LifeTerminal
import XCTest

/// Reading compiled terminfo entries (both formats) and where they are looked for.
final class TerminfoTests: XCTestCase {
    /// A compiled entry: the header, the names, `booleans` flags, the numbers (nil: absent,
    /// written as -1) 16 or 32 bits wide, no strings.
    static func compiled(names: String, booleans: Int = 0, numbers: [Int?], extendedNumbers: Bool = false) -> [UInt8] {
        func short(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
        func long(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let nameBytes = Array(names.utf8) + [0]
        var bytes = short(extendedNumbers ? 0o1036 : 0o432) + short(nameBytes.count) + short(booleans) + short(numbers.count) + short(0) + short(0)
        bytes += nameBytes + [UInt8](repeating: 1, count: booleans)
        if bytes.count % 2 == 1 { bytes.append(0) }
        for number in numbers { bytes += extendedNumbers ? long(number ?? -1) : short(number ?? -1) }
        return bytes
    }

    /// The standard numbers up to `colors` (index 13): 80 columns, 8-space tabs, 24 lines, then `colors`.
    static func numbers(colors: Int?) -> [Int?] {
        [80, 8, 24, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, colors, colors.map { $0 * $0 }]
    }

    func testTheLegacyFormatSaysHowManyColours() throws {
        let entry = try XCTUnwrap(Terminfo(bytes: Self.compiled(names: "xterm|xterm terminal emulator", numbers: Self.numbers(colors: 8))))
        XCTAssertEqual(entry.names, ["xterm", "xterm terminal emulator"])
        XCTAssertEqual(entry.colors, 8)
        XCTAssertEqual(entry.numbers.prefix(3), [80, 8, 24])
        // An odd end of the names and booleans is padded before the numbers.
        let padded = Self.compiled(names: "xterm-16color", booleans: 3, numbers: Self.numbers(colors: 16))
        XCTAssertEqual((12 + 14 + 3) % 2, 1)
        XCTAssertEqual(Terminfo(bytes: padded)?.colors, 16)
    }

    func testTheExtendedNumberFormatReadsThirtyTwoBitNumbers() {
        let direct = Self.compiled(names: "xterm-direct", numbers: Self.numbers(colors: 0x100_0000).dropLast() + [0x1_0000], extendedNumbers: true)
        XCTAssertEqual(Terminfo(bytes: direct)?.colors, 16_777_216)
        let palette = Self.compiled(names: "xterm-256color", numbers: Self.numbers(colors: 256), extendedNumbers: true)
        XCTAssertEqual(Terminfo(bytes: palette)?.colors, 256)
    }

    func testAnEntryWithoutColoursOrNotAnEntryAtAll() {
        // vt100 has no colors (absent: -1); an entry with fewer numbers does not reach it.
        XCTAssertNil(Terminfo(bytes: Self.compiled(names: "vt100", numbers: Self.numbers(colors: nil)))?.colors)
        XCTAssertNotNil(Terminfo(bytes: Self.compiled(names: "vt100", numbers: Self.numbers(colors: nil))))
        XCTAssertNil(Terminfo(bytes: Self.compiled(names: "short", numbers: [80, 8, 24]))?.colors)
        // Another magic, bytes cut short, a negative size: not an entry.
        var wrong = Self.compiled(names: "x", numbers: Self.numbers(colors: 8))
        wrong[0] = 0x1B
        XCTAssertNil(Terminfo(bytes: wrong))
        let whole = Self.compiled(names: "xterm", numbers: Self.numbers(colors: 8))
        XCTAssertNil(Terminfo(bytes: Array(whole.dropLast(3))))
        XCTAssertNil(Terminfo(bytes: Array(whole.prefix(5))))
        XCTAssertNil(Terminfo(bytes: []))
        var negative = whole
        negative[6] = 0xFF
        negative[7] = 0xFF
        XCTAssertNil(Terminfo(bytes: negative))
    }

    /// The machine's own entries, where it has them (`infocmp xterm` says colors#8).
    func testTheSystemsXtermEntries() throws {
        for (term, colors) in [("xterm", 8), ("xterm-256color", 256), ("linux", 8)] {
            let paths = Terminfo.candidatePaths(term: term, environment: [:])
            guard let path = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw XCTSkip("no terminfo entry for \(term) on this machine")
            }
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
            XCTAssertEqual(Terminfo(bytes: Array(bytes))?.colors, colors, path)
        }
    }

    func testWhereEntriesAreLookedFor() {
        let environment = ["TERMINFO": "/mine", "HOME": "/home/u", "TERMINFO_DIRS": "/a::/b"]
        XCTAssertEqual(
            Terminfo.candidatePaths(term: "xterm", environment: environment),
            [
                "/mine/x/xterm", "/mine/78/xterm", "/home/u/.terminfo/x/xterm", "/home/u/.terminfo/78/xterm", "/a/x/xterm", "/a/78/xterm",
                "/etc/terminfo/x/xterm", "/etc/terminfo/78/xterm", "/lib/terminfo/x/xterm", "/lib/terminfo/78/xterm",
                "/usr/share/terminfo/x/xterm", "/usr/share/terminfo/78/xterm", "/b/x/xterm", "/b/78/xterm",
            ])
        XCTAssertEqual(
            Terminfo.candidatePaths(term: "linux", environment: [:]),
            ["/etc/terminfo/l/linux", "/etc/terminfo/6c/linux", "/lib/terminfo/l/linux", "/lib/terminfo/6c/linux",
             "/usr/share/terminfo/l/linux", "/usr/share/terminfo/6c/linux"])
        // A name that could leave the folder is looked for nowhere.
        for bad in ["", "../../etc/passwd", "x/../../y", ".hidden"] {
            XCTAssertEqual(Terminfo.candidatePaths(term: bad, environment: environment), [], bad)
        }
    }
}
