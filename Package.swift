// swift-tools-version:6.0
import PackageDescription

/// life: a Game of Life daemon (`lifed`) with thin clients (`lifectl`, `lifewatch`).
///
/// - `LifeJSON`: JSON values, their parser and encoder, JSON Pointer (RFC 6901), JSON Patch
///   (RFC 6902) and the diff that makes one. Knows nothing of the game. Pure values, no I/O.
/// - `LifeGrid`: the world's cells and geometry as values (`Cell`, `CellRect`, `BitPlane`, `Grid`,
///   `Rule`, `Topology`, `Pattern`, editing planes, `SplitMix64` and `RandomSource`), no JSON.
/// - `LifePatterns`: the pattern files, read and written (RLE, macrocell, plaintext, Life 1.05 and
///   1.06, the course's JSON and its `Configuration` entries, gzip with `Inflate` and CRC-32).
/// - `Protocol`: what clients and the daemon say to each other, built on LifeGrid, LifePatterns and
///   LifeJSON: framing, requests, messages, error codes, the fields reader, the state, the actions.
/// - `LifeScheduling`: time and executors, shared by the store and the I/O: `Scheduler`,
///   `Cancellable`, `Inbox`, `TestScheduler` (virtual time), `BackgroundThread`, `WallClock`.
///   Small, so that the thin clients link no engine through LifeSystem.
/// - `LifeEngine`: the bit engine that steps a `Grid` (`BitGrid`, its activity tracking, threads
///   and the choice of kernel at run time), knowing nothing of the state or the store.
/// - `LifeStore`: the Composable-Architecture-style store (Reducer, Effect, Store) with the world's
///   reducers, the jumps' computation and where it runs, and the built-in configurations.
/// - `LifeKernel`: the bit engine's inner loop (a band of rows of one generation, on SIMD lanes
///   of two 64-bit words; a row of Larger than Life's bit-sliced Moore counts), for the processor
///   the package is built for (x86-64: SSE2).
/// - `LifeKernelAVX2` (x86-64 hosts only): the same source files, symbolic links to LifeKernel's,
///   built for Haswell with lanes of four words (`LIFE_WIDE_LANES`). LifeEngine uses it when the
///   processor has AVX2 (decided once at run time; `LIFE_ENGINE_KERNEL=baseline|avx2` forces one).
/// - `LifeDaemon`: the daemon's logic that needs no socket: the subscription table and its limits,
///   rendering the parts of the state that requests ask for, the publisher that computes each
///   change's diffs from the grid's bit planes, the fan-out that decides who is sent a diff and who
///   a resync, and the action log. Unit-tested without sockets.
/// - `LifeTerminal`: lifewatch as values: its UI, subscription, requests in flight, reconnecting,
///   frame pacing and screen, each taking events and returning commands. Unit-tested without a
///   socket or a terminal; the executable only carries the commands out.
/// - `LifeSystem`: POSIX plumbing shared by the executables, knowing no wire type: descriptors and
///   errno (`FileDescriptor`, `SystemError`), the epoll event loop, Unix sockets and the acceptor,
///   output queues, child processes, files, signals, systemd, the logger, the terminal, command lines.
/// - `LifeClient`: the clients' side of the wire, on LifeSystem: the framed `Connection` to `lifed`,
///   starting `lifed` on demand (`DaemonLauncher`) and deciding whether to trust it (`ServerTrust`).
/// - `LifeStorage`: the daemon's state on disk: an append-only journal of records plus a binary
///   snapshot of the world, a version floor, crash-safe replacement and compaction. Treats record
///   payloads and the snapshot's header as opaque bytes; knows `Grid` for the snapshot's body.
/// - `LifeFetch`: fetching configuration lists over HTTP(S) (URLSession) and from files. The
///   only target that uses Foundation; only the helper `lifefetch` links it, and `lifed` runs
///   that in a child process for each fetch, so that lifed itself links no Foundation.
/// - `CLinux`: a C header for the Linux calls Swift's Glibc module leaves out (epoll, signalfd,
///   pidfd, SO_PEERCRED and SO_PEERGROUPS, malloc_trim and the malloc arenas), the processor's
///   features, and the hard exit deadline of lifefetch (a thread in CLinux.c).
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// The kernels LifeEngine can pick from; LIFE_AVX2_KERNEL tells it whether it has the AVX2 one.
// `#if arch` is the host's architecture (this manifest is compiled for the host), which is the
// target's unless cross-compiling. The AVX2 kernel is optimized in debug builds too: unoptimized,
// it would be full of the shared helpers that scripts/check-kernel-symbols.sh keeps out of it
// (see BitKernel.swift).
var kernels: [Target] = [.target(name: "LifeKernel", swiftSettings: strict)]
var engineSettings = strict
#if arch(x86_64)
    kernels.append(
        .target(
            name: "LifeKernelAVX2",
            swiftSettings: strict + [.unsafeFlags(["-O", "-target-cpu", "haswell"]), .define("LIFE_WIDE_LANES")]))
    engineSettings.append(.define("LIFE_AVX2_KERNEL"))
