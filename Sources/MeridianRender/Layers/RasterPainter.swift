import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// Raster layers: their source's tiles (imagery, relief), or its one image (an `image` source,
/// ``PlacedImage``), drawn on the ground through the camera at `raster-opacity`, their colours
/// adjusted by `raster-hue-rotate`, `-saturation`, `-contrast` and `-brightness-min`/`-max`
/// (``RasterColors``), sampled as `resampling` says (`linear`, the default; `nearest`), or the
/// older `raster-resampling` when the layer sets only that (as MapLibre, which prefers
/// `resampling` when both are set). `raster-fade-duration` has nothing to fade in a still frame.
///
/// At tilt 0 the map from a tile's square to the screen is affine, so a tile is two image triangles
/// mapped exactly by Cairo. Under tilt it is projective: each tile is sampled per pixel through the
/// camera (``GroundTile``), exact, and one pass where triangles small enough to hide their
/// piecewise-affine error cost Cairo several.
struct RasterPainter: LayerPainter {
    /// Zooms above a missing tile searched for a stand-in: MapLibre's `maxUnderzooming`.
    static let fallbackLevels = 10

    /// The decoded tiles of a raster source covering the view, at the zoom `zoom` gives each
    /// tileset (``SourceZoom``: by default its declared tile size, else 512, the nearest whole
    /// zoom, as MapLibre takes raster tiles; a camera past the source's last zoom draws that
    /// zoom's tiles, magnified).
    ///
    /// With `fallback`, a tile the tileset does not have is stood in for by the part of its
    /// nearest ancestor it has (at most ``fallbackLevels`` zooms up, not past its first zoom) that
    /// covers it, as MapLibre shows a missing raster tile's parent.
    static func tiles(
        of source: TileSource, for viewport: Viewport, cache: RenderCache?, deadline: Deadline = .never,
        fallback: Bool = false,
        zoom: (any Tileset) -> SourceZoom = {
            SourceZoom(points: $0.info.tileSize.map(Double.init) ?? 512, rounds: true)
        }
    ) throws -> [RasterTile] {
        var out: [RasterTile] = []
        for tileset in source.tilesets {
            let rule = zoom(tileset)
            let range = tileset.zoomRange ?? 0...0
            guard let z = rule.zoom(viewport.camera.zoom, range: range) else { continue }
            let wanted = rule.wanted(viewport.camera.zoom)
            // An empty tile (no bytes: an HTTP 204) is drawn as nothing, and stood in for by nothing.
            func image(_ id: TileID) throws -> RasterImage? {
                if let cache { return try cache.image(id, tileset, deadline: deadline) }
                guard let bytes = try tileset.data(for: id, deadline: deadline), !bytes.isEmpty else { return nil }
                return try RasterImage(tileBytes: bytes, tile: id)
            }
            var missing: [TileID] = []
            for id in try FrameTiles.coverByDepth(viewport, zoom: z, wanted: wanted, tileset: tileset)
            where tileset.mayHold(id) {
                if let found = try image(id) {
                    out.append(RasterTile(id: id, image: found))
                } else if fallback, try tileset.data(for: id, deadline: deadline) == nil {
                    missing.append(id)
                }
            }
            guard fallback else { continue }
            // Each missing tile's square cut from its nearest ancestor's image: nothing of the
            // ancestor shows through the tiles found (MapLibre's stencil gives each pixel one tile).
            var ancestors: [TileID: RasterImage?] = [:]
            for id in missing {
                var up = id
                while up.z > max(range.lowerBound, z - Self.fallbackLevels) {
                    up = TileID(z: up.z - 1, x: up.x >> 1, y: up.y >> 1)
                    if ancestors[up] == nil { ancestors[up] = tileset.mayHold(up) ? try image(up) : .some(nil) }
                    guard let found = ancestors[up] ?? nil else { continue }
                    if let part = found.part(of: up, covering: id) { out.append(RasterTile(id: id, image: part)) }
                    break
                }
            }
        }
        return out
    }

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let opacity = layer.number(.rasterOpacity, [:], zoom: frame.styleZoom)
        // `nearest` keeps magnified pixels square; `linear` (the default) blends.
        let nearest =
            layer[.resampling] != nil
            ? layer.keyword(StyleProperty.Resampling.self, zoom: frame.styleZoom) == .nearest
            : layer.keyword(StyleProperty.RasterResampling.self, zoom: frame.styleZoom) == .nearest
        let colors = RasterColors(layer, zoom: frame.styleZoom)
        if let image = tiles.placed[layer.source ?? ""] {
            return image.draw(opacity: opacity, nearest: nearest, colors: colors, in: frame)
        }
        Self.draw(tiles.raster[layer.source ?? ""] ?? [], opacity: opacity, nearest: nearest, colors: colors, in: frame)
    }

    /// Paints the tiles at `opacity` (0 to 1), farthest first so nearer ones overlap their seams,
    /// each adjusted by `colors` first.
    static func draw(
        _ tiles: [RasterTile], opacity: Double, nearest: Bool = false, colors: RasterColors = .identity,
        in frame: FrameContext
    ) {
        let ground = frame.viewport.groundMap
        let align = pixelAlignment(frame.viewport)
        let (target, extent) = (frame.viewport.targetWorld.x, WorldCopies.extent(frame.viewport))
        for tile in tiles.reversed() {
            let id = tile.id
            let n = Double(1 << id.z)
            let image = colors.adjusted(tile.image)
            // In every world copy the view shows (a flat view wider than the world shows a tile
            // twice), as MapLibre draws raster tiles of every copy.
            for copy in WorldCopies.copies(of: id, target: target, extent: extent) {
                let (x0, y0) = (Double(id.x) + Double(copy) * n + align.x * n, Double(id.y) + align.y * n)
                guard !frame.isTilted else {
                    frame.canvas.groundTile(
                        GroundTile(
                            image: image, map: ground, tiles: n, column: x0, row: y0, opacity: opacity,
                            nearest: nearest))
                    continue
                }
                cells(image, us: [0, 1], vs: [0, 1], opacity: opacity, nearest: nearest, in: frame) { u, v in
                    MercatorPoint(x: (x0 + u) / n, y: (y0 + v) / n)
                }
            }
        }
    }

    /// How far (fractions of the world) MapLibre moves raster tiles so their pixels fall on the
    /// screen's: the target's world pixel rounded to a whole one (plus half a pixel along an odd
    /// side, turned with the bearing), each within half a pixel; MapLibre's aligned projection.
    static func pixelAlignment(_ viewport: Viewport) -> MercatorPoint {
        let size = viewport.worldSize
        let (x, y) = (viewport.targetWorld.x * size, viewport.targetWorld.y * size)
        guard x.isFinite, y.isFinite, size > 0 else { return MercatorPoint(x: 0, y: 0) }
        let b = Angle.radians(viewport.camera.bearing)
        let (c, s) = (Double.cos(b), Double.sin(-b))
        let xShift = Double(Int(viewport.size.width.rounded()) % 2) / 2
        let yShift = Double(Int(viewport.size.height.rounded()) % 2) / 2
        var dx = x - (x + 0.5).rounded(.down) + c * xShift + s * yShift
        var dy = y - (y + 0.5).rounded(.down) + c * yShift + s * xShift
        if dx > 0.5 { dx -= 1 }
        if dy > 0.5 { dy -= 1 }
        return MercatorPoint(x: dx / size, y: dy / size)
    }

    /// Draws `image` through the camera as a grid of cells: `us` and `vs` the cells' edges as
    /// fractions of the image's width and height, `world` the ground point of each (`u`, `v`).
    /// Each cell is two image triangles mapped exactly by the affine map of their corners, split
    /// on its top-left to bottom-right diagonal, or on the other (`splitTopRight`); a cell with a
    /// corner nearer than ``GroundGeometry/nearDepth`` is left out.
    static func cells(
        _ image: RasterImage, us: [Double], vs: [Double], splitTopRight: Bool = false, opacity: Double,
        nearest: Bool, in frame: FrameContext, world: (Double, Double) -> MercatorPoint
    ) {
        let viewport = frame.viewport
        let (w, h) = (Double(image.width), Double(image.height))
        let screen: [[ScreenPoint?]] = vs.map { v in
            us.map { u in
                let p = world(u, v)
                return viewport.depthRatio(forWorld: p) >= GroundGeometry.nearDepth ? viewport.point(forWorld: p) : nil
            }
        }
        for j in 0..<(vs.count - 1) {
            for i in 0..<(us.count - 1) {
                guard let a = screen[j][i], let b = screen[j][i + 1], let c = screen[j + 1][i + 1],
                    let d = screen[j + 1][i]
                else { continue }
                let (x0, x1, y0, y1) = (w * us[i], w * us[i + 1], h * vs[j], h * vs[j + 1])
                let (sa, sb) = (ScreenPoint(x: x0, y: y0), ScreenPoint(x: x1, y: y0))
                let (sc, sd) = (ScreenPoint(x: x1, y: y1), ScreenPoint(x: x0, y: y1))
                let triangles =
                    splitTopRight
                    ? [([sa, sb, sd], [a, b, d]), ([sb, sc, sd], [b, c, d])]
                    : [([sa, sb, sc], [a, b, c]), ([sa, sc, sd], [a, c, d])]
                for (from, to) in triangles {
                    frame.canvas.image(image, from: from, to: to, opacity: opacity, nearest: nearest)
                }
            }
        }
    }
}
