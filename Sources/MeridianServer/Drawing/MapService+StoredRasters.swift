import Foundation
import MeridianCamera
import MeridianTiles

extension MapService {
    /// A raster tileset of the data folder served as it is stored (imagery, elevation): its
    /// file and what it says of itself.
    struct StoredRaster: Sendable {
        let path: String
        let info: TilesetInfo

        /// The file extension of its tiles in URLs (`png`, `webp`, `jpg`).
        var fileExtension: String { info.content == .jpeg ? "jpg" : info.content.rawValue }
        var mediaType: String { "image/" + (info.content == .jpeg ? "jpeg" : info.content.rawValue) }
    }

    /// The top-level raster tilesets of the folders (`NAME.mbtiles`, `NAME.pmtiles` whose tiles
    /// are images, as `meridian data import` places imagery and elevation models), by name; a
    /// name an earlier folder has, or a vector source of the served style has, is left out, and
    /// so is a file that does not open.
    static func storedRasters(in folder: DataFolder, besides vector: Set<String>) -> [String: StoredRaster] {
        var out: [String: StoredRaster] = [:]
        for root in folder.paths {
            for item in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
            where DataFolder.extensions.contains((item as NSString).pathExtension.lowercased()) && !item.hasPrefix(".")
            {
                let name = (item as NSString).deletingPathExtension
                guard out[name] == nil, !vector.contains(name), let tileset = try? DataFolder.open(root + "/" + item),
                    [.png, .webp, .jpeg].contains(tileset.info.content)
                else { continue }
                out[name] = StoredRaster(path: root + "/" + item, info: tileset.info)
            }
        }
        return out
    }

    /// A stored raster tile's bytes, as the file holds them; nil when it has no such tile.
    /// - Throws: ``RequestError`` 404 for a name that is not a served raster tileset or an
    ///   extension not its tiles', 500 when the file cannot be read.
    func storedTile(source name: String, _ id: TileID, fileExtension: String) throws(RequestError) -> [UInt8]? {
        guard let raster = storedRasters[name] else {
            throw RequestError("source", "no raster tileset '\(name.prefix(64))'", status: 404)
        }
        guard raster.fileExtension == fileExtension else {
            throw RequestError("tile", "\(name.prefix(64))'s tiles end in .\(raster.fileExtension)", status: 404)
        }
        do { return try DataFolder.open(raster.path).data(for: id) } catch {
            throw RequestError("tile", "\(error)", status: 500)
        }
    }
}
