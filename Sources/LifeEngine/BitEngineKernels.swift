internal import CLinux
internal import LifeKernel

#if LIFE_AVX2_KERNEL
    internal import LifeKernelAVX2
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The bit engine's inner loops come from one source file built twice (see Package.swift and
// Sources/LifeKernel/BitKernel.swift): `LifeKernel` for the processor the package is built for,
// and, on x86-64 (LIFE_AVX2_KERNEL), `LifeKernelAVX2` for processors with AVX2. The engine picks
// one at run time.

extension BitGrid {
    /// The inner loop a grid is stepped with. All of them give the same worlds, counts and
    /// fingerprints; they differ in speed and in the processors they run on.
    public enum Kernel: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Two 64-bit words at a time, for the processor the package is built for (on x86-64 by
        /// default the baseline, SSE2); runs everywhere.
        case baseline
        /// Four 64-bit words at a time, built for Haswell: AVX2 with three-operand instructions,
        /// BMI1, BMI2 and FMA. Only in x86-64 builds, and only when the processor has them.
        case avx2

        /// The environment variable that forces a kernel: `baseline`, `avx2`, or `auto` (the
        /// default: the fastest this processor runs). For tests and benchmarks.
        public static let environmentVariable = "LIFE_ENGINE_KERNEL"

        /// The kernel the engine uses unless told otherwise: the one ``environmentVariable``
        /// names if this processor runs it, else the fastest this processor runs. Decided once.
        public static var selected: Kernel { selection.kernel }

        /// Why ``environmentVariable`` was not followed, when it is set and was not; nil when it
        /// is unset, `auto`, or followed.
        public static var ignoredSetting: String? { selection.ignored }

        /// The fastest kernel this processor runs.
        public static var fastest: Kernel { avx2.isAvailable ? .avx2 : .baseline }

        static let selection = choose(getenv(environmentVariable).map { String(cString: $0) })

        /// The kernel to use when ``environmentVariable`` is `setting` (nil: unset), and why
        /// `setting` is not followed when it is not (an unknown name, or a kernel that cannot run
        /// here: then the fastest is used).
        public static func choose(_ setting: String?) -> (kernel: Kernel, ignored: String?) {
            guard let setting, !setting.isEmpty, setting.lowercased() != "auto" else { return (fastest, nil) }
            guard let kernel = Kernel(rawValue: setting.lowercased()) else {
                let names = (Kernel.allCases.map(\.rawValue) + ["auto"]).joined(separator: ", ")
                return (fastest, "\(environmentVariable)=\(setting) is not one of \(names): using \(fastest)")
            }
            if let problem = kernel.unavailableReason {
                return (fastest, "\(environmentVariable)=\(setting): \(problem): using \(fastest)")
            }
            return (kernel, nil)
        }

        /// Whether this build has the kernel and this processor runs it.
        public var isAvailable: Bool { unavailableReason == nil }

        /// Why the kernel cannot run here; nil when it can.
        public var unavailableReason: String? {
            switch self {
            case .baseline:
                return nil
            case .avx2:
                #if LIFE_AVX2_KERNEL
                    return Kernel.processorHasAVX2 ? nil : "this processor lacks AVX2, FMA, BMI1 or BMI2"
                #else
                    return "this build has no AVX2 kernel (it is built on x86-64 hosts only)"
                #endif
            }
        }

        public var description: String { rawValue }

        /// Whether the processor runs code built for Haswell (and the system saves its registers).
        static let processorHasAVX2 = clinux_cpu_has_avx2() != 0

        /// The kernel's entry points. Only for an available kernel: the AVX2 module's code must
        /// not run on a processor without AVX2, not even a constant's initializer.
        var implementation: any BandKernel.Type {
            precondition(isAvailable, "the \(self) kernel cannot run here: \(unavailableReason ?? "")")
            let kernel: any BandKernel.Type
            switch self {
            case .baseline:
                kernel = LifeKernel.BitKernel.self
            case .avx2:
                #if LIFE_AVX2_KERNEL
                    kernel = LifeKernelAVX2.BitKernel.self
                #else
                    kernel = LifeKernel.BitKernel.self  // Not reached: not available.
                #endif
            }
            // The layout's guard words leave room for the widest lanes (see BitLayout).
            precondition(BitLayout.laneWords % kernel.laneWords == 0, "the \(self) kernel's lanes do not fit the layout")
            return kernel
        }
    }
}

