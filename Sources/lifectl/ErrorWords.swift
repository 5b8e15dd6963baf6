import LifeGrid
import LifePatterns
import LifeScheduling
import Protocol

/// How lifectl says the daemon's errors: from the error's `code`, `field` and `refused` and what
/// the person typed, in lifectl's words (its commands, settings and options), never the
/// protocol's actions and members. This is the one table of them; what it does not know (nil)
/// lifectl shows as the daemon's `code: message`.
enum ErrorWords {
    /// The error in lifectl's words, or nil when the table has no phrase for it.
    static func phrase(code: String, details: ErrorDetails, said: Said) -> String? {
        let field = details.field
        let typed = field.flatMap { said.typed[$0] }
        let command = "`lifectl \(said.command)`"
        // Refused by the state: what to do about it, by why.
        switch (code, details.refusal) {
        case ("not-allowed", .timerStopped?):
            return "the timer is not running; start it with `lifectl start`"
        case ("not-allowed", .timerRunning?):
            let stop = "stop it with `lifectl stop` first"
            // The timer's own actions say it by the timer (their declaration's words).
            if let words = said.action?.spec.timerWords { return "\(words); stop it with `lifectl stop`" }
            if field == "/action/generations", let typed {
                return "\(typed.text) generations are more than lifed makes at once on this grid, so they would run as a jump in the background, which may not start while the timer runs; \(stop), or step fewer"
            }
            if let typed { return "\(typed.name) cannot change while the timer runs; \(stop)" }
            return "\(command) is refused while the timer runs; \(stop)"
        case ("not-allowed", .jumpRunning?):
            let wait = "wait for it to end, or cancel it with `lifectl cancel`"
            if let typed { return "\(typed.name) cannot change while a jump runs; \(wait)" }
            return "\(command) is refused while a jump runs; \(wait)"
        case ("not-allowed", .nothingToUndo?):
            return "there is nothing to undo (`lifectl history` lists the changes)"
        case ("not-allowed", .nothingToRedo?):
            return "there is nothing to redo: no change was undone since the last one was made"
        case ("not-allowed", .nothingToRewind?):
            return "there is nothing to rewind to: no run of the timer, step or jump is in the history"
        default:
            break
        }
        // About one member: what the person typed for it, and what it may be.
        guard let field else { return nil }
        if field == "/action/resize", code == "invalid-argument" {
            // Not typed: the phrase says to type it.
            guard let name = said.typed["/action/title"]?.text ?? said.typed["/action/index"]?.text else { return nil }
            return "\(name) does not fit on the grid; `lifectl configs load \(shellQuoted(name)) --resize` grows the grid to hold it"
        }
        guard let typed else { return nil }
        switch (code, field) {
        case ("invalid-argument", "/action/intervalMs"):
            let range = Settings.intervalRange
            return "interval must be from \(DurationText.format(milliseconds: range.lowerBound)) to \(DurationText.format(milliseconds: range.upperBound)), not \(typed.text)"
        case ("invalid-argument", "/action/generationsPerTick"):
            let range = Settings.generationsPerTickRange
            return "step must be from \(range.lowerBound) to \(range.upperBound) generations a tick, not \(typed.text)"
        case ("invalid-argument", "/action/rows"), ("invalid-argument", "/action/cols"):
            let range = Settings.sideRange
            if typed.name == "size" {
                return "size must be from \(range.lowerBound)x\(range.lowerBound) to \(range.upperBound)x\(range.upperBound) (ROWSxCOLS), not \(typed.text)"
            }
            return "\(typed.name) must be from \(range.lowerBound) to \(range.upperBound), not \(typed.text)"
        case ("invalid-argument", "/action/density"):
            let range = Settings.densityRange
            return "density must be from \(range.lowerBound) to \(range.upperBound), not \(typed.text)"
        case ("invalid-argument", "/action/rule"):
            // The rule's own reason, as lifectl's copy of the rules reads it.
            do {
                _ = try Rule(parsing: typed.text)
            } catch {
                return "\(error)"
            }
            return "rule must be a rule lifed runs (\(Rule.familiesRun)), not \(typed.text)"
        case ("invalid-argument", "/action/topology"):
            return "topology must be torus or bounded, not \(typed.text)"
        case ("invalid-argument", "/action/display/title"):
            return "title must be one line of at most \(Settings.maxTitleLength) characters"
        case ("invalid-argument", "/action/title"), ("invalid-argument", "/title"):
            return "no configuration is titled \"\(typed.text)\"; `lifectl configs` lists them, `lifectl configs fetch` fetches a list"
        case ("invalid-argument", "/action/index"), ("invalid-argument", "/index"):
            return "there is no configuration number \(typed.text); `lifectl configs` lists them by number, `lifectl configs fetch` fetches a list"
        case ("limit-exceeded", "/action/keep"):
            return "--keep: the pattern is too large to keep in the configurations (one may take \(Configuration.maxRLEBytes >> 20) MiB of RLE, all of them \(ConfigurationsState.maxTotalRLEBytes >> 20) MiB), so nothing was loaded; load it without --keep to replace the grid alone"
        case ("invalid-argument", "/action/keep"):
            return "--keep: the configurations list is full (\(ConfigurationsState.maxCount) patterns), so nothing was loaded; empty it with `lifectl configs clear`, or load without --keep"
        case ("no-such-path", "/path"):
            return "nothing in the state at \(typed.text); `lifectl get` prints all of it"
        default:
            return nil
        }
    }

    /// The line lifectl prints for an error reply: the phrase, else the daemon's code and message.
    static func line(code: String, message: String, details: ErrorDetails, said: Said) -> String {
        phrase(code: code, details: details, said: said) ?? "\(code): \(message)"
    }

    /// `text` as a shell word: as it is when it needs no quoting, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || "-_./+:,@%".unicodeScalars.contains($0) }
        return plain ? text : "'" + text.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }
}
