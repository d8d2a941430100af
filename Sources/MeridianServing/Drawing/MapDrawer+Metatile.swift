import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTiles

/// The metatile cut: raster tiles drawn several at a time and cut apart, as tile servers draw them.
extension MapDrawer {
    /// Raster tiles are drawn as part of a metatile of this many tiles a side (fewer at zooms 0 and
    /// 1), as tile servers do: labels are placed once for the whole metatile, so the tiles inside
    /// it agree on every label.
    ///
    /// Labels are placed in the metatile widened by the renderer's label margin and drawn across
    /// its edges, so two neighbouring metatiles place a label on their common edge alike and each
    /// draws its part (`MapRenderer.labelMargin`).
    public static let metatile = 4

    /// Points drawn beyond each edge of a metatile and cut away: Cairo's antialiasing of edges
    /// that cross an image's left side differs in its first few pixels from the same edges
    /// drawn inside an image, so a metatile's own first pixels are drawn as inner ones.
    public static let bleed = 8.0

    /// The metatile holding a tile: its first tile's x and y, and tiles a side.
    public static func metatile(of id: TileID) -> (x: Int, y: Int, side: Int) {
        let side = min(metatile, 1 << id.z)
        return (id.x / side * side, id.y / side * side, side)
    }

    /// Pixels of the image drawn for the metatile holding `id` at `scale` (what a drawing gate
    /// weighs a tile request by).
    public static func metatilePixels(of id: TileID, scale: Int) -> Double {
        let side = (256 * Double(metatile(of: id).side) + 2 * bleed) * Double(scale)
        return side * side
    }

    /// A 256-point raster tile (512 pixels at `scale` 2) of a map type in a format, cut from its
    /// metatile: the map drawn by the same renderer for a camera at the metatile's centre and zoom,
    /// without the credit line (XYZ clients show their own).
    ///
    /// Every tile of the metatile goes into the response cache, so its neighbours are not drawn
    /// again.
    /// - Throws: as ``drawing(_:credit:deadline:what:bands:_:)``, naming `tile`.
    public func rasterTile(
        _ id: TileID, scale: Int, mapType: MapType, format: ImageFormat = .png, deadline: Deadline = .never
    ) throws(ServingError) -> [UInt8] {
        func key(_ x: Int, _ y: Int) -> ResponseKey {
            .rasterTile(mapType, TileID(z: id.z, x: x, y: y), scale: scale, format: format)
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
        } catch { throw .failed(parameter: "tile", "\(error)") }
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
}
