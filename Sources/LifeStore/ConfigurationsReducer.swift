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
                if let refusal = state.configurations.refusal(adding: configuration) { throw refusal }
                state.configurations.configs.append(configuration)
                return .none

            case .load(let selector, let resize):
                try refuseWhileRunning(state, "configurations.load")
                let configuration = try state.configurations.find(selector).configuration
                let pattern: Pattern
                do throws(ConfigurationError) {
                    pattern = try Pattern(configuration: configuration)
                } catch {
                    throw ProtocolError(.invalidArgument, error.message)
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
                let top = (rows - bounds.rows) / 2 - bounds.row
                let left = (cols - bounds.cols) / 2 - bounds.col
                state.replaceGrid(with: pattern.grid(rows: rows, cols: cols, at: Pattern.Coordinate(row: top, col: left)))
                state.simulation.gridState.ticks = 0
                return .none
            }
        }
    }
}
