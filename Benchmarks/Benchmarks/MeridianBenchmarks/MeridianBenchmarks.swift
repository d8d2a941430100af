import Benchmark
import BenchmarkInputs
import Meridian

/// Projection throughput through a tilted, rotated viewport (batch API over a buffer, no
/// per-point allocation) against the C peer on the same inputs, plus fitting, update
/// application and tile cover. Throughput is in points per second: one "item" is one point.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds, warmupIterations: 3,
        maxDuration: .seconds(2), maxIterations: 100_000)
    for n in [4_096, 1_000_000] {
        let buffers = ProjectionBuffers(points: n)
        let label = n == 4_096 ? "4096 (cache-resident)" : "1M (streaming)"
        let config = Benchmark.Configuration(scalingFactor: .one)
        // Cross-check once: Meridian and the peer compute the same points.
        buffers.meridianFull()
        buffers.cFull()
        print("check full \(label): max |Meridian − C| = \(buffers.maxDifference) pt")
        for (name, kernel) in [
            ("full lat/lng→screen \(label): Meridian", buffers.meridianFull),
            ("full lat/lng→screen \(label): C -O3", buffers.cFull),
            ("camera step world→screen \(label): Meridian", buffers.meridianCamera),
            ("camera step world→screen \(label): C -O3", buffers.cCamera),
        ] {
            Benchmark(name, configuration: config) { b in
                for _ in b.scaledIterations {
                    kernel()
                    blackHole(buffers.screen[n / 2])
                    blackHole(buffers.peerScreen[n / 2])
                }
            }
        }
    }

    let bounds = CoordinateBounds(
        Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 51.05, longitude: -114.05))
    Benchmark("fit bounds, flat (SDK fit)") { b in
        for _ in b.scaledIterations {
            blackHole(try CameraFit.camera(fitting: bounds, size: Inputs.size, insets: EdgeInsets(all: 64)))
        }
    }
    Benchmark("fit bounds, bearing 30 tilt 45 (exact perspective)") { b in
        let small = CoordinateBounds(
            Coordinate(latitude: 60.165, longitude: 24.935), Coordinate(latitude: 60.178, longitude: 24.955))
        for _ in b.scaledIterations {
            blackHole(
                try CameraFit.camera(
                    fitting: small, size: Inputs.size, insets: EdgeInsets(all: 64), bearing: 30, tilt: 45))
        }
    }
    Benchmark("apply update: zoom by 1.5 at a point (tilted)") { b in
        let update = CameraUpdate.zoomBy(1.5, focus: ScreenPoint(x: 200, y: 300))
        for _ in b.scaledIterations { blackHole(try update.applied(to: Inputs.viewport)) }
    }
    Benchmark("apply update: scroll by (200, 100) (tilted)") { b in
        let update = CameraUpdate.scroll(by: ScreenVector(dx: 200, dy: 100))
        for _ in b.scaledIterations { blackHole(try update.applied(to: Inputs.viewport)) }
    }
    Benchmark("tile cover at zoom 15 (tilted, rotated)") { b in
        for _ in b.scaledIterations { blackHole(try Inputs.viewport.tiles(zoom: 15)) }
    }
    renderBenchmarks()
}
