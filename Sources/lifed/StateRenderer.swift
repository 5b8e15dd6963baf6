import Protocol

/// Renders the parts of the state that subscriptions and `get` ask for, building only the
/// sections a path needs, each once per version, and reusing a section's JSON while it is unchanged.
///
/// So a watcher of `/statistics` never pays for the grid, and a viewport watcher pays for its window.
final class StateRenderer {
    private var version = -1
    private var simulations: [Viewport?: JSON] = [:]
    /// The grid's rows as last rendered for each window (nil: the whole grid), reused where the
    /// cells did not change; a window nobody rendered in the last version is forgotten.
    private var rowCaches: [Viewport?: GridRowCache] = [:]
    private var windowsRendered: Set<Viewport?> = []
    private var statistics: (value: Statistics, json: JSON)?
    private var settings: (value: Settings, json: JSON)?
    private var configurations: (value: ConfigurationsState, json: JSON)?

    /// The value at `path` of `state` (at `version`), with the grid windowed when `window` is set;
    /// nil when nothing is there.
    func value(of state: AppState, version: Int, at path: JSONPointer, window: Viewport? = nil) -> JSON? {
        if version != self.version {
            self.version = version
            simulations.removeAll(keepingCapacity: true)
            for window in rowCaches.keys where !windowsRendered.contains(window) { rowCaches[window] = nil }
            windowsRendered.removeAll(keepingCapacity: true)
        }
        guard let section = path.tokens.first else {
            return [
                "simulation": simulation(state, window),
                "statistics": statisticsJSON(state.statistics),
                "settings": settingsJSON(state.settings),
                "configurations": configurationsJSON(state.configurations),
            ]
        }
        let rest = JSONPointer(tokens: Array(path.tokens.dropFirst()))
        switch section {
        case "simulation": return simulation(state, window).value(at: rest)
        case "statistics": return statisticsJSON(state.statistics).value(at: rest)
        case "settings": return settingsJSON(state.settings).value(at: rest)
        case "configurations": return configurationsJSON(state.configurations).value(at: rest)
        default: return nil
        }
    }

    private func simulation(_ state: AppState, _ window: Viewport?) -> JSON {
        if let cached = simulations[window] { return cached }
        let grid = rowCaches[window, default: GridRowCache()].json(of: state.simulation.gridState.grid, window: window)
        windowsRendered.insert(window)
        let json = state.simulation.json(gridJSON: grid)
        simulations[window] = json
        return json
    }

    private func statisticsJSON(_ value: Statistics) -> JSON {
        if let statistics, statistics.value == value { return statistics.json }
        statistics = (value, value.json)
        return value.json
    }

    private func settingsJSON(_ value: Settings) -> JSON {
        if let settings, settings.value == value { return settings.json }
        settings = (value, value.json)
        return value.json
    }

    private func configurationsJSON(_ value: ConfigurationsState) -> JSON {
        if let configurations, configurations.value == value { return configurations.json }
        let json = value.json
        configurations = (value, json)
        return json
    }
}
