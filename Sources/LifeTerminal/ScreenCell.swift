/// One character cell of the screen: what is drawn there and how.
///
/// A wide character (two columns) sits in its first cell; the cell after it is a
/// ``continuation(_:)`` that draws nothing of its own.
public struct ScreenCell: Hashable, Sendable {
    /// The character drawn; a space for a blank cell.
    public let character: Character
    /// Its colours and attributes.
    public var style: Style
    /// Whether this is the second column of the wide character before it.
    public let isContinuation: Bool
    /// The columns the character takes (1 or 2; 0 for a continuation), measured once.
    public let width: Int
    /// The character's UTF-8, up to 8 bytes, in a word (the first byte lowest); for a longer
    /// one its first 7 bytes under 0xFF (which UTF-8 never holds): cells compare words first.
    private let bytes: UInt64

    /// A cell showing `character` in `style`.
    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
        isContinuation = false
        width = max(1, TextWidth.of(character))
        bytes = Self.word(of: character)
    }

    /// ``bytes`` of `character`.
    private static func word(of character: Character) -> UInt64 {
        var word: UInt64 = 0
        for (index, byte) in character.utf8.enumerated() {
            guard index < 8 else { return word & 0x00FF_FFFF_FFFF_FFFF | 0xFF00_0000_0000_0000 }
            word |= UInt64(byte) << UInt64(8 * index)
        }
        return word
    }

    private init(continuationIn style: Style) {
        character = " "
        self.style = style
        isContinuation = true
        width = 0
        bytes = UInt64(UInt8(ascii: " "))
    }

    /// A blank cell in `style` (its background shows).
    public static func blank(_ style: Style = .plain) -> ScreenCell { ScreenCell(" ", style: style) }

    /// The second half of a wide character drawn in `style`.
    public static func continuation(_ style: Style) -> ScreenCell { ScreenCell(continuationIn: style) }

    /// Equal when they send the terminal the same bytes in the same style: the characters are
    /// compared by their UTF-8, not by Unicode's canonical equivalence (a frame compares every
    /// cell with the one shown, and most of a zoomed-out view's braille changes each tick).
    public static func == (lhs: ScreenCell, rhs: ScreenCell) -> Bool {
        lhs.bytes == rhs.bytes && lhs.width == rhs.width && lhs.isContinuation == rhs.isContinuation && lhs.style == rhs.style
            && (lhs.bytes >> 56 != 0xFF || lhs.character.utf8.elementsEqual(rhs.character.utf8))
    }
}
