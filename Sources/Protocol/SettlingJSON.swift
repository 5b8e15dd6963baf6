import LifeJSON

extension Settling {
    /// The settling history as a journal record of a jump's end and the world's history keep it:
    /// `"status"`, `"period"` (an integer for `oscillating`, else null) and `"fingerprints"`
    /// (the latest generations' fingerprints, oldest first, as decimal strings).
    public var storageMembers: [String: JSON] {
        var period = JSON.null
        if case .oscillating(let p) = status { period = .int(p) }
        return [
            "status": .string(status.name), "period": period, "fingerprints": .array(fingerprints.map { .string(String($0)) }),
        ]
    }

    /// Reads ``storageMembers`` from `fields` (whose other members are the caller's), naming
    /// `context` in its errors: a status of the four, a period from 2 to ``maxPeriod`` for
    /// `oscillating`, and at most ``maxPeriod`` fingerprints.
    public init(storageFields fields: JSONFields, at context: String) throws(ProtocolError) {
        let status: Status
        switch try fields.string("status") {
        case "evolving": status = .evolving
        case "extinct": status = .extinct
        case "still": status = .still
        case "oscillating": status = .oscillating(period: try fields.int("period", in: 2...Self.maxPeriod))
        case let other: throw ProtocolError(.invalidArgument, "\(context).status: unknown status \(JSON.string(other).preview)")
        }
        guard case .array(let texts) = try fields.required("fingerprints"), texts.count <= Self.maxPeriod else {
            throw ProtocolError(
                .invalidArgument, "\(context).fingerprints must be an array of at most \(Self.maxPeriod) decimal UInt64 strings")
        }
        var fingerprints: [UInt64] = []
        for text in texts {
            guard let fingerprint = text.stringValue.flatMap({ UInt64($0) }) else {
                throw ProtocolError(.invalidArgument, "\(context).fingerprints must hold decimal UInt64 strings")
            }
            fingerprints.append(fingerprint)
        }
        self.init(status: status, fingerprints: fingerprints)
    }
}
