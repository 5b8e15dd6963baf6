import Synchronization

/// One character cell of the screen: what is drawn there and how.
///
/// A wide character (two columns) sits in its first cell; the cell after it is a
/// ``continuation(_:)`` that draws nothing of its own.
///
/// A plain value of words, with no reference inside: a frame makes, copies, compares and drops
/// every cell of the screen (60 times a second while the world runs), and a `Character` held in
/// each cell made every one of those a reference count's work (about half of lifewatch's time
/// drawing a glider at 100 ticks a second).
public struct ScreenCell: Hashable, Sendable {
    /// Its colours and attributes.
    public var style: Style
    /// Whether this is the second column of the wide character before it.
    public let isContinuation: Bool
    /// The columns the character takes (1 or 2; 0 for a continuation), measured once.
    public let width: Int
    /// The character's UTF-8, up to 8 bytes, in a word (the first byte lowest). A longer one (an
    /// emoji sequence) is a number in ``LongCharacters`` under a top byte of 0xFF, which UTF-8
    /// never holds.
    private let bytes: UInt64

    /// A cell showing `character` in `style`.
    public init(_ character: Character = " ", style: Style = .plain) {
        self.style = style
        isContinuation = false
        width = max(1, TextWidth.of(character))
        bytes = Self.word(of: character)
    }

    /// The character drawn; a space for a blank cell.
    public var character: Character {
        if bytes >> 56 == 0xFF { return LongCharacters.character(numbered: Int(truncatingIfNeeded: bytes & 0xFFFF_FFFF)) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(8)
        appendUTF8(to: &utf8)
        return String(decoding: utf8, as: UTF8.self).first ?? " "
    }

    /// Appends the character's UTF-8 to `output`.
    public func appendUTF8(to output: inout [UInt8]) {
        if bytes >> 56 == 0xFF {
            output += character.utf8
            return
        }
        var word = bytes
        repeat {
            output.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
        } while word != 0
    }

    /// ``bytes`` of `character`.
    private static func word(of character: Character) -> UInt64 {
        var word: UInt64 = 0
        for (index, byte) in character.utf8.enumerated() {
            guard index < 8 else { return 0xFF00_0000_0000_0000 | UInt64(LongCharacters.number(of: character)) }
            word |= UInt64(byte) << UInt64(8 * index)
        }
        return word
    }

    /// A space in `style`: a blank cell, or the second half of a wide character.
    private init(spaceIn style: Style, isContinuation: Bool) {
        self.style = style
        self.isContinuation = isContinuation
        width = isContinuation ? 0 : 1
        bytes = UInt64(UInt8(ascii: " "))
    }

    /// A blank cell in `style` (its background shows).
    public static func blank(_ style: Style = .plain) -> ScreenCell { ScreenCell(spaceIn: style, isContinuation: false) }

    /// The second half of a wide character drawn in `style`.
    public static func continuation(_ style: Style) -> ScreenCell { ScreenCell(spaceIn: style, isContinuation: true) }

    // Equal (and hashed alike) when they send the terminal the same bytes in the same style: the
    // characters are compared by their UTF-8, not by Unicode's canonical equivalence (a frame
    // compares every cell with the one shown). Long characters are numbered by their UTF-8, so
    // equal numbers are equal bytes.
}

/// The characters longer than 8 bytes of UTF-8 that cells have shown, numbered in the order
/// they came, so that a cell holds a number instead of the character. Such characters come only
/// from text (a pattern's name or comment: an emoji sequence), so the list stays short; past
/// ``capacity`` distinct ones, a new one shows as U+FFFD.
enum LongCharacters {
    /// The most characters numbered.
    static let capacity = 4096

    private struct Table {
        var characters: [Character] = []
        var numbers: [[UInt8]: Int] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `character` (numbering it if it is new); past ``capacity``, a number no
    /// character has, which reads back as U+FFFD.
    static func number(of character: Character) -> Int {
        let utf8 = Array(character.utf8)
        return table.withLock { table in
            if let number = table.numbers[utf8] { return number }
            guard table.characters.count < capacity else { return capacity }
            table.characters.append(character)
            table.numbers[utf8] = table.characters.count - 1
            return table.characters.count - 1
        }
    }

    /// The character numbered `number`; U+FFFD for one never numbered.
    static func character(numbered number: Int) -> Character {
        table.withLock { table in table.characters.indices.contains(number) ? table.characters[number] : "\u{FFFD}" }
    }
}
