// swift-tools-version:6.0
// A Swift package that uses Meridian's camera math and its Maps SDK-style API, nothing else:
// what a developer adds to their own package (README, "Meridian as a dependency"). It builds
// and links with the Swift toolchain's own libraries alone (no Cairo, SQLite or other -dev
// package): Tests/MeridianCLITests/ConsumerPackageTests.swift checks it.
import PackageDescription

let package = Package(
    name: "MeridianConsumer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Meridian", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "MeridianCamera", package: "Meridian"),
            .product(name: "GoogleMapsCompat", package: "Meridian"),
        ]),
    ]
)
