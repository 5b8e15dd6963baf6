import LifeJSON

/// The limits a daemon announces in its `hello` (PROTOCOL.md section 3), so that a client learns
/// them before it meets them by an error or by being cut off.
public struct ServerLimits: Equatable, Sendable {
    /// The largest frame, in bytes, the daemon reads (`lifed --max-frame`).
    public var maxFrame: Int
    /// The most subscriptions one connection may hold.
    public var subscriptionsPerConnection: Int
    /// The most render groups (distinct path and viewport pairs) all connections may hold together.
    public var renderGroups: Int
    /// How long a connection may send nothing before the daemon says `bye` (`lifed --idle-timeout`).
    public var idleTimeoutMs: Int
    /// How long a frame may take to arrive, once begun (`lifed --frame-timeout`).
    public var frameTimeoutMs: Int

    public init(maxFrame: Int, subscriptionsPerConnection: Int, renderGroups: Int, idleTimeoutMs: Int, frameTimeoutMs: Int) {
        self.maxFrame = maxFrame
        self.subscriptionsPerConnection = subscriptionsPerConnection
        self.renderGroups = renderGroups
        self.idleTimeoutMs = idleTimeoutMs
        self.frameTimeoutMs = frameTimeoutMs
    }

    /// The `limits` object of a hello.
    public var json: JSON {
        [
            "maxFrame": .int(maxFrame), "subscriptionsPerConnection": .int(subscriptionsPerConnection), "renderGroups": .int(renderGroups),
            "idleTimeoutMs": .int(idleTimeoutMs), "frameTimeoutMs": .int(frameTimeoutMs),
        ]
    }

    /// Reads a hello's `limits` object.
    public init(json: JSON) throws(ProtocolError) {
        let f = try JSONFields(json, at: "message.limits", code: .badMessage)
        let positive = 1...Int.max
        self.init(
            maxFrame: try f.int("maxFrame", in: positive), subscriptionsPerConnection: try f.int("subscriptionsPerConnection", in: positive),
            renderGroups: try f.int("renderGroups", in: positive), idleTimeoutMs: try f.int("idleTimeoutMs", in: positive),
            frameTimeoutMs: try f.int("frameTimeoutMs", in: positive))
    }
}
