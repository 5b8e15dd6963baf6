import Foundation
import LifeEngine
import LifeGrid
import LifePatterns
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// The bit-packed engine (``BitGrid``) against a simple, obviously correct stepper on random
/// worlds of awkward sizes, for every rule and both topologies; threads against one thread; and
/// known answers.
final class BitEngineTests: XCTestCase {
    static let namedRules: [Rule] = [.conway, .highLife, .seeds, .dayAndNight]

    func assertSame(_ actual: Grid, _ expected: Grid, _ message: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard actual != expected else { return true }
        var first = ""
        if actual.rows == expected.rows, actual.cols == expected.cols {
            let actualCells = actual.allCells()
            let expectedCells = expected.allCells()
            if let index = actualCells.indices.first(where: { actualCells[$0] != expectedCells[$0] }) {
                first = " first difference at row \(index / actual.cols), col \(index % actual.cols): \(actualCells[index]) instead of \(expectedCells[index])"
            }
        }
        XCTFail("\(message())\(first)", file: file, line: line)
        return false
    }

    // MARK: - Each kernel

    /// The AVX2 kernel, or a skip that says why it cannot run here.
    func avx2() throws -> BitGrid.Kernel {
        if let reason = BitGrid.Kernel.avx2.unavailableReason { throw XCTSkip("not testing the AVX2 kernel: \(reason)") }
        return .avx2
    }

    func testRandomWorldsOfAwkwardSizesMatchTheReferenceWithBaseline() { randomWorldsOfAwkwardSizesMatchTheReference(.baseline) }
    func testRandomWorldsOfAwkwardSizesMatchTheReferenceWithAVX2() throws { try randomWorldsOfAwkwardSizesMatchTheReference(avx2()) }
    func testManyRandomRulesOnOneWorldWithBaseline() { manyRandomRulesOnOneWorld(.baseline) }
    func testManyRandomRulesOnOneWorldWithAVX2() throws { try manyRandomRulesOnOneWorld(avx2()) }
    func testEveryRuleGivesEveryCountItsEntryWithBaseline() { everyRuleGivesEveryCountItsEntry(.baseline) }
    func testEveryRuleGivesEveryCountItsEntryWithAVX2() throws { try everyRuleGivesEveryCountItsEntry(avx2()) }
    func testSwitchingTopologyBetweenStepsWithBaseline() { switchingTopologyBetweenSteps(.baseline) }
    func testSwitchingTopologyBetweenStepsWithAVX2() throws { try switchingTopologyBetweenSteps(avx2()) }
    func testAdvanceReportsEachGenerationsCensusAndFingerprintWithBaseline() { advanceReportsEachGenerationsCensusAndFingerprint(.baseline) }
    func testAdvanceReportsEachGenerationsCensusAndFingerprintWithAVX2() throws { try advanceReportsEachGenerationsCensusAndFingerprint(avx2()) }
    func testThreadsGiveTheSameWorldsAndCountsWithBaseline() { threadsGiveTheSameWorldsAndCounts(.baseline) }
    func testThreadsGiveTheSameWorldsAndCountsWithAVX2() throws { try threadsGiveTheSameWorldsAndCounts(avx2()) }
    func testThreadsAgreeWithTheReferenceOnALargerWorldWithBaseline() { threadsAgreeWithTheReferenceOnALargerWorld(.baseline) }
    func testThreadsAgreeWithTheReferenceOnALargerWorldWithAVX2() throws { try threadsAgreeWithTheReferenceOnALargerWorld(avx2()) }
    func testAGliderMovesOneCellDiagonallyEveryFourGenerationsWithBaseline() throws { try aGliderMovesOneCellDiagonallyEveryFourGenerations(.baseline) }
    func testAGliderMovesOneCellDiagonallyEveryFourGenerationsWithAVX2() throws { try aGliderMovesOneCellDiagonallyEveryFourGenerations(avx2()) }
    func testABlinkerAlternatesWithBaseline() { aBlinkerAlternates(.baseline) }
    func testABlinkerAlternatesWithAVX2() throws { try aBlinkerAlternates(avx2()) }
    func testTheGosperGunAddsAGliderEveryThirtyGenerationsWithBaseline() throws { try theGosperGunAddsAGliderEveryThirtyGenerations(.baseline) }
    func testTheGosperGunAddsAGliderEveryThirtyGenerationsWithAVX2() throws { try theGosperGunAddsAGliderEveryThirtyGenerations(avx2()) }
    func testTheRPentominoKnownPopulationsWithBaseline() throws { try theRPentominoKnownPopulations(.baseline) }
    func testTheRPentominoKnownPopulationsWithAVX2() throws { try theRPentominoKnownPopulations(avx2()) }

