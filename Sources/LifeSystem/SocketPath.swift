import Glibc

/// Where the daemon's socket is: `--socket`, else `$LIFED_SOCKET`, else
/// `$XDG_RUNTIME_DIR/lifed/lifed.sock`, else `/tmp/lifed-UID/lifed.sock`.
public enum SocketPath {
    public static func resolve(explicit: String?, environment: [String: String] = Environment.variables) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["LIFED_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return "\(runtime)/lifed/lifed.sock" }
        return "/tmp/lifed-\(getuid())/lifed.sock"
    }
}

/// The process environment as a dictionary.
public enum Environment {
    public static var variables: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
