/// Alan Hensel's notation for isotropic non-totalistic rules, as Golly reads and writes it: a
/// neighbour count followed by letters that name which arrangements of that many live
/// neighbours count (`2a`, `3-jr`); a count with no letters means every arrangement.
///
/// The arrangements of n neighbours (up to rotation and reflection) are named by the letters
/// `c e k a i n y q j r t w z`, as many as there are arrangements: 2 for 1 and 7 neighbours, 6 for
/// 2 and 6, 10 for 3 and 5, 13 for 4, none for 0 and 8. ``representatives`` draws one
/// arrangement per letter, written once; every other arrangement is a rotation or reflection of
/// one of them. The tests check all 256 arrangements against the letters Golly gives them.
package enum HenselNotation {
    /// The letters of each neighbour count, in the order Hensel's table lists them.
    package static let letters: [[UInt8]] = {
        let order = Array("cekainyqjrtwz".utf8)
        let counts = [0, 2, 6, 10, 13, 10, 6, 2, 0]
        return counts.map { Array(order.prefix($0)) }
    }()

    /// One arrangement per count and letter, as a 3 × 3 picture read row by row (`x` a live
    /// neighbour, `o` the cell itself, `.` a dead neighbour), from Golly's table of letters.
    static let representatives: [(count: Int, letter: Character, picture: String)] = [
        (1, "c", "....o...x"), (1, "e", "....o..x."),
        (2, "c", "....o.x.x"), (2, "e", "....ox.x."), (2, "k", "....oxx.."),
        (2, "a", "....o..xx"), (2, "i", "...xox..."), (2, "n", "..x.o.x.."),
        (3, "c", "..x.o.x.x"), (3, "e", "...xox.x."), (3, "k", "..xxo..x."),
        (3, "a", "....ox.xx"), (3, "i", "....o.xxx"), (3, "n", "....oxx.x"),
        (3, "y", "..xxo...x"), (3, "q", "..x.o.xx."), (3, "j", "....oxxx."),
        (3, "r", "...xox..x"),
        (4, "c", "x.x.o.x.x"), (4, "e", ".x.xox.x."), (4, "k", "..xxo..xx"),
        (4, "a", "....oxxxx"), (4, "i", "...xoxx.x"), (4, "n", "..x.o.xxx"),
        (4, "y", "..xxo.x.x"), (4, "q", "..xxo.xx."), (4, "j", "..xxox.x."),
        (4, "r", "...xox.xx"), (4, "t", "..xxox..x"), (4, "w", "..x.oxxx."),
        (4, "z", "..xxoxx.."),
        (5, "c", ".x.xox.xx"), (5, "e", "x.x.o.xxx"), (5, "k", ".xxxo.x.x"),
        (5, "a", "..x.oxxxx"), (5, "i", "...xoxxxx"), (5, "n", "..xxox.xx"),
        (5, "y", ".x.xoxx.x"), (5, "q", "..xxoxxx."), (5, "j", "..xxo.xxx"),
        (5, "r", "..xxoxx.x"),
        (6, "c", ".x.xoxxxx"), (6, "e", "x.x.oxxxx"), (6, "k", ".xxxo.xxx"),
        (6, "a", "..xxoxxxx"), (6, "i", "x.xxoxx.x"), (6, "n", ".xxxoxxx."),
        (7, "c", ".xxxoxxxx"), (7, "e", "x.xxoxxxx"),
    ]

    /// For each arrangement of neighbours (a ``MooreTable`` index without the centre bit, 0 to
    /// 511), its letter's position in ``letters`` for its count; 0 for counts 0 and 8.
    package static let letterIndex: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for (count, letter, picture) in representatives {
            var index = 0
            for (position, mark) in picture.enumerated() where mark == "x" { index |= 1 << (8 - position) }
            let slot = UInt8(letters[count].firstIndex(of: UInt8(ascii: letter.unicodeScalars.first ?? "c")) ?? 0)
            for image in symmetries(of: index) { table[image] = slot }
        }
        return table
    }()

    /// The eight images of a neighbourhood under rotation and reflection.
    static func symmetries(of index: Int) -> [Int] {
        func transform(_ index: Int, _ map: (Int, Int) -> (Int, Int)) -> Int {
            var image = 0
            for position in 0..<9 where index >> (8 - position) & 1 == 1 {
                let (row, col) = map(position / 3, position % 3)
                image |= 1 << (8 - (row * 3 + col))
            }
            return image
        }
        var images: [Int] = []
        var current = index
        for _ in 0..<4 {
            images.append(current)
            images.append(transform(current) { row, col in (row, 2 - col) })
            current = transform(current) { row, col in (col, 2 - row) }
        }
        return images
    }

    /// The number of live neighbours in a table index (the centre not counted).
    static func count(_ index: Int) -> Int { (index & ~MooreTable.centre).nonzeroBitCount }

    /// A set of arrangements for each count: bit `letterIndex` of `sets[count]` set means that
    /// arrangement is in. Counts 0 and 8 have one arrangement, bit 0.
    package struct Sets: Hashable, Sendable {
        package var sets = [UInt16](repeating: 0, count: 9)

        package init() {}

        /// Every arrangement of `count` neighbours.
        package static func all(_ count: Int) -> UInt16 {
            let size = HenselNotation.letters[count].count
            return size == 0 ? 1 : UInt16(1 << size) - 1
        }

        /// Whether the arrangement of `index` (a table index, centre ignored) is in.
        package func contains(index: Int) -> Bool {
            let neighbours = index & ~MooreTable.centre
            return sets[HenselNotation.count(neighbours)] >> UInt16(HenselNotation.letterIndex[neighbours]) & 1 == 1
        }
    }

    /// The notation of one part (the counts after B or S): counts ascending, letters in
    /// alphabetical order, each count written the shorter way (with `-` and the missing letters
    /// when that is shorter; without when it is as short), as Golly writes it.
    package static func write(_ part: Sets) -> String {
        var text = ""
        for count in 0...8 {
            let set = part.sets[count]
            if set == 0 { continue }
            text += String(count)
            let all = Sets.all(count)
            if set == all { continue }
            let letters = Self.letters[count]
            let present = letters.indices.filter { set >> UInt16($0) & 1 == 1 }.map { letters[$0] }
            let missing = letters.indices.filter { set >> UInt16($0) & 1 == 0 }.map { letters[$0] }
            let (prefix, shown) = missing.count + 1 < present.count ? ("-", missing) : ("", present)
            text += prefix + String(decoding: shown.sorted(), as: UTF8.self)
        }
        return text
    }

    /// The two parts of an isotropic table (birth from dead cells, survival from live ones); nil
    /// when some arrangement and one of its rotations or reflections go different ways.
    package static func parts(of table: MooreTable) -> (birth: Sets, survival: Sets)? {
        var birth = Sets()
        var survival = Sets()
        var seen = [Bool](repeating: false, count: 512)
        for index in 0..<512 where !seen[index] {
            let neighbours = index & ~MooreTable.centre
            let next = table[index]
            for image in symmetries(of: neighbours) {
                let same = image | (index & MooreTable.centre)
                if table[same] != next { return nil }
                seen[same] = true
            }
            if next {
                let bit = UInt16(1) << UInt16(letterIndex[neighbours])
                if index & MooreTable.centre != 0 {
                    survival.sets[count(index)] |= bit
                } else {
                    birth.sets[count(index)] |= bit
                }
            }
        }
        return (birth, survival)
    }

    /// The table of a rule given by its two parts.
    package static func table(birth: Sets, survival: Sets) -> MooreTable {
        var table = MooreTable()
        for index in 0..<512 {
            let part = index & MooreTable.centre != 0 ? survival : birth
            if part.contains(index: index) { table[index] = true }
        }
        return table
    }
}
