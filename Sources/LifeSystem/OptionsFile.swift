/// A file of command-line options, one to a line, as `lifed.conf` holds them:
///
/// ```
/// # Comments take whole lines; blank lines are skipped.
/// size 64x64
/// --interval 250ms
/// rule=B36/S23
/// log-actions
/// ```
///
/// Each line is an option's name (with or without `--`), then its value after a space or `=`
/// (the rest of the line, trimmed: a value may hold spaces), or a flag alone. The result is
/// arguments to put before the command line's, so that the command line wins (a repeated
/// option keeps its last value).
public enum OptionsFile {
    /// The largest file read.
    public static let maxBytes = 64 << 10

    /// The arguments the text gives, or a ``UsageError`` naming `path` and the line for the first
    /// line that is not an option of `options` or `flags` (or lacks its value).
    public static func arguments(
        from text: String, path: String, options: Set<String>, flags: Set<String>
    ) throws(UsageError) -> [String] {
        var arguments: [String] = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = String(rawLine).trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            let where_ = "\(path), line \(offset + 1)"
            var body = Substring(line)
            if body.hasPrefix("--") { body = body.dropFirst(2) }
            let separator = body.firstIndex { $0 == " " || $0 == "\t" || $0 == "=" }
            let name = String(separator.map { body[..<$0] } ?? body)
            let value = separator.map { start -> String in
                // `name value`, `name=value` and `name = value` alike.
                var rest = String(body[body.index(after: start)...]).trimmingWhitespace
                if body[start] != "=", rest.hasPrefix("=") { rest = String(rest.dropFirst()).trimmingWhitespace }
                return rest
            }
            if flags.contains(name) {
                guard value == nil || value == "" else { throw UsageError("\(where_): \(name) takes no value") }
                arguments.append("--\(name)")
            } else if options.contains(name) {
                guard let value, !value.isEmpty else { throw UsageError("\(where_): \(name) needs a value") }
                arguments.append("--\(name)=\(value)")
            } else {
                throw UsageError("\(where_): unknown option \(name.isEmpty ? "\"\(line)\"" : name)")
            }
        }
        return arguments
    }
}

extension String {
    /// The string without spaces, tabs and carriage returns at either end.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
