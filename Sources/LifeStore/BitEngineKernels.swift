internal import LifeKernel

// The bit engine's inner loop is a target of its own, LifeKernel (Sources/LifeKernel/BitKernel.swift).

/// The kernel's entry points (see LifeKernel's `BitKernel`).
protocol BandKernel {
    static var laneWords: Int { get }
    static func stepConway(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows first: Int, _ end: Int, words: Int,
        stride: Int)
    static func stepHighLife(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows first: Int, _ end: Int, words: Int,
        stride: Int)
    static func stepSeeds(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows first: Int, _ end: Int, words: Int,
        stride: Int)
    static func stepDayAndNight(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows first: Int, _ end: Int, words: Int,
        stride: Int)
    static func withMaskTable<Result>(birth: UInt16, survival: UInt16, _ body: (_ table: UnsafeRawPointer) -> Result) -> Result
    static func stepTable(
        _ table: UnsafeRawPointer, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int)
    static func count(
        _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int, words: Int, stride: Int
    ) -> (live: Int, alive: Int)
}

extension LifeKernel.BitKernel: BandKernel {}

/// A rule as the kernels take it: the named rules have kernels of their own; any other rule is
/// a mask table that the kernel made (``BandKernel/withMaskTable(birth:survival:_:)``) and that
/// only it can read.
enum BandRule {
    case conway
    case highLife
    case seeds
    case dayAndNight
    case table(UnsafeRawPointer)
}

extension BandKernel {
    /// Rows `first..<end` of `output` from `input` (both at row 0, word 0) under `rule`.
    @inline(__always)
    static func step(
        _ rule: BandRule, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows first: Int,
        _ end: Int, words: Int, stride: Int
    ) {
        switch rule {
        case .conway: stepConway(input, output, rows: first, end, words: words, stride: stride)
        case .highLife: stepHighLife(input, output, rows: first, end, words: words, stride: stride)
        case .seeds: stepSeeds(input, output, rows: first, end, words: words, stride: stride)
        case .dayAndNight: stepDayAndNight(input, output, rows: first, end, words: words, stride: stride)
        case .table(let table): stepTable(table, input, output, rows: first, end, words: words, stride: stride)
        }
    }
}
