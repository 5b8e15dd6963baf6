import LifeGrid
import Protocol

extension WatchUI {
    /// A key while a prompt is open: it types, deletes, answers (Enter) or cancels (Escape).
    /// Finding a configuration chooses the first match as the text changes; Tab, Down or
    /// Ctrl-N go to the next match, Up or Ctrl-P to the one before.
    mutating func handlePrompt(_ key: Key, context: Context) -> [WatchCommand] {
        guard var open = prompt else { return [] }
        flash = nil
        let titles = context.world?.configurationTitles ?? []
        switch key {
        case .escape:
            if case .find(let restore) = open.purpose { selectedConfiguration = restore }
            prompt = nil
        case .enter:
            prompt = nil
            return answer(open, titles: titles, context: context)
        case .backspace:
            if open.deleteBackward() { prompt = open }
            chooseFirstMatch(of: open, in: titles)
        case .character(let character):
            if open.type(character) { prompt = open }
            chooseFirstMatch(of: open, in: titles)
        case .tab, .down, .control("n"), .up, .control("p"):
            guard case .find = open.purpose else { break }
            let forward = [Key.tab, .down, .control("n")].contains(key)
            let query = open.text.isEmpty ? lastSearch : open.text
            if let next = ConfigurationSearch.next(query, in: titles, after: selectedConfiguration, forward: forward) {
                selectedConfiguration = next
            }
        default:
            break
        }
        return []
    }

    /// As the text of a find changes, the first title that contains it is chosen.
    private mutating func chooseFirstMatch(of prompt: Prompt, in titles: [String]) {
        guard case .find(let restore) = prompt.purpose else { return }
        guard !prompt.text.isEmpty else {
            selectedConfiguration = restore
            return
        }
        if let first = ConfigurationSearch.matches(prompt.text, in: titles).first { selectedConfiguration = first }
    }

    private mutating func answer(_ prompt: Prompt, titles: [String], context: Context) -> [WatchCommand] {
        switch prompt.purpose {
        case .resize:
            switch WorldSizeInput.parse(prompt.text) {
            case .success(let size):
                guard size.rows != context.world?.grid?.rows || size.cols != context.world?.grid?.cols else {
                    note("the world is \(size.rows)x\(size.cols) already", context)
                    return []
                }
                return [.dispatch(.settings(.update(SettingsUpdate(rows: size.rows, cols: size.cols))))]
            case .failure(let error):
                showError(error.message, now: context.now)
                return []
            }
        case .goTo:
            guard let layout = context.gridLayout else { return [] }
            switch GoToInput.parse(prompt.text, rows: layout.gridRows, cols: layout.gridCols) {
            case .success(let cell):
                navigation.go(to: Pattern.Coordinate(row: cell.row, col: cell.col), in: layout)
            case .failure(let error):
                showError(error.message, now: context.now)
            }
        case .find(let restore):
            // An empty answer looks for the last text again, after the chosen one.
            let query = prompt.text.isEmpty ? lastSearch : prompt.text
            guard !query.isEmpty else {
                selectedConfiguration = restore
                return []
            }
            lastSearch = query
            let found: Int?
            if prompt.text.isEmpty {
                found = ConfigurationSearch.next(query, in: titles, after: restore)
            } else {
                found = ConfigurationSearch.matches(query, in: titles).contains(selectedConfiguration ?? -1)
                    ? selectedConfiguration : ConfigurationSearch.next(query, in: titles, after: nil)
            }
            guard let found else {
                selectedConfiguration = restore
                showError("no configuration's title contains \"\(query)\"", now: context.now)
                return []
            }
            selectedConfiguration = found
        }
        return []
    }

    /// The words the message line shows for an open prompt: its label, the text typed and,
    /// for a find, how many titles match (`find configuration: gli▏  2 of 3 matches`).
    public func promptLine(titles: [String]) -> (text: String, isError: Bool)? {
        guard let prompt else { return nil }
        var line = prompt.label + prompt.text + "▏"
        var isError = false
        switch prompt.purpose {
        case .goTo:
            line += "  enter goes, esc cancels"
        case .resize:
            line += "  enter resizes (cells kept centred), esc cancels"
        case .find:
            if prompt.text.isEmpty {
                line += lastSearch.isEmpty ? "  type part of a title; esc cancels" : "  enter finds \"\(lastSearch)\" again"
            } else {
                let matches = ConfigurationSearch.matches(prompt.text, in: titles)
                if matches.isEmpty {
                    line += "  no match"
                    isError = true
                } else if let selected = selectedConfiguration, let position = matches.firstIndex(of: selected) {
                    line += "  \(position + 1) of \(matches.count) \(matches.count == 1 ? "match" : "matches") (tab: next)"
                } else {
                    line += "  \(matches.count) \(matches.count == 1 ? "match" : "matches")"
                }
            }
        }
        return (line, isError)
    }
}
