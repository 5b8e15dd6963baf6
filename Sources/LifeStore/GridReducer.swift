import Protocol

extension Reducer where State == Grid, Action == GridAction, Environment == Void {
    /// The grid's own reducer: `step` advances one generation.
    public static var grid: Reducer {
        Reducer { grid, action, _ in
            switch action {
            case .step:
                grid = grid.nextGeneration()
                return .none
            }
        }
    }
}