#endif

let package = Package(
    name: "life",
    products: [
        .executable(name: "lifed", targets: ["lifed"]),
        .executable(name: "lifectl", targets: ["lifectl"]),
        .executable(name: "lifewatch", targets: ["lifewatch"]),
        .executable(name: "lifebench", targets: ["lifebench"]),
        .executable(name: "lifefetch", targets: ["lifefetch"]),
        .library(name: "Protocol", targets: ["Protocol", "LifePatterns", "LifeGrid", "LifeJSON"]),
    ],
    targets: [
        .target(name: "LifeJSON", swiftSettings: strict),
        .target(name: "LifeGrid", swiftSettings: strict),
        .target(name: "LifePatterns", dependencies: ["LifeGrid", "LifeJSON"], swiftSettings: strict),
        .target(name: "Protocol", dependencies: ["LifeGrid", "LifePatterns", "LifeJSON"], swiftSettings: strict),
        .target(name: "LifeScheduling", swiftSettings: strict),
        .target(
            name: "LifeEngine", dependencies: ["LifeGrid", "CLinux"] + kernels.map { .target(name: $0.name) }, swiftSettings: engineSettings),
        .target(
            name: "LifeStore", dependencies: ["Protocol", "LifeGrid", "LifePatterns", "LifeEngine", "LifeScheduling"],
            swiftSettings: strict),
        .target(name: "CLinux"),
        .target(
            name: "LifeDaemon", dependencies: ["Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeScheduling", "LifeStore"],
            swiftSettings: strict),
        .target(name: "LifeSystem", dependencies: ["LifeScheduling", "CLinux"], swiftSettings: strict),
        .target(name: "LifeClient", dependencies: ["Protocol", "LifeJSON", "LifeSystem", "CLinux"], swiftSettings: strict),
        .target(name: "LifeStorage", dependencies: ["LifeGrid", "LifePatterns", "LifeScheduling", "LifeSystem"], swiftSettings: strict),
        .target(name: "LifeFetch", dependencies: ["Protocol", "LifePatterns", "LifeJSON", "LifeSystem", "LifeScheduling"], swiftSettings: strict),
        .executableTarget(
            name: "lifed",
            dependencies: [
                "Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeScheduling", "LifeEngine", "LifeStore", "LifeDaemon", "LifeStorage",
                "LifeSystem", "CLinux",
            ],
            swiftSettings: strict),
        .executableTarget(name: "lifefetch", dependencies: ["Protocol", "LifeJSON", "LifeFetch", "LifeSystem", "LifeScheduling", "CLinux"], swiftSettings: strict),
        .executableTarget(
            name: "lifectl", dependencies: ["Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeClient", "LifeSystem", "LifeScheduling", "LifeTerminal"],
            swiftSettings: strict),
        .target(name: "LifeTerminal", dependencies: ["Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeScheduling"], swiftSettings: strict),
        .executableTarget(
            name: "lifewatch", dependencies: ["Protocol", "LifeJSON", "LifeClient", "LifeSystem", "LifeScheduling", "LifeTerminal"],
            swiftSettings: strict),
        .executableTarget(
            name: "lifebench", dependencies: ["Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeEngine", "LifeStore", "LifeClient", "LifeSystem", "LifeScheduling"],
            swiftSettings: strict),
        // What more than one test target needs, in three targets so that none links more than it
        // uses (a thin client's tests link no engine). LifeTestSupport: the seed helper
        // (LIFE_TEST_SEED), ending and reaping child processes, grids as text and the reference
        // stepper, random JSON values, a small HTTP server. StoreTestSupport (+ LifeStore): TestStore
        // and the store's fixtures. DaemonTestSupport (+ LifeClient, LifeSystem): lifed on a
        // temporary socket, the client tools, waiting on replies, versions, counters and log lines.
        // SplitMix64, the tests' random numbers, is LifeGrid's.
        .target(
            name: "LifeTestSupport", dependencies: ["Protocol", "LifeGrid", "LifeJSON", "CLinux"], path: "Tests/LifeTestSupport",
            swiftSettings: strict),
        .target(
            name: "StoreTestSupport", dependencies: ["LifeTestSupport", "LifeStore", "LifeScheduling", "Protocol", "LifeGrid", "LifePatterns"],
            path: "Tests/StoreTestSupport", swiftSettings: strict),
        .target(
            name: "DaemonTestSupport",
            dependencies: ["LifeTestSupport", "LifeClient", "LifeSystem", "Protocol", "LifePatterns", "LifeJSON", "CLinux"],
            path: "Tests/DaemonTestSupport", swiftSettings: strict),
        .testTarget(name: "LifeJSONTests", dependencies: ["LifeJSON", "LifeTestSupport", "LifeGrid"], swiftSettings: strict),
        .testTarget(
            name: "ProtocolTests", dependencies: ["Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeTestSupport"], swiftSettings: strict),
        .testTarget(name: "LifeSchedulingTests", dependencies: ["LifeScheduling"], swiftSettings: strict),
        .testTarget(
            name: "LifeStoreTests",
            dependencies: ["LifeStore", "LifeEngine", "LifeScheduling", "Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeTestSupport", "StoreTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LifeFetchTests",
            dependencies: ["LifeFetch", "LifeScheduling", "LifeStore", "Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "LifeSystemTests", dependencies: ["LifeSystem", "LifeScheduling"], swiftSettings: strict),
        .testTarget(name: "LifeClientTests", dependencies: ["LifeClient", "LifeSystem", "Protocol"], swiftSettings: strict),
        .testTarget(
            name: "LifeDaemonTests",
            dependencies: ["LifeDaemon", "LifeScheduling", "LifeStore", "Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeTestSupport"],
            swiftSettings: strict),
        // A process that writes to a LifeStorage folder in a loop until it is killed (the kill -9 test).
        .executableTarget(
            name: "StorageCrashWriter", dependencies: ["LifeStorage", "LifeScheduling", "LifeGrid", "LifeSystem"],
            path: "Tests/StorageCrashWriter", swiftSettings: strict),
        .testTarget(
            name: "LifeStorageTests", dependencies: ["LifeStorage", "LifeScheduling", "LifeGrid", "LifeSystem", "StorageCrashWriter", "LifeTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "LifectlTests", dependencies: ["lifectl", "Protocol"], swiftSettings: strict),
        .testTarget(name: "LifebenchTests", dependencies: ["lifebench"], swiftSettings: strict),
        .testTarget(name: "LifeTerminalTests", dependencies: ["LifeTerminal", "Protocol", "LifeGrid", "LifeJSON"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Protocol", "LifeGrid", "LifePatterns", "LifeJSON", "LifeClient", "LifeSystem", "LifeTestSupport", "DaemonTestSupport", "lifed",
                "lifefetch", "lifectl", "lifewatch",
            ],
            swiftSettings: strict
        ),
    ] + kernels
)
