import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// The tilesets of a data folder as `meridian data list` shows them, and their removal.
///
/// Layout: top-level `NAME.mbtiles` / `NAME.pmtiles` files (a style source of that name), and
/// folders of regional tilesets (`openmaptiles/helsinki.mbtiles`: the source `openmaptiles`,
/// region `helsinki`). Imports of OpenMapTiles-schema data go to ``Catalog/streetSource``.
public struct Catalog {
    /// The folder (and style source) that imported street data goes into: the shipped styles
    /// read their street layers from `mbtiles://openmaptiles`.
    public static let streetSource = "openmaptiles"
    /// The folder (and style source) imported imagery goes into (`mbtiles://imagery`: the shipped
    /// satellite and hybrid styles draw it over the world's imagery).
    public static let imagerySource = "imagery"
    /// The folder (and `raster-dem` source) imported elevation models go into
    /// (`mbtiles://elevation`: the shipped terrain style's relief and contours).
    public static let elevationSource = "elevation"

    /// The layers of the OpenMapTiles schema (openmaptiles.org/schema, version 3).
    public static let openMapTilesLayers: Set<String> = [
        "aerodrome_label", "aeroway", "boundary", "building", "housenumber", "landcover", "landuse", "mountain_peak",
        "park", "place", "poi", "transportation", "transportation_name", "water", "water_name", "waterway",
    ]

    /// One tileset in the folder.
    public struct Entry: Sendable {
        /// The region's name (the file's name without its extension).
        public var name: String
        /// The style source it feeds: its folder, or its own name at the top level.
        public var source: String
        public var path: String
        public var format: String
        public var info: TilesetInfo
        /// `openmaptiles` when its layers are the OpenMapTiles schema's, `raster` for images, else `other`.
        public var schema: String
        public var bytes: Int
        /// The data folder it is in (one of `DataFolder.paths`).
        public var folder: String
    }

    public let folder: DataFolder

    public init(folder: DataFolder) { self.folder = folder }

    /// Every tileset in the folders (`DataFolder.paths`), sorted by source then name; a file
    /// that an earlier folder hides (the same place under its folder) is left out, as drawing
    /// leaves it out; unreadable files are listed with their error instead.
    public func entries() -> (entries: [Entry], problems: [String]) {
        let fm = FileManager.default
        var entries: [Entry] = []
        var problems: [String] = []
        var seen = Set<String>()
        func add(_ path: String, source: String?, in folder: String) {
            let file = (path as NSString).lastPathComponent
            let ext = (file as NSString).pathExtension.lowercased()
            guard DataFolder.extensions.contains(ext), !file.hasPrefix("."),
                seen.insert(String(path.dropFirst(folder.count))).inserted
            else { return }
            let name = (file as NSString).deletingPathExtension
            do {
                let tileset = try DataFolder.open(path)
                let size = (try? fm.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                let schema = tileset.info.content == .vector ? Self.schema(of: Self.layers(of: tileset)) : "raster"
                entries.append(
                    Entry(
                        name: name, source: source ?? name, path: path, format: ext, info: tileset.info, schema: schema,
                        bytes: size, folder: folder))
            } catch { problems.append("\(error)") }
        }
        for root in folder.paths {
            for item in ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted() where !item.hasPrefix(".") {
                let path = root + "/" + item
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    for inner in ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                        add(path + "/" + inner, source: item, in: root)
                    }
                } else {
                    add(path, source: nil, in: root)
                }
            }
        }
        return (entries.sorted { ($0.source, $0.name) < ($1.source, $1.name) }, problems)
    }

    /// Removes the tileset `name` (a region of the street, imagery or elevation source, or a
    /// top-level tileset) from
    /// the writable folder (`DataFolder.path`); the read-only folders are never touched.
    /// - Throws: ``DataError/notFound(name:folder:)`` when the writable folder has none (and
    ///   ``DataError/readOnly(name:folder:)`` when only a read-only folder has it),
    ///   ``DataError/io(path:reason:)``.
    public func remove(_ name: String) throws(DataError) {
        try Self.check(name: name)
        func candidates(_ root: String) -> [String] {
            var out: [String] = []
            for ext in DataFolder.extensions {
                for source in [Self.streetSource, Self.imagerySource, Self.elevationSource] {
                    out.append(root + "/" + source + "/" + name + "." + ext)
                }
                out.append(root + "/" + name + "." + ext)
            }
            return out.filter { FileManager.default.fileExists(atPath: $0) }
        }
        let found = candidates(folder.path)
        guard !found.isEmpty else {
            if let layer = folder.layers.first(where: { !candidates($0).isEmpty }) {
                throw .readOnly(name: name, folder: layer)
            }
            throw .notFound(name: name, folder: folder.path)
        }
        for path in found {
            do { try FileManager.default.removeItem(atPath: path) } catch { throw .io(path: path, reason: "\(error)") }
        }
    }

    /// A tileset's vector layers: those it declares, else those of its tile at its last zoom
    /// under its centre (or its bounds' centre).
    static func layers(of tileset: any Tileset) -> [String] {
        if !tileset.info.vectorLayers.isEmpty { return tileset.info.vectorLayers }
        guard tileset.info.content == .vector, let z = tileset.zoomRange?.upperBound else { return [] }
        let lng = tileset.info.center?.longitude ?? tileset.info.bounds.map { ($0.west + $0.east) / 2 } ?? 0
        let lat = min(
            85, max(-85, tileset.info.center?.latitude ?? tileset.info.bounds.map { ($0.south + $0.north) / 2 } ?? 0))
        let p = WebMercator.project(Coordinate(latitude: lat, longitude: lng))
        let n = Double(1 << z)
        let id = TileID(z: z, x: min(Int(n) - 1, max(0, Int(p.x * n))), y: min(Int(n) - 1, max(0, Int(p.y * n))))
        return ((try? tileset.vectorTile(id)) ?? nil)?.layers.map(\.name) ?? []
    }

    /// `openmaptiles` when at least two of the layers are the schema's and one of them is
    /// `transportation`, `building`, `water` or `place`; `other` otherwise.
    static func schema(of layers: [String]) -> String {
        let known = Set(layers).intersection(openMapTilesLayers)
        return known.count >= 2 && !known.isDisjoint(with: ["transportation", "building", "water", "place"])
            ? "openmaptiles" : "other"
    }

    /// A plain name: 1–64 of a–z, 0–9, `-` and `_`, starting with a letter or digit.
    static func check(name: String) throws(DataError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        guard (1...64).contains(name.count), name.allSatisfy(allowed.contains), name.first != "-", name.first != "_"
        else {
            throw .badName(
                name, reason: "must be 1–64 lowercase letters, digits, '-' or '_' (starting with a letter or digit)")
        }
    }
}
