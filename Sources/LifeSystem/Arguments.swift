/// A small command-line parser: `--name value`, `--name=value`, flags, and positionals.
///
/// Options may come before or after positionals; `--` ends option parsing. An unknown
/// option, or an option missing its value, is a ``UsageError`` (exit status 2).
public struct Arguments {
    /// The options' values, by name without dashes. A repeated option keeps its last value.
    public private(set) var values: [String: String] = [:]
    /// The flags given, by name without dashes.
    public private(set) var flags: Set<String> = []
    /// Everything else, in order.
    public private(set) var positionals: [String] = []

    /// Parses `arguments` (without the program name). `options` take a value; `flags` do not.
    /// `-h` is read as `--help` when `help` is a flag.
    public init(_ arguments: [String], options: Set<String>, flags: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h", flags.contains("help") {
                self.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else { throw UsageError("unknown option \(argument)") }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                self.flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// Whether the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An option's value parsed by `parse`, or nil when absent; a UsageError naming `what` when malformed.
    public func value<T>(_ name: String, as what: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = values[name] else { return nil }
        guard let value = parse(text) else { throw UsageError("--\(name) needs \(what), not \"\(text)\"") }
        return value
    }
}

/// A mistake in how a command was called: the message, then exit status 2.
/// A command line a tool cannot use. Most are usage errors (exit 2: the line cannot be read
/// as written); ``outOfRange(_:)`` makes one for a value that was read but is not allowed, which
/// lifectl reports as a refusal (exit 1), the same as when the daemon refuses such a value.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    /// Whether the line was read and a value in it is out of range (exit 1, not 2).
    public var isOutOfRange = false
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// A value that was read but lies outside what is allowed.
    public static func outOfRange(_ message: String) -> UsageError {
        var error = UsageError(message)
        error.isOutOfRange = true
        return error
    }
}
