import Glibc

/// Lines on stderr, with syslog priority prefixes (`<3>`) when stderr goes to the journal.
public struct Logger {
    /// How much to say, from least to most.
    public enum Level: Int, Comparable, CaseIterable, Sendable {
        case error = 3, warning = 4, info = 6, debug = 7

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        /// The level named `name` ("error", "warning", "info", "debug").
        public init?(name: String) {
            switch name.lowercased() {
            case "error": self = .error
            case "warning", "warn": self = .warning
            case "info": self = .info
            case "debug": self = .debug
            default: return nil
            }
        }
    }

    public var level: Level
    /// Whether lines carry `<N>` priority prefixes (set when `JOURNAL_STREAM` is).
    public var journal: Bool
    public var program: String

    public init(program: String, level: Level = .info, journal: Bool = Environment.variables["JOURNAL_STREAM"] != nil) {
        self.program = program
        self.level = level
        self.journal = journal
    }

    public func log(_ lineLevel: Level, _ message: @autoclosure () -> String) {
        guard lineLevel <= level else { return }
        let prefix = journal ? "<\(lineLevel.rawValue)>" : "\(program): "
        let line = prefix + message() + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
