import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// Raster layers: their source's tiles (imagery, relief), or its one image (an `image` source,
/// ``PlacedImage``), drawn on the ground through the camera at `raster-opacity`, sampled as
/// `raster-resampling` says (`linear`, the default; `nearest`). `raster-fade-duration` has
/// nothing to fade in a still frame.
///
/// Each tile is cut into a grid of cells whose corners go through the full perspective, and each
/// cell is two image triangles mapped exactly by the affine map of their corners. At tilt 0 the map
/// from the world square to the screen is itself affine, so one cell per tile is exact; under tilt
/// a 16 × 16 grid keeps the piecewise-affine error below a pixel for 256-pixel tiles.
struct RasterPainter: LayerPainter {
    /// The decoded tiles of a raster source covering the view, at ``FrameTiles/tileZoom(_:source:)``
    /// (a camera past the source's last zoom draws that zoom's tiles, magnified).
    static func tiles(of source: TileSource, for viewport: Viewport, cache: RenderCache?) throws -> [RasterTile] {
        var out: [RasterTile] = []
        for tileset in source.tilesets {
            guard let z = FrameTiles.tileZoom(viewport.camera.zoom, source: tileset.zoomRange ?? 0...0) else {
                continue
            }
            for id in try FrameTiles.coverByDepth(viewport, zoom: z, tileset: tileset) where tileset.mayHold(id) {
                let image =
                    try cache.map { try $0.image(id, tileset) }
                    ?? tileset.data(for: id).map { try RasterImage(png: $0, tile: id) }
                if let image { out.append(RasterTile(id: id, image: image)) }
            }
        }
        return out
    }

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let opacity = layer.number(.rasterOpacity, [:], zoom: frame.styleZoom, default: 1)
        // `raster-resampling: nearest` keeps magnified pixels square; `linear` (the default) blends.
        let nearest = layer.resolved(.rasterResampling, zoom: frame.styleZoom)([:])?.string == "nearest"
        if let image = tiles.placed[layer.source ?? ""] {
            return image.draw(opacity: opacity, nearest: nearest, in: frame)
        }
        Self.draw(tiles.raster[layer.source ?? ""] ?? [], opacity: opacity, nearest: nearest, in: frame)
    }

    /// Paints the tiles at `opacity` (0 to 1), farthest first so nearer ones overlap their seams.
    static func draw(_ tiles: [RasterTile], opacity: Double, nearest: Bool = false, in frame: FrameContext) {
        let viewport = frame.viewport
        let canvas = frame.canvas
        let grid = frame.isTilted ? 16 : 1
        for tile in tiles.reversed() {
            let (id, image) = (tile.id, tile.image)
            let n = Double(1 << id.z)
            let shift = ((Double(id.x) + 0.5) / n - viewport.targetWorld.x).rounded()
            let x0 = Double(id.x) - shift * n
            let y0 = Double(id.y)
            let w = Double(image.width)
            let h = Double(image.height)
            // Corners of the grid: world points, and their screen points where in front of the
            // near plane.
            var screen: [[ScreenPoint?]] = []
            for j in 0...grid {
                screen.append(
                    (0...grid).map { i in
                        let p = MercatorPoint(
                            x: (x0 + Double(i) / Double(grid)) / n, y: (y0 + Double(j) / Double(grid)) / n)
                        return viewport.depthRatio(forWorld: p) >= GroundGeometry.nearDepth
                            ? viewport.point(forWorld: p) : nil
                    })
            }
            for j in 0..<grid {
                for i in 0..<grid {
                    guard let a = screen[j][i], let b = screen[j][i + 1], let c = screen[j + 1][i + 1],
                        let d = screen[j + 1][i]
                    else { continue }
                    let (u0, u1) = (w * Double(i) / Double(grid), w * Double(i + 1) / Double(grid))
                    let (v0, v1) = (h * Double(j) / Double(grid), h * Double(j + 1) / Double(grid))
                    let (sa, sb) = (ScreenPoint(x: u0, y: v0), ScreenPoint(x: u1, y: v0))
                    let (sc, sd) = (ScreenPoint(x: u1, y: v1), ScreenPoint(x: u0, y: v1))
                    canvas.image(image, from: [sa, sb, sc], to: [a, b, c], opacity: opacity, nearest: nearest)
                    canvas.image(image, from: [sa, sc, sd], to: [a, c, d], opacity: opacity, nearest: nearest)
                }
            }
        }
    }
}
