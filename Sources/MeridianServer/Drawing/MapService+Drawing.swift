import Foundation
import Logging
import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianRender
import MeridianStyle
import MeridianTiles
import Metrics

/// Every drawing the server makes, in one place: static maps (``image(key:format:mapType:viewport:overlays:scale:credit:deadline:)``),
/// raster tiles cut from metatiles (``rasterTile(_:scale:mapType:format:deadline:)``) and viewer
/// frames (``frame(_:deadline:)``), each through ``drawing(_:credit:deadline:what:bands:_:)``: a
/// pooled worker's renderer, its deadline, and its errors turned into responses.
extension MapService {
    /// Raster tiles are drawn as part of a metatile of this many tiles a side (fewer at zooms 0 and
    /// 1), as tile servers do: labels are placed once for the whole metatile, so the tiles inside
    /// it agree on every label.
    ///
    /// Labels are placed in the metatile widened by the renderer's label margin and drawn across
    /// its edges, so two neighbouring metatiles place a label on their common edge alike and each
    /// draws its part (`MapRenderer/labelMargin`).
    static let metatile = 4

    /// Points drawn beyond each edge of a metatile and cut away: Cairo's antialiasing of edges
    /// that cross an image's left side differs in its first few pixels from the same edges
    /// drawn inside an image, so a metatile's own first pixels are drawn as inner ones.
    static let bleed = 8.0

    /// The metatile holding a tile: its first tile's x and y, and tiles a side.
    static func metatile(of id: TileID) -> (x: Int, y: Int, side: Int) {
        let side = min(metatile, 1 << id.z)
        return (id.x / side * side, id.y / side * side, side)
    }

    /// A 256-point raster tile (512 pixels at `scale` 2) of a map type in a format, cut from its
    /// metatile: the map drawn by the same renderer for a camera at the metatile's centre and zoom,
    /// without the credit line (XYZ clients show their own).
    ///
    /// Every tile of the metatile goes into the response cache, so its neighbours are not drawn
    /// again.
    func rasterTile(
        _ id: TileID, scale: Int, mapType: MapType, format: ImageFormat = .png, deadline: Deadline = .never
    ) throws(RequestError) -> [UInt8] {
        func key(_ x: Int, _ y: Int) -> String {
            "tile|\(mapType.rawValue)|\(TileID(z: id.z, x: x, y: y))|\(scale)|\(format.rawValue)"
        }
        if let hit = cached(key(id.x, id.y)) { return hit }
        let made = dataStamp
        let meta = Self.metatile(of: id)
        let n = Double(1 << id.z)
        let half = Double(meta.side) / 2
        let center = WebMercator.unproject(
            MercatorPoint(x: (Double(meta.x) + half) / n, y: (Double(meta.y) + half) / n))
        let viewport: Viewport
        do {
            let camera = try CameraPosition(target: center, zoom: Double(id.z))
            let side = 256 * Double(meta.side) + 2 * Self.bleed
            viewport = try Viewport(camera: camera, size: ScreenSize(width: side, height: side))
        } catch { throw RequestError("tile", "\(error)", status: 500) }
        let pixels = 256 * scale
        let offset = Int(Self.bleed) * scale
        return try drawing(mapType, credit: false, deadline: deadline, what: "tile") { renderer, sources, cache in
            var renderer = renderer
            renderer.labelsAcrossEdges = true
            let image = try reported(renderer.draw(viewport, sources: sources, scale: Double(scale), cache: cache))
            var wanted: [UInt8] = []
            for j in 0..<meta.side {
                for i in 0..<meta.side {
                    let bytes = try image.encoded(
                        format, x: offset + i * pixels, y: offset + j * pixels, width: pixels, height: pixels)
                    keep(bytes, for: key(meta.x + i, meta.y + j), made: made)
                    if meta.x + i == id.x && meta.y + j == id.y { wanted = bytes }
                }
            }
            return wanted
        }
    }

