// swift-tools-version:6.0
// Meridian: an open map camera-and-view engine. Layers are described in README.md ("Architecture").
import PackageDescription

let package = Package(
    name: "Meridian",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Meridian", targets: ["Meridian"]),
        .library(name: "MeridianGeometry", targets: ["MeridianGeometry"]),
        .library(name: "MeridianCamera", targets: ["MeridianCamera"]),
        .library(name: "MeridianOverlays", targets: ["MeridianOverlays"]),
        .library(name: "MeridianMap", targets: ["MeridianMap"]),
        .library(name: "GoogleMapsCompat", targets: ["GoogleMapsCompat"]),
        .library(name: "MeridianTiles", targets: ["MeridianTiles"]),
        .library(name: "MeridianRender", targets: ["MeridianRender"]),
        .library(name: "MeridianStyle", targets: ["MeridianStyle"]),
        .library(name: "MeridianServing", targets: ["MeridianServing"]),
        .library(name: "MeridianServer", targets: ["MeridianServer"]),
        .library(name: "MeridianData", targets: ["MeridianData"]),
        .library(name: "MeridianRemote", targets: ["MeridianRemote"]),
        .executable(name: "meridian", targets: ["meridian"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs of the public modules.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Math layers: no Foundation, elementary functions from RealModule.
        .target(name: "MeridianGeometry", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "MeridianCamera", dependencies: ["MeridianGeometry", .product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "MeridianMotion", dependencies: ["MeridianCamera", .product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "MeridianGestures", dependencies: ["MeridianGeometry", .product(name: "RealModule", package: "swift-numerics")]),
        // Overlay values (markers, lines, polygons, circles), the drawn marker shape and hit testing:
        // pure values below the hub, shared by the map and the renderer.
        .target(name: "MeridianOverlays", dependencies: ["MeridianCamera", .product(name: "RealModule", package: "swift-numerics")]),
        // The one stateful hub: camera, constraints, animations on a clock, events, gestures, overlays.
        .target(name: "MeridianMap", dependencies: ["MeridianCamera", "MeridianMotion", "MeridianGestures", "MeridianOverlays"]),
        // Tiles: MBTiles (SQLite) and Mapbox Vector Tiles (hand-written decoder, zlib inflate).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "MeridianTiles", dependencies: ["MeridianCamera", "CSQLite", "CZlib"]),
        // Style documents (a MapLibre style-spec subset): parsing, validation, expressions.
        .target(name: "MeridianStyle", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // Drawing: Cairo through a system-library target.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // JPEG for frames of a moving camera: libjpeg-turbo (Debian's libjpeg62-turbo-dev) behind a
        // small C shim that turns libjpeg's error exits into return codes.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CGround"),
        // PNG's zlib stream through ISA-L's igzip (Debian's libisal-dev): DEFLATE at level 1 in a
        // third of libdeflate's time on map frames (BENCHMARKS.md, issue 20).
        // format=webp for static maps and raster tiles: Debian's libwebp-dev.
        // Text shaping: HarfBuzz (Debian's libharfbuzz-dev) and bidirectional order by FriBidi
        // (libfribidi-dev), for labels in every script.
        .systemLibrary(name: "CShaping", path: "Sources/CShaping", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev", "libfribidi-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CIsal", path: "Sources/CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // Geometry rasterised by Blend2D (zlib licence): the static library of its PyPI wheel,
        // fetched into .build/blend2d by scripts/blend2d.sh (run by scripts/setup.sh), declared by
        // a header of our own.
        .target(name: "CBlend2D", linkerSettings: [
            .unsafeFlags(["-L\(Context.packageDirectory)/.build/blend2d"]), .linkedLibrary("blend2d"), .linkedLibrary("stdc++"), .linkedLibrary("pthread"),
        ]),
        .target(name: "MeridianRender", dependencies: ["MeridianOverlays", "MeridianTiles", "MeridianStyle", "CCairo", "CZlib", "CJPEG", "CIsal", "CWebP", "CBlend2D", "CShaping", "CGround",
                                                       .product(name: "RealModule", package: "swift-numerics")]),
        // Umbrella: re-exports, no code.
        .target(name: "Meridian", dependencies: ["MeridianGeometry", "MeridianCamera", "MeridianMotion", "MeridianGestures", "MeridianOverlays", "MeridianMap"]),
        // The Maps SDK for iOS's camera-and-view API as thin types over the core (Foundation at this edge).
        .target(name: "GoogleMapsCompat", dependencies: ["Meridian"]),
        // Text forms of the values (CLI arguments, query parameters) and ordered JSON output.
        .target(name: "MeridianText", dependencies: ["MeridianCamera", "MeridianOverlays", "MeridianStyle"]),
        // What a server serves and makes, below HTTP: the served data, the drawing pool, the
        // metatile cut, the response cache, and the pyramid job (`meridian tiles render`).
        .target(name: "MeridianServing", dependencies: [
            "MeridianRender", "MeridianStyle", "MeridianTiles", "MeridianText", "MeridianCamera", "MeridianGeometry",
            "MeridianOverlays",
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The HTTP service: static maps, tiles, the style, and the viewer's map sessions over WebSocket.
        .target(name: "MeridianServer", dependencies: [
            "Meridian", "MeridianServing", "MeridianRender", "MeridianStyle", "MeridianTiles", "MeridianText",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The data folder: importing OpenStreetMap extracts (osmium, tilemaker) and tilesets, listing, removing.
        .target(name: "MeridianData", dependencies: ["MeridianGeometry", "MeridianCamera", "MeridianTiles", "MeridianRender", "CSQLite"]),
        // Archives on an HTTP server read by range requests (AsyncHTTPClient), for nodes that share one copy of the data.
        .target(name: "MeridianRemote", dependencies: [
            "MeridianTiles", "MeridianCamera", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The command-line tool.
        .executableTarget(name: "meridian", dependencies: [
            "Meridian", "MeridianText", "MeridianRender", "MeridianTiles", "MeridianData", "MeridianServing", "MeridianServer", "MeridianRemote", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .target(name: "MeridianTestSupport", dependencies: ["MeridianGeometry", "CCairo"], path: "Tests/MeridianTestSupport"),
        // Tests only: an independent MVT writer, gzip and an MBTiles writer for generated fixtures.
        .target(name: "MeridianTileFixtures", dependencies: ["MeridianTiles", "MeridianCamera", "CSQLite", "CZlib", "MeridianTestSupport"], path: "Tests/MeridianTileFixtures"),
        .testTarget(name: "MeridianGeometryTests", dependencies: [
            "MeridianGeometry", "MeridianTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MeridianCameraTests", dependencies: [
            "MeridianCamera", "MeridianTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MeridianMotionTests", dependencies: [
            "MeridianMotion", "MeridianTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MeridianGesturesTests", dependencies: ["MeridianGestures", "MeridianTestSupport"]),
        .testTarget(name: "MeridianOverlaysTests", dependencies: [
            "MeridianOverlays", "MeridianTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MeridianMapTests", dependencies: [
            "MeridianMap", "MeridianTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "GoogleMapsCompatTests", dependencies: ["GoogleMapsCompat", "MeridianTestSupport"]),
        .testTarget(name: "MeridianTilesTests", dependencies: [
            "MeridianTiles", "CSQLite", "CZlib", "MeridianTestSupport", "MeridianTileFixtures", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "MeridianRenderTests", dependencies: ["MeridianRender", "MeridianStyle", "MeridianText", "MeridianData", "CCairo", "CWebP", "MeridianTestSupport", "MeridianTileFixtures"]),
        .testTarget(name: "MeridianStyleTests", dependencies: ["MeridianStyle", "MeridianTestSupport"]),
        .target(name: "MeridianServingFixtures", dependencies: ["MeridianServing", "MeridianRender", "MeridianCamera", "MeridianGeometry", "MeridianTestSupport"], path: "Tests/MeridianServingFixtures"),
        .testTarget(name: "MeridianServingTests", dependencies: ["MeridianServing", "MeridianServingFixtures", "MeridianRender", "MeridianStyle", "MeridianTiles", "MeridianCamera", "MeridianGeometry", "MeridianOverlays", "MeridianTestSupport",
                                                                   .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]),
        .testTarget(name: "MeridianServerTests", dependencies: ["MeridianServer", "MeridianServing", "MeridianServingFixtures", "MeridianRemote", "MeridianRender", "MeridianStyle", "MeridianTiles", "CWebP", "MeridianTestSupport", "MeridianTileFixtures",
                                                                  .product(name: "CompressNIO", package: "compress-nio")]),
        .testTarget(name: "MeridianDataTests", dependencies: ["MeridianData", "MeridianTiles", "MeridianRender", "MeridianStyle", "MeridianGeometry", "CSQLite", "MeridianCamera", "MeridianTestSupport", "MeridianTileFixtures"]),
        .testTarget(name: "MeridianRemoteTests", dependencies: [
            "MeridianRemote", "MeridianRender", "MeridianStyle", "MeridianTiles", "MeridianCamera", "MeridianGeometry", "MeridianTestSupport", "MeridianTileFixtures",
            "MeridianServer", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "MeridianCLITests", dependencies: ["meridian", "MeridianStyle", "MeridianText", "MeridianTiles", "MeridianTestSupport"]),
    ]
)
