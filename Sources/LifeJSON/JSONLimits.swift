/// How much of a JSON text the parser builds before it refuses the rest: what bounds the
/// processor time and memory that reading one untrusted text can take, checked as the text is
/// read rather than after its value is built.
///
/// A text past a limit is refused at the value that passes it with a ``JSONParseError`` whose
/// ``JSONParseError/exceededLimit`` is set and whose ``JSONParseError/field`` points at the
/// container that grew too large (for a count of values in all, the innermost open one).
public struct JSONLimits: Equatable, Sendable {
    /// The deepest nesting of arrays and objects (the outer value counts as one level).
    public var maxDepth: Int
    /// The most members one object may have (a repeated key counts each time it appears).
    public var maxMembers: Int
    /// The most elements one array may have.
    public var maxElements: Int
    /// The most values the whole text may hold, every element, member value and container counted.
    public var maxValues: Int
    /// The longest number literal, in bytes (any double can be written in under 800).
    public var maxNumberLength: Int

    /// Limits; each one not given is none.
    public init(
        maxDepth: Int = 512, maxMembers: Int = .max, maxElements: Int = .max, maxValues: Int = .max, maxNumberLength: Int = .max
    ) {
        self.maxDepth = maxDepth
        self.maxMembers = maxMembers
        self.maxElements = maxElements
        self.maxValues = maxValues
        self.maxNumberLength = maxNumberLength
    }

    /// Only the depth bounded (512 levels): for texts lifed wrote itself or that are bounded otherwise.
    public static let depthOnly = JSONLimits()
}
