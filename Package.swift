// swift-tools-version:6.0
import PackageDescription

/// life: a Game of Life daemon (`lifed`) with thin clients (`lifectl`, `lifewatch`).
///
/// - `Protocol`: what clients and the daemon share: JSON, JSON Pointer, JSON Patch,
///   framing, messages, the state and action types. Pure values, no I/O.
/// - `LifeStore`: the Composable-Architecture-style store (Reducer, Effect, Store,
///   Scheduler) and the world's reducers. Daemon-side logic, tested in virtual time.
/// - `LifeIO`: POSIX plumbing shared by the executables: the epoll event loop,
///   Unix sockets, framed connections, child processes, command-line parsing.
/// - `LifeFetch`: fetching configuration lists over HTTP(S) (URLSession) and from files. The
///   only target that uses Foundation; only the helper `lifefetch` links it, and `lifed` runs
///   that in a child process for each fetch, so that lifed itself links no Foundation.
/// - `CLinux`: a C header for the Linux calls Swift's Glibc module leaves out (epoll, signalfd, pidfd).
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "life",
    products: [
        .executable(name: "lifed", targets: ["lifed"]),
        .executable(name: "lifectl", targets: ["lifectl"]),
        .executable(name: "lifewatch", targets: ["lifewatch"]),
        .executable(name: "lifebench", targets: ["lifebench"]),
        .executable(name: "lifefetch", targets: ["lifefetch"]),
        .library(name: "Protocol", targets: ["Protocol"]),
    ],
    targets: [
        .target(name: "Protocol", swiftSettings: strict),
        .target(name: "LifeStore", dependencies: ["Protocol"], swiftSettings: strict),
        .target(name: "CLinux"),
        .target(name: "LifeIO", dependencies: ["Protocol", "LifeStore", "CLinux"], swiftSettings: strict),
        .target(name: "LifeFetch", dependencies: ["Protocol", "LifeStore"], swiftSettings: strict),
        .executableTarget(name: "lifed", dependencies: ["Protocol", "LifeStore", "LifeIO", "CLinux"], swiftSettings: strict),
        .executableTarget(name: "lifefetch", dependencies: ["Protocol", "LifeFetch", "LifeIO"], swiftSettings: strict),
        .executableTarget(name: "lifectl", dependencies: ["Protocol", "LifeIO"], swiftSettings: strict),
        .target(name: "LifeTerminal", dependencies: ["Protocol"], swiftSettings: strict),
        .executableTarget(name: "lifewatch", dependencies: ["Protocol", "LifeIO", "LifeTerminal"], swiftSettings: strict),
        .executableTarget(name: "lifebench", dependencies: ["Protocol", "LifeStore", "LifeIO"], swiftSettings: strict),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol"], swiftSettings: strict),
        .testTarget(name: "LifeStoreTests", dependencies: ["LifeStore", "Protocol"], swiftSettings: strict),
        .testTarget(name: "LifeFetchTests", dependencies: ["LifeFetch", "LifeStore", "Protocol"], swiftSettings: strict),
        .testTarget(name: "LifeIOTests", dependencies: ["LifeIO"], swiftSettings: strict),
        .testTarget(name: "LifeTerminalTests", dependencies: ["LifeTerminal", "Protocol"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Protocol", "LifeIO", "lifed", "lifefetch", "lifectl", "lifewatch"],
            swiftSettings: strict
        ),
    ]
)
