import Foundation
import Logging
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTiles
import Metrics

/// Every drawing the service makes goes through ``drawing(_:credit:deadline:what:bands:_:)``: a
/// pooled worker's renderer, its deadline, and its errors as ``ServingError``s. Map images
/// (``image(_:deadline:)``), raster tiles cut from metatiles
/// (``rasterTile(_:scale:mapType:format:deadline:)``) and the server's viewer frames use it.
extension MapDrawer {
    /// The map image `key` names (its viewport in its map type, format and scale, with its
    /// overlays); from the response cache when it was drawn before from the same data.
    /// - Throws: as ``drawing(_:credit:deadline:what:bands:_:)``, naming `map`.
    public func image(_ key: ResponseKey.ImageKey, deadline: Deadline = .never) throws(ServingError) -> [UInt8] {
        if let hit = cached(.image(key)) {
            Counter(label: "meridian_response_cache_hits_total").increment()
            return hit
        }
        Counter(label: "meridian_response_cache_misses_total").increment()
        let made = dataStamp
        let bytes = try drawing(key.mapType, credit: key.credit, deadline: deadline) { renderer, sources, cache in
            try reported(
                renderer.draw(
                    key.viewport, sources: sources, overlays: key.overlays, scale: Double(key.scale), cache: cache)
            ).encoded(key.format)
        }
        keep(bytes, for: .image(key), made: made)
        return bytes
    }

    /// The image, after one log line (notice) when its labels hold characters no font covers
    /// (drawn as replacement boxes), naming up to five of them, and one when its symbols name
    /// images no sprite has (MapLibre's `styleimagemissing`), naming up to eight.
    public func reported(_ image: MapRenderer.Image) -> MapRenderer.Image {
        let uncovered = image.uncoveredTexts
        if !uncovered.isEmpty {
            Logger(label: "meridian.render").notice(
                "labels hold characters no font covers, drawn as boxes",
                metadata: ["count": "\(uncovered.count)", "texts": "\(uncovered.prefix(5).joined(separator: " | "))"])
        }
        if !image.missingImages.isEmpty {
            Logger(label: "meridian.render").notice(
                "symbols name images no sprite has, drawn without them",
                metadata: [
                    "count": "\(image.missingImages.count)",
                    "images": "\(image.missingImages.prefix(8).joined(separator: " | "))",
                ])
        }
        return image
    }

    /// Runs `body` with a pooled worker's renderer for a map type (no credit line unless `credit`,
    /// abandoned at `deadline`, rasterised on `bands` threads), its open sources and its tile
    /// cache.
    ///
    /// Static maps and tiles take one band: the drawing lanes already keep both cores busy under
    /// load, and a second band costs more CPU under tilt (BENCHMARKS.md); viewer frames take two,
    /// for latency.
    ///
    /// - Throws: ``ServingError/deadlinePassed(stage:)`` when the drawing passed `deadline`
    ///   (counted in `meridian_drawings_abandoned_total`); ``ServingError/unavailable(_:)`` when
    ///   data it started with has gone; ``ServingError/remote(parameter:_:retryAfter:)`` when a
    ///   data server cannot be read now; else ``ServingError/failed(parameter:_:)`` naming `what`.
    public func drawing<T>(
        _ mapType: MapType, credit: Bool, deadline: Deadline, what: String = "map", bands: Int = 1,
        _ body: (MapRenderer, MapSources, RenderCache) throws -> T
    ) throws(ServingError) -> T {
        let style = data.styles[mapType]!
        do {
            return try withWorker { worker in
                var renderer = MapRenderer(style: style)
                if !credit { renderer.attribution = "" }
                renderer.deadline = deadline
                renderer.bands = bands
                // A remote archive replaced mid-frame: the frame is drawn again, whole, from the new
                // one (sources reopened, the old one's tiles dropped), never from both.
                func draw() throws -> T {
                    try body(
                        renderer, try worker.sources(for: mapType, style: style, expecting: data.found[mapType] ?? []),
                        worker.cache)
                }
                do { return try draw() } catch TileError.changed(let url) {
                    Logger(label: "meridian.server").notice(
                        "a remote archive was replaced; drawing again", metadata: ["url": "\(url)"])
                    worker.reopen()
                    return try draw()
                }
            }
        } catch let RenderError.deadlinePassed(stage) {
            Counter(label: "meridian_drawings_abandoned_total").increment()
            throw .deadlinePassed(stage: stage)
        } catch {
            throw Self.failure(error, what) ?? .failed(parameter: what, "drawing failed: \(error)")
        }
    }
}