/// A kernel's entry points, as both kernel modules declare them (see LifeKernel's `BitKernel`).
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
    static func stepCircuit(
        _ program: UnsafePointer<Int32>, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows first: Int, _ end: Int, words: Int, stride: Int)
    static func stripCircuit(
        _ program: UnsafePointer<Int32>, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows: UInt64, rowBase: Int, words: Int, stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64)
    static func count(
        _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int, words: Int, stride: Int
    ) -> (live: Int, alive: Int)
    static func stripConway(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>) -> (changed: UInt64, west: UInt64, east: UInt64)
    static func stripHighLife(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>) -> (changed: UInt64, west: UInt64, east: UInt64)
    static func stripSeeds(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>) -> (changed: UInt64, west: UInt64, east: UInt64)
    static func stripDayAndNight(
        _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>) -> (changed: UInt64, west: UInt64, east: UInt64)
    static func stripTable(
        _ table: UnsafeRawPointer, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>,
        rows: UInt64, rowBase: Int, words: Int, stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64)
    static func changes(
        _ plane: UnsafePointer<UInt64>, previous: UnsafePointer<UInt64>, rows first: Int, _ end: Int, words: Int,
        stride: Int, masks: UnsafePointer<UInt64>, rowBase: Int) -> (changed: UInt64, west: UInt64, east: UInt64)
    static var largerThanLifeLargestRange: Int { get }
    static func largerThanLifeMooreRow(
        range: Int, entering: UnsafePointer<UInt64>?, slot: UnsafeMutablePointer<UInt64>, counts: UnsafeMutablePointer<UInt64>,
        stride: Int, words first: Int, _ last: Int, live: UnsafePointer<UInt64>?, next: UnsafeMutablePointer<UInt64>,
        survival: (low: Int, end: Int), birth: (low: Int, end: Int))
}

extension LifeKernel.BitKernel: BandKernel {}

#if LIFE_AVX2_KERNEL
    extension LifeKernelAVX2.BitKernel: BandKernel {}
#endif

/// A rule as the kernels take it: the named rules have kernels of their own; any other Life-like
/// rule is a mask table that the kernel made (``BandKernel/withMaskTable(birth:survival:_:)``) and
/// that only it can read; any other rule on the 3 x 3 neighbourhood is a circuit's program (see
/// ``MooreCircuit``).
enum BandRule {
    case conway
    case highLife
    case seeds
    case dayAndNight
    case table(UnsafeRawPointer)
    case circuit(UnsafePointer<Int32>)
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
        case .circuit(let program): stepCircuit(program, input, output, rows: first, end, words: words, stride: stride)
        }
    }

    /// The rows `rowBase + n` for each bit n of `rows` of one group of `words` words (at `input`
    /// and `output`, row 0 of the group's first word) under `rule`, masked by `masks`, and which
    /// of them changed (bits the same way): see LifeKernel's `BitKernel.stripConway`.
    @inline(__always)
    static func strip(
        _ rule: BandRule, _ input: UnsafePointer<UInt64>, _ output: UnsafeMutablePointer<UInt64>, rows: UInt64, rowBase: Int,
        words: Int, stride: Int, masks: UnsafePointer<UInt64>
    ) -> (changed: UInt64, west: UInt64, east: UInt64) {
        switch rule {
        case .conway:
            stripConway(input, output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
        case .highLife:
            stripHighLife(input, output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
        case .seeds:
            stripSeeds(input, output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
        case .dayAndNight:
            stripDayAndNight(input, output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
        case .table(let table):
            stripTable(table, input, output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
        case .circuit(let program):
            stripCircuit(program, input, output, rows: rows, rowBase: rowBase, words: words, stride: stride, masks: masks)
        }
    }
}
