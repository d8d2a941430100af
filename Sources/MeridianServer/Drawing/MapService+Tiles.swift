import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTiles

extension MapService {
    /// The tile id from path parts, or a 404 error for anything outside the world.
    static func tileID(z: String, x: String, y: String) throws(RequestError) -> TileID {
        guard let zi = Int(z), let xi = Int(x), let yi = Int(y), (0...22).contains(zi), xi >= 0, yi >= 0, xi < 1 << zi, yi < 1 << zi else {
            throw RequestError("tile", "\(z)/\(x)/\(y) is not a tile of the world (zoom 0–22, x and y in 0..<2^zoom)", status: 404)
        }
        return TileID(z: zi, x: xi, y: yi)
    }

    /// Raster tiles are drawn as part of a metatile of this many tiles a side (fewer at zooms 0
    /// and 1), as tile servers do: labels are placed once for the whole metatile, so the tiles
    /// inside it agree on every label. Labels are placed in the metatile widened by the
    /// renderer's label margin and drawn across its edges, so two neighbouring metatiles place a
    /// label on their common edge alike and each draws its part (`MapRenderer/labelMargin`).
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

    /// A 256-point raster tile (512 pixels at `scale` 2) of a map type in a format, cut from its metatile:
    /// the map drawn by the same renderer for a camera at the metatile's centre and zoom,
    /// without the credit line (XYZ clients show their own). Every tile of the metatile goes
    /// into the response cache, so its neighbours are not drawn again.
    func rasterTile(_ id: TileID, scale: Int, mapType: MapType, format: ImageFormat = .png, deadline: Date? = nil) throws(RequestError) -> [UInt8] {
        func key(_ x: Int, _ y: Int) -> String { "tile|\(mapType.rawValue)|\(TileID(z: id.z, x: x, y: y))|\(scale)|\(format.rawValue)" }
        if let hit = responses.withLockedValue({ $0.value(for: key(id.x, id.y)) }) { return hit }
        let meta = Self.metatile(of: id), n = Double(1 << id.z), half = Double(meta.side) / 2
        let centre = WebMercator.unproject(MercatorPoint(x: (Double(meta.x) + half) / n, y: (Double(meta.y) + half) / n))
        let viewport: Viewport
        do {
            let camera = try CameraPosition(target: centre, zoom: Double(id.z))
            let side = 256 * Double(meta.side) + 2 * Self.bleed
            viewport = try Viewport(camera: camera, size: ScreenSize(width: side, height: side))
        } catch { throw RequestError("tile", "\(error)", status: 500) }
        let pixels = 256 * scale, offset = Int(Self.bleed) * scale
        return try drawing(mapType, credit: false, deadline: deadline, what: "tile") { renderer, sources, cache in
            var renderer = renderer
            renderer.labelsAcrossEdges = true
            let image = try reported(renderer.draw(viewport, sources: sources, scale: Double(scale), cache: cache))
            var wanted: [UInt8] = []
            for j in 0..<meta.side {
                for i in 0..<meta.side {
                    let bytes = try image.encoded(format, x: offset + i * pixels, y: offset + j * pixels, width: pixels, height: pixels)
                    responses.withLockedValue { $0.insert(bytes, for: key(meta.x + i, meta.y + j)) }
                    if meta.x + i == id.x && meta.y + j == id.y { wanted = bytes }
                }
            }
            return wanted
        }
    }

    /// A vector tile of one of the normal style's vector sources: its tilesets' tiles at this
    /// id, inflated and concatenated (a tile is a sequence of layer fields, so regions of one
    /// source join into one tile); nil when none has the tile.
    /// - Throws: ``RequestError`` 404 for a source the style does not have, 500 when a tileset
    ///   cannot be read.
    func vectorTile(source name: String, _ id: TileID) throws(RequestError) -> [UInt8]? {
        guard vectorSources[name] != nil else { throw RequestError("source", "no vector source '\(name.prefix(64))'", status: 404) }
        do {
            return try withWorker { worker in
                try worker.sources(for: .normal, style: styles[.normal]!, expecting: found[.normal] ?? []).sources[name]?.joinedTile(id)
            }
        } catch let gone as DataUnavailable { throw unavailable(gone) } catch { throw RequestError("tile", "\(error)", status: 500) }
    }

    /// The tile a 512-pixel client (MapLibre) reads at `id`: the source's four tiles one zoom
    /// deeper, joined (`TileQuad`), so it shows at each scale what Meridian shows there; nil
    /// when none of them has data, and past the source's last zoom.
    /// - Throws: as ``vectorTile(source:_:)``, and 500 when a child does not parse.
    func quadTile(source name: String, _ id: TileID) throws(RequestError) -> [UInt8]? {
        var children: [(dx: Int, dy: Int, bytes: [UInt8])] = []
        for dy in 0...1 {
            for dx in 0...1 {
                if let bytes = try vectorTile(source: name, TileID(z: id.z + 1, x: 2 * id.x + dx, y: 2 * id.y + dy)) { children.append((dx, dy, bytes)) }
            }
        }
        guard !children.isEmpty else { return nil }
        do { return try TileQuad.join(children) } catch { throw RequestError("tile", "\(name) \(id): \(error)", status: 500) }
    }
}
