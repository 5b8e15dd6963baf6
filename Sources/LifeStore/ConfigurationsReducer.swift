import LifeGrid
import LifePatterns
import Protocol

/// The part of the state the Configurations tab changes: the list, and the simulation a loaded
/// pattern replaces the grid of. A scope, as TCA's `Scope(state:action:)`: the configurations
/// reducer cannot touch the settings or the statistics.
public struct ConfigurationsScope: Equatable {
    public var configurations: ConfigurationsState
    public var simulation: SimulationState

    public init(configurations: ConfigurationsState, simulation: SimulationState) {
        self.configurations = configurations
        self.simulation = simulation
    }
}

extension AppState {
    /// The configurations' scope.
    public var configurationsScope: ConfigurationsScope {
        get { ConfigurationsScope(configurations: configurations, simulation: simulation) }
        set {
            configurations = newValue.configurations
            simulation = newValue.simulation
        }
        // As the simulation's scope: one copy and one write-back when a reducer changes it.
        _modify {
            var scope = ConfigurationsScope(configurations: configurations, simulation: simulation)
            yield &scope
            configurations = scope.configurations
            simulation = scope.simulation
        }
    }
}

extension Reducer where State == ConfigurationsScope, Action == ConfigurationsAction, Environment == AppEnvironment {
    /// The Configurations tab: fetch a list of patterns, add to it, and load one onto the grid.
    /// The app reducer has refused already what the state does not allow now (``ActionType/spec``).
    public static var configurations: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            switch action {
            case .fetch(let url):
                // The list stays as it is until the fetch succeeds: one that fails takes nothing away.
                state.configurations.isFetching = true
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
                    let left = state.configurations.replaceFetched(with: configs)
                    state.configurations.error = left == 0 ? nil : Self.leftOut(left, of: configs.count, beside: state.configurations.added.count)
                case .failure(let failure):
                    state.configurations.error = failure.message
                }
                return .none

            case .cancelFetch:
                state.configurations.isFetching = false
                return .cancel(id: .fetch)

            case .clear:
                state.configurations.isFetching = false
                state.configurations.removeAll()
                state.configurations.error = nil
                return .cancel(id: .fetch)

            case .add(let configuration):
                try state.configurations.add(configuration)
                return .none

            case .remove(let selector):
                state.configurations.remove(at: try state.configurations.find(selector).index)
                return .none

            case .load(let selector, let resize):
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
                            "\(configuration.title) needs a grid of at least \(bounds.rows)x\(bounds.cols), and this one is \(rows)x\(cols); add \"resize\": true to grow it",
                            member: "resize")
                    }
                    rows = max(rows, bounds.rows)
                    cols = max(cols, bounds.cols)
                }
                state.simulation.replaceGrid(with: pattern.grid(rows: rows, cols: cols, at: pattern.centredOrigin(rows: rows, cols: cols)))
                state.simulation.gridState.ticks = 0
                return .none
            }
        }
    }
}

extension Reducer where State == ConfigurationsScope, Action == ConfigurationsAction, Environment == AppEnvironment {
    /// The error a fetch leaves when not all it brought fits beside what users added.
    static func leftOut(_ count: Int, of total: Int, beside added: Int) -> String {
        "\(count) of the \(total) fetched configurations did not fit beside the \(added) added by users (the list holds at most \(ConfigurationsState.maxCount) configurations and \(ConfigurationsState.maxTotalRLEBytes) bytes of RLE); remove some with configurations.remove"
    }
}

extension Reducer where State == ConfigurationsState, Action == SimulationAction, Environment == Void {
    /// `simulation.setGrid` with `keep`: the new grid's pattern joins the list in the same change.
    ///
    /// The configuration is the grid's live cells moved so that their bounding box starts at
    /// row 0, column 0, under `keep.title`, naming the rule the action names. When it may not
    /// join the list (too large, or the list full), the action is refused and, since the store
    /// discards every change of a refused action, the grid is not replaced either.
    public static var keepingLoadedPatterns: Reducer {
        Reducer { configurations, action, _ throws(ProtocolError) in
            guard case .setGrid(let replacement) = action, let keep = replacement.keep else { return .none }
            let configuration: Configuration
            do throws(ConfigurationError) {
                var pattern = Pattern(grid: replacement.grid).trimmed()
                pattern.rule = replacement.rule
                configuration = try Configuration(title: keep.title, pattern: pattern)
            } catch {
                throw ProtocolError(error.exceedsLimit ? .limitExceeded : .invalidArgument, Self.notKept(error.message), member: "keep")
            }
            do throws(ProtocolError) {
                try configurations.add(configuration)
            } catch {
                throw ProtocolError(error.code, Self.notKept(error.message), member: "keep")
            }
            return .none
        }
    }

    /// Why a pattern is not kept, and that nothing was loaded either.
    private static func notKept(_ reason: String) -> String {
        "simulation.setGrid: keep: \(reason); nothing was loaded"
    }
}
