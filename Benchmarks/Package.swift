// swift-tools-version:6.1
// Meridian's benchmarks: a nested package, so `swift test` in the root never builds the
// harness. Run with `bash Benchmarks/run.sh` (see BENCHMARKS.md).
import PackageDescription

let package = Package(
    name: "MeridianBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Meridian", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The peer: the same projection math as a plain C loop, compiled with -O3, linked into
        // the same benchmark binary so both run in one invocation on the same inputs.
        .target(name: "CProjectionPeer", cSettings: [.unsafeFlags(["-O3"])]),
        // The view and inputs both harnesses use.
        .target(name: "BenchmarkInputs", dependencies: ["CProjectionPeer", .product(name: "Meridian", package: "Meridian")]),
        // Interleaved A/B timing of Meridian and the peer: the ratio from one process, with
        // the machine's drift cancelled round by round.
        .executableTarget(name: "ProjectionRatio", dependencies: [
            "BenchmarkInputs", "CProjectionPeer", .product(name: "Meridian", package: "Meridian"),
        ]),
        // MVT decoding throughput, printed in the form of the mapbox-vector-tile peer.
        .executableTarget(name: "DecodeThroughput", dependencies: [.product(name: "MeridianTiles", package: "Meridian"), .product(name: "Meridian", package: "Meridian")]),
        // One view drawn again and again, for profilers.
        .executableTarget(name: "RenderLoop", dependencies: [
            .product(name: "Meridian", package: "Meridian"), .product(name: "MeridianRender", package: "Meridian"), .product(name: "MeridianTiles", package: "Meridian"),
            .product(name: "MeridianStyle", package: "Meridian"),
        ]),
        // Cold and warm frames from local PMTiles and from the same archives over HTTP (issue 35).
        .executableTarget(name: "RemoteFrames", dependencies: [
            .product(name: "Meridian", package: "Meridian"), .product(name: "MeridianRender", package: "Meridian"),
            .product(name: "MeridianTiles", package: "Meridian"), .product(name: "MeridianStyle", package: "Meridian"),
            .product(name: "MeridianRemote", package: "Meridian"),
        ]),
        .executableTarget(
            name: "MeridianBenchmarks",
            dependencies: [
                "BenchmarkInputs", "CProjectionPeer",
                .product(name: "Meridian", package: "Meridian"),
                .product(name: "MeridianRender", package: "Meridian"),
                .product(name: "MeridianTiles", package: "Meridian"),
                .product(name: "MeridianStyle", package: "Meridian"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MeridianBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