    func testTheKernelsGiveTheSameWorldsAndCounts() throws {
        // Widths with every remainder of words over the lanes (1 to 9 words), every kind of rule,
        // both topologies, one and two threads: bit for bit the same planes, censuses and fingerprints.
        let avx2 = try avx2()
        let random = RandomSource(seed: 40)
        for words in 1...9 {
            let cols = 64 * words - Int(random.next() % 3) * 17
            for topology in Topology.allCases {
                for rule in BitEngineTests.namedRules + [randomRule(random)] {
                    let start = soup(rows: 70, cols: cols, density: 0.35, random)
                    for threads in [1, 2] {
                        var baseline = BitGrid(start)
                        var wide = BitGrid(start)
                        var baselineReports: [(Census, UInt64)] = []
                        var wideReports: [(Census, UInt64)] = []
                        baseline.advance(generations: 6, rule: rule, topology: topology, threads: threads, kernel: .baseline) {
                            baselineReports.append(($0, $1))
                        }
                        wide.advance(generations: 6, rule: rule, topology: topology, threads: threads, kernel: avx2) {
                            wideReports.append(($0, $1))
                        }
                        let what = "70x\(cols) \(topology) \(rule.notation) \(threads) threads"
                        guard wide == baseline else { return XCTFail("\(what): the worlds differ") }
                        XCTAssertEqual(wideReports.count, 6, what)
                        for (generation, (wideReport, baselineReport)) in zip(wideReports, baselineReports).enumerated()
                        where wideReport != baselineReport {
                            return XCTFail("\(what): generation \(generation + 1) counted \(wideReport) instead of \(baselineReport)")
                        }
                    }
                }
            }
        }
    }

    func testTheBaselineKernelRunsEverywhere() {
        XCTAssertTrue(BitGrid.Kernel.baseline.isAvailable)
        XCTAssertNil(BitGrid.Kernel.baseline.unavailableReason)
        XCTAssertTrue(BitGrid.Kernel.selected.isAvailable)
        XCTAssertTrue(BitGrid.Kernel.fastest.isAvailable)
    }

