import LifePatterns
import LifeSystem
import Protocol

/// Separates `--format NAME` from the other arguments.
func splitFormat(_ arguments: [String], _ command: String) throws(UsageError) -> ([String], PatternFormat?) {
    var rest: [String] = []
    var format: PatternFormat?
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        var value: String?
        if argument == "--format" {
            guard index < arguments.count else { throw UsageError("--format needs a value") }
            value = arguments[index]
            index += 1
        } else if argument.hasPrefix("--format=") {
            value = String(argument.dropFirst("--format=".count))
        }
        if let value {
            guard let parsed = PatternFormat(rawValue: value) else {
                throw UsageError("--format takes \(PatternFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\"")
            }
            format = parsed
        } else {
            rest.append(argument)
        }
    }
    return (rest, format)
}
