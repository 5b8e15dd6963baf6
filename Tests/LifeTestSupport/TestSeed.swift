import Foundation
import LifeGrid
import Protocol
import XCTest

/// The seed of a test that uses random numbers, printed so that a failure can be replayed.
///
/// `LIFE_TEST_SEED=N swift test --filter Class/test` replays a run: every test that asks here
/// gets N instead of its own seed. The seed is printed when the test starts (a test that hangs
/// is killed before its teardown), and again with the test's name when it fails.
public enum TestSeed {
    /// The environment variable that replays a seed.
    public static let variable = "LIFE_TEST_SEED"

    /// `LIFE_TEST_SEED` when it is set, else `fixed` when given (a test whose cases are chosen
    /// once and for all), else a new random seed.
    public static func make(_ test: XCTestCase, fixed: UInt64? = nil, file: StaticString = #filePath, line: UInt = #line) -> UInt64 {
        let text = ProcessInfo.processInfo.environment[variable]
        let given = text.flatMap { UInt64($0) }
        if let text, given == nil {
            XCTFail("\(variable)=\(text) is not a seed (a number from 0 to \(UInt64.max)); using a random one", file: file, line: line)
        }
        let seed = given ?? fixed ?? UInt64.random(in: 0...UInt64.max)
        let name = test.name
        let origin = given != nil ? "from \(variable)" : fixed != nil ? "fixed" : "random"
        print("\(name): seed \(seed) (\(origin)); replay with \(variable)=\(seed)")
        test.addTeardownBlock { [weak test] in
            guard let run = test?.testRun, run.totalFailureCount > 0 else { return }
            print("\(name) failed with seed \(seed); replay with \(variable)=\(seed)")
        }
        return seed
    }

    /// A generator for `test`, seeded by ``make(_:fixed:file:line:)``.
    public static func generator(_ test: XCTestCase, fixed: UInt64? = nil, file: StaticString = #filePath, line: UInt = #line) -> SplitMix64 {
        SplitMix64(seed: make(test, fixed: fixed, file: file, line: line))
    }
}
