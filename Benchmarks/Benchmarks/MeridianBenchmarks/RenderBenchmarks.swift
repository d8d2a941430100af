import Benchmark
import Foundation
import Meridian
import MeridianRender
import MeridianStyle
import MeridianTiles

/// Frames of the default data at 1024×768 (the Mapnik peer's views: helsinki_z15, helsinki_z17,
/// world_c_z2 in shared/peers/mapnik/render.py, plus the MapLibre Native peer's tilted z17 view,
/// which Mapnik cannot draw; run.sh gives MapLibre the same four): PNG out, tiles read and
/// decoded from MBTiles on every frame (no cache), so this is the whole cost of a static map.
/// Needs the data (scripts/build-data.sh); without it these benchmarks are not registered.
func renderBenchmarks() {
    let folder = ProcessInfo.processInfo.environment["MERIDIAN_DATA"] ?? "../.build/meridian-data"
    // Every source of the streets style, opened from the folder as the CLI and the server do.
    guard let sources = try? MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder)),
        sources.warnings.isEmpty
    else {
        print("render benchmarks skipped: no data in \(folder)")
        return
    }
    // As the meridian command (render, serve) does: a frame's buffers reused, not faulted in anew.
    FrameMemory.keepFreedMemory()
    let size = ScreenSize(width: 1024, height: 768)
    let views: [(String, CameraPosition)] = [
        (
            "render helsinki_z15 flat",
            try! CameraPosition(target: Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15)
        ),
        (
            "render helsinki_z17 flat",
            try! CameraPosition(target: Coordinate(latitude: 60.1712, longitude: 24.9425), zoom: 17)
        ),
        (
            "render helsinki_z17 bearing 30 tilt 60",
            try! CameraPosition(
                target: Coordinate(latitude: 60.1695, longitude: 24.9523), zoom: 17, bearing: 30, tilt: 60)
        ),
        ("render world_z2 flat", try! CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 2)),
    ]
    publishedSizedBenchmarks(folder: folder, size: size)
    hillshadeBenchmarks(folder: folder, size: size)
    for (name, camera) in views {
        let viewport = try! Viewport(camera: camera, size: size)
        Benchmark(name, configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)) { b in
            for _ in b.scaledIterations { blackHole(try MapRenderer().render(viewport, sources: sources).png) }
        }
        Benchmark(
            name + " (allocations)",
            configuration: .init(metrics: [.mallocCountTotal], maxDuration: .seconds(3), maxIterations: 20)
        ) { b in
            for _ in b.scaledIterations { blackHole(try MapRenderer().render(viewport, sources: sources).png) }
        }
        // The same frame with decoded tiles kept between frames (what a map session does).
        // Timed without counting allocations: the counting hook costs each malloc time (about
        // 3 ms of a z15 frame's 23,000), so the allocations are counted in a run of their own.
        let cache = RenderCache()
        Benchmark(
            name + " (warm tile cache)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations {
                blackHole(try MapRenderer().render(viewport, sources: sources, cache: cache).png)
            }
        }
        Benchmark(
            name + " (warm tile cache, allocations)",
            configuration: .init(metrics: [.mallocCountTotal], maxDuration: .seconds(3), maxIterations: 20)
        ) { b in
            for _ in b.scaledIterations {
                blackHole(try MapRenderer().render(viewport, sources: sources, cache: cache).png)
            }
        }
        // Drawing alone (warm cache), and PNG encoding alone of the drawn image.
        Benchmark(
            name + " (warm, draw only)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try MapRenderer().draw(viewport, sources: sources, cache: cache)) }
        }
        let drawn = try! MapRenderer().draw(viewport, sources: sources, cache: cache)
        Benchmark(
            name + " (PNG encode only)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try drawn.png()) }
        }
        Benchmark(
            name + " (PNG encode only, Cairo's libpng writer)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try drawn.cairoPNG()) }
        }
        // Frames of a moving camera: JPEG (libjpeg-turbo, quality 80), of the full frame and of
        // the viewer's preview (drawn at scale 0.5, a quarter of the pixels).
        Benchmark(
            name + " (JPEG encode only)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try drawn.jpeg()) }
        }
        let preview = try! MapRenderer().draw(viewport, sources: sources, scale: 0.5, cache: cache)
        Benchmark(
            name + " (moving: JPEG encode of the 0.5-scale preview)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try preview.jpeg()) }
        }
    }
}

