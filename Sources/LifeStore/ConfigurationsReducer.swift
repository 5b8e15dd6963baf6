import Protocol

extension Reducer where State == AppState, Action == ConfigurationsAction, Environment == AppEnvironment {
    /// The Configurations tab: fetch a list of patterns, add to it, and load one onto the grid.
    public static var configurations: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            switch action {
            case .fetch(let url):
                state.configurations.isFetching = true
                state.configurations.configs = []
                state.configurations.error = nil
                // A second fetch replaces the first: same id.
                return environment.fetchConfigurations(url)
                    .map(ConfigurationsAction.fetchResponse)
                    .cancellable(id: .fetch)

            case .fetchResponse(let result):
                guard state.configurations.isFetching else { return .none }
                state.configurations.isFetching = false
                switch result {
                case .success(let configs):
                    state.configurations.configs = configs
                    state.configurations.error = nil
                case .failure(let failure):
                    state.configurations.configs = []
                    state.configurations.error = failure.message
                }
                return .none

            case .cancelFetch:
                state.configurations.isFetching = false
                return .cancel(id: .fetch)

            case .clear:
                state.configurations.isFetching = false
                state.configurations.configs = []
                state.configurations.error = nil
                return .cancel(id: .fetch)

            case .add(let configuration):
                guard state.configurations.configs.count < ConfigurationsState.maxCount else {
                    throw ProtocolError(.invalidArgument, "the list already holds \(ConfigurationsState.maxCount) configurations; clear it first")
                }
                state.configurations.configs.append(configuration)
                return .none

            case .load(let selector, let resize):
                try refuseWhileRunning(state, "configurations.load")
                try refuseWhileJumping(state, "configurations.load")
                let configuration = try state.configurations.find(selector)
                let pattern: Pattern
                do {
                    pattern = try Pattern(configuration: configuration)
                } catch {
                    throw ProtocolError(.invalidArgument, "\(configuration.title): \(error)")
                }
                let bounds = pattern.boundingBox ?? Pattern.Bounds(row: 0, col: 0, rows: 0, cols: 0)
                var rows = state.simulation.gridState.grid.rows
                var cols = state.simulation.gridState.grid.cols
                if bounds.rows > rows || bounds.cols > cols {
                    guard resize else {
                        throw ProtocolError(
                            .invalidArgument,
                            "\(configuration.title) needs a grid of at least \(bounds.rows)x\(bounds.cols), and this one is \(rows)x\(cols); add \"resize\": true to grow it")
                    }
                    rows = max(rows, bounds.rows)
                    cols = max(cols, bounds.cols)
                }
                var grid = Grid(rows: rows, cols: cols)
                let top = (rows - bounds.rows) / 2 - bounds.row
                let left = (cols - bounds.cols) / 2 - bounds.col
                for cell in pattern.live { grid[cell.row + top, cell.col + left] = .alive }
                state.replaceGrid(with: grid)
                state.simulation.gridState.ticks = 0
                return .none
            }
        }
    }
}

extension ConfigurationsState {
    /// The most configurations the list holds.
    public static let maxCount = 10_000

    /// The configuration `selector` names: by index, or by title (exact, else ignoring case).
    func find(_ selector: ConfigurationSelector) throws(ProtocolError) -> Configuration {
        switch selector {
        case .index(let index):
            guard configs.indices.contains(index) else {
                throw ProtocolError(
                    .invalidArgument,
                    configs.isEmpty
                        ? "there are no configurations; send configurations.fetch first"
                        : "index \(index) is out of range: there are \(configs.count) configurations (0 to \(configs.count - 1))")
            }
            return configs[index]
        case .title(let title):
            if let exact = configs.first(where: { $0.title == title }) { return exact }
            if let loose = configs.first(where: { $0.title.lowercased() == title.lowercased() }) { return loose }
            let known = configs.prefix(30).map(\.title).joined(separator: ", ")
            throw ProtocolError(
                .invalidArgument,
                configs.isEmpty
                    ? "there are no configurations; send configurations.fetch first"
                    : "no configuration is titled \(JSON.string(title).preview); known: \(known)\(configs.count > 30 ? ", …" : "")")
        }
    }
}
