import LifeSystem
import LifeTerminal

/// The terminal's compiled terminfo entry, found and read for the number of colours it has.
enum TerminfoFile {
    /// The `colors` number of the entry for `TERM`: of the first candidate file (see
    /// ``Terminfo/candidatePaths(term:environment:)``) that reads as an entry; nil when none
    /// does or it does not say.
    static func colors(environment: [String: String]) -> Int? {
        guard let term = environment["TERM"] else { return nil }
        for path in Terminfo.candidatePaths(term: term, environment: environment) {
            // An entry is a few kilobytes; anything much larger is not one.
            guard let bytes = try? FileIO.read(path, limit: 1 << 20), let entry = Terminfo(bytes: bytes) else { continue }
            return entry.colors
        }
        return nil
    }
}

extension ColorMode {
    /// The colours this terminal shows, from the environment and, when it says nothing of 256
    /// or 24-bit colour, the terminfo entry of its `TERM`.
    static func detect(environment: [String: String]) -> ColorMode {
        let announced = ColorMode(environment: environment)
        // Only a terminal that would otherwise get no colour needs its entry read (NO_COLOR and
        // TERM=dumb still win over what it says).
        guard announced == .monochrome else { return announced }
        return ColorMode(environment: environment, terminfoColors: TerminfoFile.colors(environment: environment))
    }
}
