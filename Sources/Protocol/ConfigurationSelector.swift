import LifeJSON

/// Which configuration of the list `configurations.load` and `configurations.read` mean: by
/// its `title` or by its `index` in `/configurations/configs` (see
/// ``ConfigurationsState/find(_:)`` for how a title matches).
public enum ConfigurationSelector: Equatable, Sendable {
    case title(String)
    case index(Int)

    /// Reads exactly one of the members `title` (a string) and `index` (an integer from 0) of
    /// `fields`; `request` names what is read, for the message when neither or both are given.
    public init(fields: JSONFields, for request: String) throws(ProtocolError) {
        let title = try fields.optionalString("title")
        let index = try fields.optionalInt("index", in: 0...Int.max)
        switch (title, index) {
        case (let title?, nil): self = .title(title)
        case (nil, let index?): self = .index(index)
        case (nil, nil): throw ProtocolError(.invalidArgument, "\(request) needs a title or an index (from 0)")
        case (.some, .some): throw ProtocolError(.invalidArgument, "\(request) needs either a title or an index (from 0), not both")
        }
    }

    /// The selector's member as a request or action carries it: `title` or `index`.
    public var members: [String: JSON] {
        switch self {
        case .title(let title): ["title": .string(title)]
        case .index(let index): ["index": .int(index)]
        }
    }
}
