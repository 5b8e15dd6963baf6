/// A compiled terminfo entry, read from its bytes: what lifewatch needs of the terminal's
/// description, the number of colours it has (`colors`).
///
/// Two formats are read (see term(5)): the legacy one, magic 0432 (octal), whose numbers are
/// 16-bit, and the extended-number one of ncurses 6.1, magic 01036, whose numbers are 32-bit.
/// Both start with six little-endian 16-bit counts: the magic, the names' size, the booleans',
/// the numbers', the strings' and the string table's. The names (`xterm|xterm terminal
/// emulator`, NUL-ended) follow, then a byte a boolean, a pad byte when that ends at an odd
/// offset, then the numbers, in the standard order, -1 for absent and -2 for cancelled.
public struct Terminfo: Hashable, Sendable {
    /// The entry's names: its own first (`xterm-256color`), its description last.
    public var names: [String]
    /// The numeric capabilities in the standard order; nil where absent or cancelled.
    public var numbers: [Int?]

    /// The index of `colors` among the standard numeric capabilities (`cols`, `it`, `lines`,
    /// `lm`, `xmc`, `pb`, `vt`, `wsl`, `nlab`, `lh`, `lw`, `ma`, `wnum`, `colors`).
    static let colorsIndex = 13

    /// The magic number of the legacy format (16-bit numbers).
    static let legacyMagic = 0o432
    /// The magic number of the extended-number format (32-bit numbers).
    static let extendedNumberMagic = 0o1036

    /// The number of colours the terminal has (`colors`); nil when the entry does not say.
    public var colors: Int? {
        numbers.count > Self.colorsIndex ? numbers[Self.colorsIndex] : nil
    }

    /// An entry with these parts (for tests).
    public init(names: [String], numbers: [Int?]) {
        self.names = names
        self.numbers = numbers
    }

    /// Reads a compiled entry; nil when `bytes` are not one (another magic, counts that do not
    /// fit the bytes, negative sizes).
    public init?(bytes: [UInt8]) {
        func short(_ offset: Int) -> Int? {
            guard offset + 2 <= bytes.count else { return nil }
            return Int(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
        }
        func long(_ offset: Int) -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
            return Int(Int32(bitPattern: value))
        }
        guard let magic = short(0), magic == Self.legacyMagic || magic == Self.extendedNumberMagic,
            let namesSize = short(2), let booleanCount = short(4), let numberCount = short(6),
            namesSize >= 0, booleanCount >= 0, numberCount >= 0
        else { return nil }
        let width = magic == Self.extendedNumberMagic ? 4 : 2
        let namesStart = 12
        guard namesStart + namesSize <= bytes.count else { return nil }
        let nameBytes = bytes[namesStart..<(namesStart + namesSize)].prefix { $0 != 0 }
        names = String(decoding: nameBytes, as: UTF8.self).split(separator: "|").map(String.init)
        var offset = namesStart + namesSize + booleanCount
        // The numbers start at an even offset.
        if offset % 2 == 1 { offset += 1 }
        guard offset + numberCount * width <= bytes.count else { return nil }
        numbers = (0..<numberCount).map { index in
            let value = width == 4 ? long(offset + index * 4) : short(offset + index * 2)
            return value.flatMap { $0 >= 0 ? $0 : nil }
        }
    }

    /// The files that may hold `term`'s entry, in the order ncurses searches them: `$TERMINFO`,
    /// `~/.terminfo`, each folder of `$TERMINFO_DIRS` (an empty one stands for the system's),
    /// then /etc/terminfo, /lib/terminfo and /usr/share/terminfo; in each, under the name's
    /// first letter (`x/xterm`) and under its code in hex (`78/xterm`, as on macOS). None for a
    /// name that could leave the folder (a `/`, a leading `.`) or is empty.
    public static func candidatePaths(term: String, environment: [String: String]) -> [String] {
        guard let first = term.unicodeScalars.first, !term.contains("/"), first != ".", term.utf8.count <= 255 else { return [] }
        let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
        var folders: [String] = []
        if let folder = environment["TERMINFO"], !folder.isEmpty { folders.append(folder) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] {
            for folder in list.split(separator: ":", omittingEmptySubsequences: false) {
                folders += folder.isEmpty ? system : [String(folder)]
            }
        }
        folders += system
        var seen: Set<String> = []
        let letter = String(first)
        let hex = String(first.value, radix: 16)
        return folders.filter { seen.insert($0).inserted }.flatMap { ["\($0)/\(letter)/\(term)", "\($0)/\(hex)/\(term)"] }
    }
}