/// Two views drawn with Meridian's own published-style-sized style (`bright_sized_style.py`: as
/// many layers, filters and zoom functions as OSM Bright), which run.sh writes to
/// `out/bright-sized.json` before the benchmarks and gives MapLibre Native too: a warm frame
/// (draw + PNG) of each, as the streets style's "(warm tile cache)" figures. Not registered
/// when the file is not there.
func publishedSizedBenchmarks(folder: String, size: ScreenSize) {
    guard let data = FileManager.default.contents(atPath: "out/bright-sized.json"),
        let style = try? Style(json: data),
        let sources = try? MapSources(style: style, folder: DataFolder(path: folder)), sources.missing.isEmpty
    else {
        print("published-style-sized benchmarks skipped: no out/bright-sized.json (run.sh writes it)")
        return
    }
    let views: [(String, CameraPosition)] = [
        (
            "render bright-sized helsinki_z15 flat",
            try! CameraPosition(target: Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15)
        ),
        (
            "render bright-sized helsinki_z17 bearing 30 tilt 60",
            try! CameraPosition(
                target: Coordinate(latitude: 60.1695, longitude: 24.9523), zoom: 17, bearing: 30, tilt: 60)
        ),
    ]
    warmFrameBenchmarks(views, style: style, sources: sources, size: size)
}

/// Two views of the default data's Jacksboro elevation model drawn with a hillshade style
/// (`out/hillshade.json`, which run.sh writes and gives MapLibre Native too): a warm frame (draw +
/// PNG) of each, flat at zoom 11 and tilted at zoom 12. Not registered without the file or the data.
func hillshadeBenchmarks(folder: String, size: ScreenSize) {
    guard let data = FileManager.default.contents(atPath: "out/hillshade.json"), let style = try? Style(json: data),
        let sources = try? MapSources(style: style, folder: DataFolder(path: folder)), sources.missing.isEmpty
    else {
        print("hillshade benchmarks skipped: no out/hillshade.json (run.sh writes it) or no elevation data")
        return
    }
    let views: [(String, CameraPosition)] = [
        (
            "render hillshade jacksboro_z11 flat",
            try! CameraPosition(target: Coordinate(latitude: 36.59, longitude: -84.25), zoom: 11)
        ),
        (
            "render hillshade jacksboro_z12 bearing 30 tilt 50",
            try! CameraPosition(
                target: Coordinate(latitude: 36.60, longitude: -84.28), zoom: 12, bearing: 30, tilt: 50)
        ),
    ]
    warmFrameBenchmarks(views, style: style, sources: sources, size: size)
}

/// A warm frame (draw + PNG) and its drawing alone of each view, with one cache a view: the
/// "(warm tile cache)" and "(warm, draw only)" figures that summarize.py sets beside MapLibre Native.
func warmFrameBenchmarks(_ views: [(String, CameraPosition)], style: Style, sources: MapSources, size: ScreenSize) {
    for (name, camera) in views {
        let viewport = try! Viewport(camera: camera, size: size)
        let cache = RenderCache()
        let renderer = MapRenderer(style: style)
        Benchmark(
            name + " (warm tile cache)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try renderer.render(viewport, sources: sources, cache: cache).png) }
        }
        Benchmark(
            name + " (warm, draw only)",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
        ) { b in
            for _ in b.scaledIterations { blackHole(try renderer.draw(viewport, sources: sources, cache: cache)) }
        }
    }
}
