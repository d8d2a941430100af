import Foundation
import MeridianCamera
import MeridianTiles

/// A raster source of the data folder served as stored (imagery, elevation): a top-level
/// raster tileset, or a folder of them (`elevation/`, `imagery/`: `meridian data import`
/// places rasters there), its regions in file-name order.
public struct StoredRaster: Sendable {
    /// Each region's file and what it says of itself (the first's content and encoding speak
    /// for all: an import keeps one elevation source in one encoding).
    public let regions: [(path: String, info: TilesetInfo)]

    public var info: TilesetInfo { regions[0].info }
    /// The file extension of its tiles in URLs (`png`, `webp`, `jpg`).
    public var fileExtension: String { info.content == .jpeg ? "jpg" : info.content.rawValue }
    public var mediaType: String { "image/" + (info.content == .jpeg ? "jpeg" : info.content.rawValue) }
    /// Every region's zooms together.
    public var zoomRange: ClosedRange<Int> {
        let ranges = regions.compactMap(\.info.zoomRange)
        guard let lo = ranges.map(\.lowerBound).min(), let hi = ranges.map(\.upperBound).max() else { return 0...0 }
        return lo...hi
    }
    /// The union of the regions' bounds (west, south, east, north), where they declare any.
    public var bounds: [Double]? {
        regions.compactMap(\.info.bounds).reduce(nil) { (u: [Double]?, b) in
            u.map { [min($0[0], b.west), min($0[1], b.south), max($0[2], b.east), max($0[3], b.north)] }
                ?? [b.west, b.south, b.east, b.north]
        }
    }
    /// The regions' credits, each once, joined by " · ".
    public var attribution: String {
        var seen: [String] = []
        for credit in regions.compactMap(\.info.attribution) where !seen.contains(credit) { seen.append(credit) }
        return seen.joined(separator: " · ")
    }
}

extension ServedData {
    /// The folders' raster sources by name: top-level raster tilesets (`NAME.mbtiles`) and folders
    /// of them (the folder's name), as the style references `mbtiles://NAME` resolve; a name an
    /// earlier folder has, a vector source of the served style, a folder of vector tiles and a file
    /// that does not open are left out.
    static func storedRasters(in folder: DataFolder, besides vector: Set<String>) -> [String: StoredRaster] {
        let fm = FileManager.default
        func raster(_ path: String) -> (String, TilesetInfo)? {
            guard DataFolder.extensions.contains((path as NSString).pathExtension.lowercased()),
                !(path as NSString).lastPathComponent.hasPrefix("."), let tileset = try? DataFolder.open(path),
                [.png, .webp, .jpeg].contains(tileset.info.content)
            else { return nil }
            return (path, tileset.info)
        }
        var out: [String: StoredRaster] = [:]
        for root in folder.paths {
            for item in ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted() where !item.hasPrefix(".") {
                let path = root + "/" + item
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                let name = isDirectory.boolValue ? item : (item as NSString).deletingPathExtension
                guard out[name] == nil, !vector.contains(name) else { continue }
                let regions =
                    isDirectory.boolValue
                    ? ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted().compactMap {
                        raster(path + "/" + $0)
                    }
                    : raster(path).map { [$0] } ?? []
                if !regions.isEmpty { out[name] = StoredRaster(regions: regions.map { (path: $0.0, info: $0.1) }) }
            }
        }
        return out
    }
}
