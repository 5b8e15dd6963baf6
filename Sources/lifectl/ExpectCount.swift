import LifeSystem

/// A usage error unless `arguments` has a count in `range`.
func expectCount(_ arguments: [String], _ range: ClosedRange<Int>, _ command: String) throws(UsageError) {
    if arguments.count < range.lowerBound { throw UsageError("\(command) needs more arguments") }
    if arguments.count > range.upperBound { throw UsageError("\(command): unexpected argument \"\(arguments[range.upperBound])\"") }
}
