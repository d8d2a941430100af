import Foundation
import MeridianCamera

/// A folder of tile files, one per tile, named by a template such as
/// `/srv/tiles/{z}/{x}/{y}.pbf`: the layout `gdal2tiles`, `tippecanoe --output-to-directory` and
/// `mb-util` write, named by a TileJSON file's `tiles` (``TileJSONFile``).
///
/// A tile with no file is absent (nil), as in an archive. The content comes from the template's
/// extension (`pbf` and `mvt` vector, `png`, `jpg`/`jpeg`, `webp`); zooms, bounds and credits from
/// the TileJSON. Files are read as stored (gzip-compressed or not; the decoder tells) and no larger
/// than ``TileError/maxTileBytes``.
public final class TileFolder: Tileset {
    public let path: String
    public let info: TilesetInfo
    /// Whether rows count from the south (TMS) in the file names.
    public let isTMS: Bool

    /// A folder of tiles at `template` (an absolute path with `{z}`, `{x}` and `{y}`; without
    /// them, one file for every tile, ``TileTemplate``).
    public init(template: String, described: TileJSONFile) {
        self.template = TileTemplate(template, described: described)
        (path, info, isTMS) = (template, self.template.info, self.template.isTMS)
    }

    private let template: TileTemplate

    /// The file that holds `tile`.
    public func file(for tile: TileID) -> String { template.filled(tile) }

    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? {
        guard tile.z >= 0, tile.z <= 30, tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z else {
            throw .tileOutOfRange(z: tile.z, x: tile.x, y: tile.y)
        }
        let file = file(for: tile)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.uint64Value
        else { return nil }
        guard size <= TileError.maxTileBytes else {
            throw .tileTooLarge(path: path, tile: "\(tile.z)/\(tile.x)/\(tile.y)", bytes: size)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .badTile(path: path, tile: "\(tile.z)/\(tile.x)/\(tile.y)", reason: "\(file) cannot be read")
        }
        return [UInt8](data)
    }
}
