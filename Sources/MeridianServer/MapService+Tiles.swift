import Foundation
import MeridianCamera
import MeridianGeometry
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
    func rasterTile(_ id: TileID, scale: Int, mapType: String) throws(RequestError) -> [UInt8] {
        let n = Double(1 << id.z)
        let centre = WebMercator.unproject(MercatorPoint(x: (Double(id.x) + 0.5) / n, y: (Double(id.y) + 0.5) / n))
        do {
            let camera = try CameraPosition(target: centre, zoom: Double(id.z))
            let viewport = try Viewport(camera: camera, size: ScreenSize(width: 256, height: 256))
            return try png(key: "tile|\(mapType)|\(id)|\(scale)", mapType: mapType, viewport: viewport, overlays: [], scale: scale, credit: false)
        } catch let error as RequestError { throw error } catch { throw RequestError("tile", "\(error)", status: 500) }
    }

    /// The vector tile: the layers of the world and Helsinki sources in one Mapbox Vector Tile
    /// (a tile is a sequence of layer fields, so the uncompressed tiles concatenate), or nil
    /// when neither source has the tile.
    func vectorTile(_ id: TileID) throws(RequestError) -> [UInt8]? {
        do {
            return try withWorker { worker in
                var out: [UInt8] = []
                for file in ["world.mbtiles", "helsinki.mbtiles"] {
                    guard let db = try worker.database(file), let bytes = try db.data(for: id) else { continue }
                    out += try Inflate.decompress(bytes)
                }
                return out.isEmpty ? nil : out
            }
        } catch { throw RequestError("tile", "\(error)", status: 500) }
    }
}

extension RenderWorker {
    /// An open database of the data folder, or nil when the file is not there.
    func database(_ file: String) throws -> MBTiles? {
        if let db = open[file] { return db }
        let path = folder + "/" + file
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let db = try MBTiles(path: path)
        open[file] = db
        return db
    }
}