    func testTheAVX2KernelIsThereExactlyWhenTheProcessorHasAVX2() throws {
        #if arch(x86_64)
            // The kernel is built for Haswell: it needs AVX2, FMA, BMI1, BMI2, POPCNT, LZCNT (listed
            // as abm), MOVBE and F16C.
            let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            let flagsLine = try XCTUnwrap(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") })
            let flags = Set(flagsLine.split(separator: ":").last?.split(separator: " ").map(String.init) ?? [])
            let expected = ["avx2", "fma", "bmi1", "bmi2", "popcnt", "abm", "movbe", "f16c"].allSatisfy(flags.contains)
            XCTAssertEqual(BitGrid.Kernel.avx2.isAvailable, expected, "flags: \(flags.sorted())")
            XCTAssertEqual(BitGrid.Kernel.fastest, expected ? .avx2 : .baseline)
        #else
            XCTAssertFalse(BitGrid.Kernel.avx2.isAvailable)
            XCTAssertEqual(BitGrid.Kernel.fastest, .baseline)
        #endif
    }

    func testTheEnvironmentVariableChoosesAKernel() {
        let fastest = BitGrid.Kernel.fastest
        for unset in [nil, "", "auto", "AUTO"] as [String?] {
            XCTAssertTrue(BitGrid.Kernel.choose(unset) == (fastest, nil), "\(unset ?? "unset")")
        }
        XCTAssertTrue(BitGrid.Kernel.choose("baseline") == (.baseline, nil))
        XCTAssertTrue(BitGrid.Kernel.choose("Baseline") == (.baseline, nil))
        let avx2 = BitGrid.Kernel.choose("avx2")
        if BitGrid.Kernel.avx2.isAvailable {
            XCTAssertTrue(avx2 == (.avx2, nil))
        } else {
            // Never a kernel that cannot run here; and it says so.
            XCTAssertEqual(avx2.kernel, .baseline)
            XCTAssertEqual(avx2.ignored?.contains("LIFE_ENGINE_KERNEL=avx2"), true, avx2.ignored ?? "nil")
        }
        for unknown in ["sse2", "avx512", "fast", " baseline"] {
            let choice = BitGrid.Kernel.choose(unknown)
            XCTAssertEqual(choice.kernel, fastest, unknown)
            XCTAssertEqual(choice.ignored?.contains("LIFE_ENGINE_KERNEL=\(unknown) is not one of baseline, avx2, auto"), true, choice.ignored ?? "nil")
        }
        // The engine's default is what the variable in this process's environment chooses.
        let setting = ProcessInfo.processInfo.environment[BitGrid.Kernel.environmentVariable]
        XCTAssertEqual(BitGrid.Kernel.selected, BitGrid.Kernel.choose(setting).kernel)
    }

    // MARK: - Storage

    func testCellsAreOneByteHoldingTheirRawValue() {
        // BitGrid.grid writes raw bytes 0...3 into [Cell] memory.
        XCTAssertEqual(MemoryLayout<Cell>.size, 1)
        for cell in Cell.allCases {
            withUnsafeBytes(of: cell) { XCTAssertEqual(Array($0), [cell.rawValue]) }
        }
    }

    func testEveryGridSurvivesTheRoundTripExactly() {
        let random = RandomSource(seed: 11)
        for rows in [0, 1, 2, 3, 7] {
            for cols in [0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200] {
                let grid = soup(rows: rows, cols: cols, density: 0.5, random)
                let bits = BitGrid(grid)
                XCTAssertEqual(bits.rows, rows)
                XCTAssertEqual(bits.cols, cols)
                XCTAssertEqual(bits.grid, grid, "\(rows)x\(cols)")
                XCTAssertEqual(bits.census, grid.census, "\(rows)x\(cols)")
                XCTAssertEqual(bits.population, grid.population, "\(rows)x\(cols)")
                XCTAssertEqual(bits.fingerprint, grid.fingerprint, "\(rows)x\(cols)")
                for row in 0..<rows {
                    for col in 0..<cols {
                        XCTAssertEqual(bits[row, col], grid[row, col])
                        XCTAssertEqual(bits.isLive(row: row, col: col), grid[row, col].isLive)
                    }
                }
            }
        }
    }

    func testEqualityIsAboutCellsOnly() {
        let random = RandomSource(seed: 5)
        let grid = soup(rows: 9, cols: 70, density: 0.3, random)
        var stepped = BitGrid(grid)
        stepped.step(rule: .conway, topology: .torus)
        // Stepping leaves ghost cells behind; a grid made from the same cells is still equal.
        XCTAssertEqual(stepped, BitGrid(stepped.grid))
        // The grid takes its population from the live plane; it is the one its cells give.
        XCTAssertEqual(stepped.grid.population, stepped.grid.allCells().filter(\.isLive).count)
        XCTAssertNotEqual(stepped, BitGrid(grid))
        XCTAssertNotEqual(BitGrid(rows: 2, cols: 3), BitGrid(rows: 3, cols: 2))
    }

    // MARK: - Against the reference

    func randomWorldsOfAwkwardSizesMatchTheReference(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 2024)
        let sizes = [
            (1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 64), (64, 1), (1, 65), (1, 130), (129, 1), (2, 2), (2, 63),
            (3, 64), (5, 65), (7, 127), (4, 128), (9, 129), (13, 63), (31, 31), (17, 192), (6, 193), (33, 65), (40, 100),
        ]
        var checked = 0
        for (rows, cols) in sizes {
            for topology in Topology.allCases {
                for density in [0.2, 0.5] {
                    var rules = [Rule.conway, randomRule(random)]
                    if rows * cols <= 512 { rules += [.highLife, .seeds, .dayAndNight, randomRule(random), randomRule(random)] }
                    for rule in rules {
                        var expected = soup(rows: rows, cols: cols, density: density, random)
                        var bits = BitGrid(expected)
                        for generation in 1...3 {
                            expected = referenceStep(expected, rule, topology)
                            bits.step(rule: rule, topology: topology, kernel: kernel)
                            checked += 1
                            guard assertSame(
                                bits.grid, expected,
                                "\(rows)x\(cols) \(topology) \(rule.notation) density \(density) generation \(generation)")
                            else { return }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    func manyRandomRulesOnOneWorld(_ kernel: BitGrid.Kernel) {
        // Different rules on the same world, in both topologies, over several generations: the
        // adders and the rule's table, far from any edge case of the size.
        let random = RandomSource(seed: 77)
        let start = soup(rows: 12, cols: 70, density: 0.4, random)
        for index in 0..<150 {
            let rule = randomRule(random)
            let topology: Topology = index % 2 == 0 ? .torus : .bounded
            var expected = start
            var bits = BitGrid(start)
            for generation in 1...3 {
                expected = referenceStep(expected, rule, topology)
                bits.step(rule: rule, topology: topology, kernel: kernel)
                guard assertSame(bits.grid, expected, "\(rule.notation) \(topology) generation \(generation)") else { return }
            }
        }
    }

    func everyRuleGivesEveryCountItsEntry(_ kernel: BitGrid.Kernel) {
        // 18 cells with every neighbour count 0...8, dead and live: each is the centre of its own
        // 3x3 block (blocks side by side, so a centre sees only its block), with its first n
        // neighbours live. After one step each centre must be the rule's entry for its count,
        // for each of the 2^18 birth and survival masks (B0 included).
        let neighbours = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
        var world = Grid(rows: 3, cols: 54)
        for live in 0...1 {
            for count in 0...8 {
                let block = live * 9 + count
                if live == 1 { world[1, 3 * block + 1] = .alive }
                for (row, col) in neighbours.prefix(count) { world[row, 3 * block + col] = .alive }
            }
        }
        let start = BitGrid(world)
        for topology in Topology.allCases {
            var wrong = 0
            for birth in 0..<UInt16(512) {
                for survival in 0..<UInt16(512) where topology == .bounded || survival % 37 == birth % 37 {
                    var bits = start
                    bits.step(rule: Rule(birth: birth, survival: survival), topology: topology, kernel: kernel)
                    for live in 0...1 {
                        for count in 0...8 {
                            let expected = (live == 1 ? survival : birth) >> count & 1 == 1
                            if bits.isLive(row: 1, col: 3 * (live * 9 + count) + 1) != expected {
                                wrong += 1
                                if wrong <= 5 {
                                    XCTFail("B\(birth)/S\(survival) \(topology): \(live == 1 ? "live" : "dead") cell with \(count)")
                                }
                            }
                        }
                    }
                }
            }
            XCTAssertEqual(wrong, 0, "\(topology)")
        }
    }

    func switchingTopologyBetweenSteps(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 9)
        var expected = soup(rows: 10, cols: 65, density: 0.45, random)
        var bits = BitGrid(expected)
        for topology: Topology in [.torus, .torus, .bounded, .torus, .bounded, .bounded, .torus] {
            expected = referenceStep(expected, .conway, topology)
            bits.step(rule: .conway, topology: topology, kernel: kernel)
            guard assertSame(bits.grid, expected, "after a \(topology) step") else { return }
        }
    }

    func testGridNextGenerationIsTheReference() {
        let random = RandomSource(seed: 31)
        for (rows, cols) in [(1, 1), (4, 70), (20, 20), (3, 130)] {
            for topology in Topology.allCases {
                for rule in BitEngineTests.namedRules {
                    let world = soup(rows: rows, cols: cols, density: 0.4, random)
                    XCTAssertEqual(world.nextGeneration(rule: rule, topology: topology), referenceStep(world, rule, topology))
                }
            }
        }
        XCTAssertEqual(Grid(rows: 0, cols: 4).nextGeneration(), Grid(rows: 0, cols: 4))
        XCTAssertEqual(Grid(rows: 4, cols: 0).nextGeneration(), Grid(rows: 4, cols: 0))
    }

    // MARK: - Counting as it goes

    func advanceReportsEachGenerationsCensusAndFingerprint(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 4)
        for (rows, cols) in [(1, 1), (5, 64), (23, 129), (64, 70)] {
            for topology in Topology.allCases {
                for rule in [Rule.conway, .highLife, randomRule(random)] {
                    var expected = soup(rows: rows, cols: cols, density: 0.35, random)
                    var bits = BitGrid(expected)
                    var reports: [(Census, UInt64)] = []
                    bits.advance(generations: 7, rule: rule, topology: topology, kernel: kernel) { reports.append(($0, $1)) }
                    XCTAssertEqual(reports.count, 7)
                    for (generation, (census, fingerprint)) in reports.enumerated() {
                        expected = referenceStep(expected, rule, topology)
                        XCTAssertEqual(census, expected.census, "\(rows)x\(cols) \(rule.notation) generation \(generation + 1)")
                        XCTAssertEqual(fingerprint, expected.fingerprint, "\(rows)x\(cols) \(rule.notation) generation \(generation + 1)")
                    }
                    XCTAssertEqual(bits.grid, expected)
                }
            }
        }
        var empty = BitGrid(rows: 0, cols: 0)
        var count = 0
        empty.advance(generations: 3, kernel: kernel) { census, fingerprint in
            XCTAssertEqual(census, Census(empty: 0, alive: 0, born: 0, died: 0))
            XCTAssertEqual(fingerprint, Grid(rows: 0, cols: 0).fingerprint)
            count += 1
        }
        XCTAssertEqual(count, 3)
    }

    func testGridWorldAdvanceMatchesStepByStepReference() {
        let random = RandomSource(seed: 8)
        for topology in Topology.allCases {
            for rule in [Rule.conway, .dayAndNight] {
                let start = soup(rows: 30, cols: 90, density: 0.3, random)
                var world = GridWorld(grid: start, rule: rule, topology: topology)
                world.advance(generations: 12)
                var expected = GridWorld(grid: start, rule: rule, topology: topology)
                for _ in 0..<12 {
                    expected.grid = referenceStep(expected.grid, rule, topology)
                    let census = expected.grid.census
                    expected.statistics.record(census)
                    expected.settling.record(fingerprint: expected.grid.fingerprint, population: census.alive + census.born)
                }
                XCTAssertEqual(world, expected, "\(rule.notation) \(topology)")
            }
        }
    }

    // MARK: - Fingerprint

    func testTheFingerprintIsAboutLiveCellsAndSize() {
        let random = RandomSource(seed: 12)
        let world = soup(rows: 17, cols: 130, density: 0.4, random)
        // Alive and born are the same to it, and so are died and empty.
        let flipped = Grid(rows: 17, cols: 130, cells: world.allCells().map { cell -> Cell in
            switch cell {
            case .alive: return .born
            case .born: return .alive
            case .died: return .empty
            case .empty: return .died
            }
        })!
        XCTAssertEqual(world.fingerprint, flipped.fingerprint)
        // Every single live cell anywhere in a 3x130 grid is another fingerprint.
        var seen: Set<UInt64> = [Grid(rows: 3, cols: 130).fingerprint]
        for index in 0..<(3 * 130) {
            var one = Grid(rows: 3, cols: 130)
            one[index / 130, index % 130] = .alive
            seen.insert(one.fingerprint)
        }
        XCTAssertEqual(seen.count, 3 * 130 + 1)
        XCTAssertNotEqual(Grid(rows: 1, cols: 128).fingerprint, Grid(rows: 2, cols: 64).fingerprint)
    }

    // MARK: - Threads

    func threadsGiveTheSameWorldsAndCounts(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 21)
        for (rows, cols) in [(32, 64), (64, 200), (150, 129), (333, 65)] {
            for topology in Topology.allCases {
                for rule in [Rule.conway, .highLife] {
                    let start = soup(rows: rows, cols: cols, density: 0.35, random)
                    var single = BitGrid(start)
                    var singleReports: [(Census, UInt64)] = []
                    single.advance(generations: 9, rule: rule, topology: topology, threads: 1, kernel: kernel) { singleReports.append(($0, $1)) }
                    for threads in [2, 3, 4, 8] {
                        var several = BitGrid(start)
                        var reports: [(Census, UInt64)] = []
                        several.advance(generations: 9, rule: rule, topology: topology, threads: threads, kernel: kernel) { reports.append(($0, $1)) }
                        XCTAssertEqual(several, single, "\(rows)x\(cols) \(topology) \(rule.notation) \(threads) threads")
                        XCTAssertEqual(reports.map(\.0), singleReports.map(\.0))
                        XCTAssertEqual(reports.map(\.1), singleReports.map(\.1))
                        var stepped = BitGrid(start)
                        for _ in 0..<9 { stepped.step(rule: rule, topology: topology, threads: threads, kernel: kernel) }
                        XCTAssertEqual(stepped, single)
                    }
                }
            }
        }
    }

    func threadsAgreeWithTheReferenceOnALargerWorld(_ kernel: BitGrid.Kernel) {
        let random = RandomSource(seed: 22)
        var expected = soup(rows: 96, cols: 150, density: 0.4, random)
        var bits = BitGrid(expected)
        for generation in 1...4 {
            expected = referenceStep(expected, .conway, .torus)
            bits.step(rule: .conway, topology: .torus, threads: 3, kernel: kernel)
            guard assertSame(bits.grid, expected, "generation \(generation)") else { return }
        }
    }

    func testAutomaticThreadsStayOnOneThreadForSmallWork() {
        XCTAssertEqual(BitGrid.automaticThreads(rows: 10, cols: 10, generations: 1_000_000), 1)
        XCTAssertEqual(BitGrid.automaticThreads(rows: 1024, cols: 1024, generations: 0), 1)
        XCTAssertGreaterThanOrEqual(BitGrid.automaticThreads(rows: 1024, cols: 1024, generations: 100), 1)
    }

}