    /// An image of `viewport` in a map type and format, with overlays; from the response cache
    /// when the same `key` (which must name the format) was drawn before.
    /// - Throws: ``RequestError`` (500) when the data cannot be read or drawing fails; 503 when
    ///   the drawing passed `deadline`.
    func image(
        key: String, format: ImageFormat = .png, mapType: MapType, viewport: Viewport, overlays: [Overlay], scale: Int,
        credit: Bool = true,
        deadline: Deadline = .never
    ) throws(RequestError) -> [UInt8] {
        if let hit = cached(key) {
            Counter(label: "meridian_response_cache_hits_total").increment()
            return hit
        }
        Counter(label: "meridian_response_cache_misses_total").increment()
        let made = dataStamp
        let bytes = try draw(
            format: format, mapType: mapType, viewport: viewport, overlays: overlays, scale: Double(scale),
            credit: credit, deadline: deadline)
        keep(bytes, for: key, made: made)
        return bytes
    }

    /// An image drawn by a pooled worker (no response cache), abandoned at `deadline`.
    /// - Throws: ``RequestError`` (500) when drawing fails; 503 when it passed `deadline`.
    func draw(
        format: ImageFormat = .png, mapType: MapType, viewport: Viewport, overlays: [Overlay], scale: Double,
        credit: Bool = true,
        deadline: Deadline = .never
    ) throws(RequestError) -> [UInt8] {
        try drawing(mapType, credit: credit, deadline: deadline) { renderer, sources, cache in
            try reported(renderer.draw(viewport, sources: sources, overlays: overlays, scale: scale, cache: cache))
                .encoded(format)
        }
    }

    /// The image, after one log line (notice) when its labels hold characters no font covers
    /// (drawn as replacement boxes), naming up to five of them, and one when its symbols name
    /// images no sprite has (MapLibre's `styleimagemissing`), naming up to eight.
    func reported(_ image: MapRenderer.Image) -> MapRenderer.Image {
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
    /// - Throws: ``RequestError``: 503 when the drawing passed `deadline`, else 500 naming `what`.
    func drawing<T>(
        _ mapType: MapType, credit: Bool, deadline: Deadline, what: String = "map", bands: Int = 1,
        _ body: (MapRenderer, MapSources, RenderCache) throws -> T
    ) throws(RequestError) -> T {
        let style = styles[mapType]!
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
                        renderer, try worker.sources(for: mapType, style: style, expecting: found[mapType] ?? []),
                        worker.cache)
                }
                do { return try draw() } catch TileError.changed(let url) {
                    Logger(label: "meridian.server").notice(
                        "a remote archive was replaced; drawing again", metadata: ["url": "\(url)"])
                    worker.reopen()
                    return try draw()
                }
            }
        } catch let RenderError.deadlinePassed(stage) { throw abandoned(at: stage) } catch let gone as DataUnavailable {
            throw unavailable(gone)
        } catch {
            if let remote = remoteFailure(error, what) { throw remote }
            throw RequestError(what, "drawing failed: \(error)", status: 500)
        }
    }

    /// The 503 of a drawing abandoned at its deadline (counted in `meridian_drawings_abandoned_total`).
    func abandoned(at stage: String) -> RequestError {
        Counter(label: "meridian_drawings_abandoned_total").increment()
        return RequestError(
            "server", "busy: the drawing passed the \(limits.deadline) s deadline (at \(stage)); try again shortly",
            status: 503)
    }

    /// A viewer frame (never cached: sessions move continuously): JPEG while the camera moves,
    /// PNG at rest (the page decodes either); rasterised on two threads for latency.
    func frame(_ job: ViewerSession.FrameJob, deadline: Deadline = .never) throws(RequestError) -> [UInt8] {
        try drawing(job.mapType, credit: true, deadline: deadline, bands: 2) { renderer, sources, cache in
            let image = try reported(
                renderer.draw(
                    job.viewport, sources: sources, overlays: job.overlays, scale: job.scale ?? 1, cache: cache))
            try renderer.deadline.check("encoding")
            return job.moving ? try image.jpeg() : try image.png()
        }
    }
}
