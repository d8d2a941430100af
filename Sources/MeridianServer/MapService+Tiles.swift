import Foundation
import MeridianCamera
import MeridianGeometry
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

    /// A 256-point raster tile (512 pixels at `scale` 2) of a map type: the map drawn by the
    /// same renderer for a camera at the tile's centre and zoom, without the credit line
    /// (XYZ clients show their own).
    func rasterTile(_ id: TileID, scale: Int, mapType: MapType, deadline: Date? = nil) throws(RequestError) -> [UInt8] {
        let n = Double(1 << id.z)
        let centre = WebMercator.unproject(MercatorPoint(x: (Double(id.x) + 0.5) / n, y: (Double(id.y) + 0.5) / n))
        do {
            let camera = try CameraPosition(target: centre, zoom: Double(id.z))
            let viewport = try Viewport(camera: camera, size: ScreenSize(width: 256, height: 256))
            return try png(key: "tile|\(mapType.rawValue)|\(id)|\(scale)", mapType: mapType, viewport: viewport, overlays: [], scale: scale, credit: false, deadline: deadline)
        } catch let error as RequestError { throw error } catch { throw RequestError("tile", "\(error)", status: 500) }
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
                guard let source = try worker.sources(for: .normal, style: styles[.normal]!).sources[name] else { return nil }
                var out: [UInt8] = []
                for tileset in source.tilesets {
                    if let bytes = try tileset.data(for: id) { out += try Inflate.decompress(bytes) }
                }
                return out.isEmpty ? nil : out
            }
        } catch { throw RequestError("tile", "\(error)", status: 500) }
    }
}
