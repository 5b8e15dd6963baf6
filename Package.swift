// swift-tools-version:6.0
import PackageDescription

/// life: a Game of Life daemon (`lifed`) with thin clients (`lifectl`, `lifewatch`).
///
/// - `Protocol`: what clients and the daemon share: JSON, JSON Pointer, JSON Patch,
///   framing, messages, the state and action types. Pure values, no I/O.
/// - `LifeStore`: the Composable-Architecture-style store (Reducer, Effect, Store,
///   Scheduler) and the world's reducers. Daemon-side logic, tested in virtual time.
/// - `LifeKernel`: the bit engine's inner loop (a band of rows of one generation, on SIMD lanes
///   of two 64-bit words), for the processor the package is built for (x86-64: SSE2).
/// - `LifeIO`: POSIX plumbing shared by the executables: the epoll event loop,
///   Unix sockets, framed connections, command-line parsing.
/// - `CLinux`: a C header for the Linux calls Swift's Glibc module leaves out (epoll, signalfd).
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "life",
    products: [
        .executable(name: "lifed", targets: ["lifed"]),
        .executable(name: "lifectl", targets: ["lifectl"]),
        .executable(name: "lifewatch", targets: ["lifewatch"]),
        .executable(name: "lifebench", targets: ["lifebench"]),
        .library(name: "Protocol", targets: ["Protocol"]),
    ],
    targets: [
        .target(name: "Protocol", swiftSettings: strict),
        .target(name: "LifeKernel", swiftSettings: strict),
        .target(name: "LifeStore", dependencies: ["Protocol", "LifeKernel"], swiftSettings: strict),
        .target(name: "CLinux"),
        .target(name: "LifeIO", dependencies: ["Protocol", "LifeStore", "CLinux"], swiftSettings: strict),
        .target(name: "LifeFetch", dependencies: ["Protocol", "LifeStore"], swiftSettings: strict),
        .executableTarget(name: "lifed", dependencies: ["Protocol", "LifeStore", "LifeIO", "LifeFetch", "CLinux"], swiftSettings: strict),
        .executableTarget(name: "lifectl", dependencies: ["Protocol", "LifeIO"], swiftSettings: strict),
        .target(name: "LifeTerminal", dependencies: ["Protocol"], swiftSettings: strict),
        .executableTarget(name: "lifewatch", dependencies: ["Protocol", "LifeIO", "LifeTerminal"], swiftSettings: strict),
        .executableTarget(name: "lifebench", dependencies: ["Protocol", "LifeStore", "LifeIO"], swiftSettings: strict),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol"], swiftSettings: strict),
        .testTarget(name: "LifeStoreTests", dependencies: ["LifeStore", "Protocol"], swiftSettings: strict),
        .testTarget(name: "LifeFetchTests", dependencies: ["LifeFetch", "LifeStore", "Protocol"], swiftSettings: strict),
        .testTarget(name: "LifeTerminalTests", dependencies: ["LifeTerminal", "Protocol"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Protocol", "LifeIO", "lifed", "lifectl", "lifewatch"],
            swiftSettings: strict
        ),
    ]
)
