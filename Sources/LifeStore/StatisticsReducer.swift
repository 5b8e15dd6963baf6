import Protocol

extension Reducer where State == Statistics, Action == StatisticsAction, Environment == Void {
    /// The statistics' own action. Generations count themselves as they happen (``GridWorld/advance(generations:)``).
    public static var statistics: Reducer {
        Reducer { statistics, action, _ in
            switch action {
            case .reset:
                statistics = Statistics()
                return .none
            }
        }
    }
}
