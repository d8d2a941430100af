import Foundation
import MeridianTiles

/// `meridian data import`: brings a region into the data folder as an OpenMapTiles-schema
/// tileset of the street source (`openmaptiles/NAME.mbtiles` or `.pmtiles`), from an
/// OpenStreetMap extract (built with osmium and tilemaker, see `OSMBuild`) or from a
/// ready tileset made elsewhere (checked: format, vector content, schema, zooms, bounds).
///
/// Any other file is taken as a raster GDAL reads (`RasterImport`): imagery or an elevation
/// model, written as a top-level tileset of its own (`NAME.mbtiles`, the style source `NAME`).
///
/// Everything is built in a hidden work folder inside the data folder and renamed into place
/// at the end, so a failed or interrupted import leaves the folder as it was.
public struct Importer {
    public let folder: DataFolder
    /// Called with one line per step that may take more than a second, and when it ends.
    public var progress: (String) -> Void
    /// A bound on an extract's OpenStreetMap text (bytes) in place of the default (see `OSMBuild.textBound`).
    var textLimit: Int64? = nil
    /// How a raster is imported (kind, elevation encoding, tile and file formats, credit).
    public var raster = RasterImportOptions()

    public init(folder: DataFolder, progress: @escaping (String) -> Void = { _ in }) {
        (self.folder, self.progress) = (folder, progress)
    }

    /// What a file that is not a regular file is, in words.
    static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeDirectory?: "a folder"
        case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
        case .typeSocket?: "a socket"
        case .typeSymbolicLink?: "a link that leads nowhere"
        case nil: "a file whose kind cannot be read"
        default: "a FIFO (named pipe) or another special file"
        }
    }

    /// Imports `path` under `name` (default: the file's name, lowercased, up to its first dot).
    /// - Parameters:
    ///   - path: an OpenStreetMap extract (`.osm.pbf`), an OpenMapTiles-schema tileset (`.mbtiles`,
    ///     `.pmtiles`), or a raster GDAL reads (imagery or heights, see ``raster``).
    ///   - name: the region's name in the street source's folder (a raster's: its tileset's and source's name).
    ///   - replace: replace a tileset of the same name instead of refusing.
    /// - Returns: the imported tileset as `meridian data list` shows it.
    /// - Throws: ``DataError`` naming the file, the tool or the name; the folder is unchanged.
    @discardableResult
    public func importFile(
        _ path: String, name: String? = nil, replace: Bool = false
    ) throws(DataError) -> Catalog.Entry {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or not readable")
        }
        // Regular files only, read through any symlink: a FIFO or a device would never end, and
        // a link would break when its target moves (the content is copied, not the link).
        let source = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let type = (try? FileManager.default.attributesOfItem(atPath: source)[.type]) as? FileAttributeType
        guard type == .typeRegular else {
            throw .unsupported(
                path: path, reason: "only regular files are imported, and this is \(Self.describe(type))")
        }
        let file = (path as NSString).lastPathComponent.lowercased()
        let kind: String
        if file.hasSuffix(".osm.pbf") || file.hasSuffix(".pbf") {
            kind = "osm"
        } else if file.hasSuffix(".mbtiles") {
            kind = "mbtiles"
        } else if file.hasSuffix(".pmtiles") {
            kind = "pmtiles"
        } else {
            return try importRaster(source, shown: path, name: name ?? Self.defaultName(for: file), replace: replace)
        }
        let region = name ?? Self.defaultName(for: file)
        try Catalog.check(name: region)
        let regions = folder.path + "/" + Catalog.streetSource
        let target = regions + "/" + region + "." + (kind == "pmtiles" ? "pmtiles" : "mbtiles")
        let existing = DataFolder.extensions.map { regions + "/" + region + "." + $0 }.filter {
            FileManager.default.fileExists(atPath: $0)
        }
        guard replace || existing.isEmpty else {
            throw .badName(region, reason: "is taken by \(existing[0]) (remove it first, or pass --replace)")
        }
        // One name, one tileset: a raster region of the same name would be removed with it.
        if let raster = [Catalog.imagerySource, Catalog.elevationSource].flatMap({ source in
            DataFolder.extensions.map { folder.path + "/" + source + "/" + region + "." + $0 }
        }).first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw .badName(region, reason: "is taken by \(raster) (give the region another name with --name)")
        }

        let work = try workFolder(for: region)
        Interruption.shared.working(in: work)
        defer {
            try? FileManager.default.removeItem(atPath: work)
            Interruption.shared.working(in: nil)
        }
        let built = work + "/" + region + "." + (kind == "pmtiles" ? "pmtiles" : "mbtiles")
        if kind == "osm" {
            try OSMBuild(work: work, progress: progress, textLimit: textLimit).build(
                extract: source, name: region, into: built)
        } else {
            do { try FileManager.default.copyItem(atPath: source, toPath: built) } catch {
                throw .io(path: built, reason: "\(error)")
            }
        }
        let entry = try Self.check(built, source: path)
        try Interruption.shared.commit(completing: "'\(region)' is in place at \(target)") { () throws(DataError) in
            do {
                try FileManager.default.createDirectory(atPath: regions, withIntermediateDirectories: true)
                for old in existing { try FileManager.default.removeItem(atPath: old) }
                try FileManager.default.moveItem(atPath: built, toPath: target)
            } catch { throw .io(path: target, reason: "\(error)") }
        }
        var placed = entry
        (placed.name, placed.source, placed.path, placed.folder) = (region, Catalog.streetSource, target, folder.path)
        return placed
    }

    /// Opens a tileset and checks that the shipped styles can draw it.
    static func check(_ path: String, source: String) throws(DataError) -> Catalog.Entry {
        let tileset: any Tileset
        do { tileset = try DataFolder.open(path) } catch {
            throw .tiles(Self.naming(error, source: source, copy: path))
        }
        let info = tileset.info
        guard info.content == .vector else {
            throw .unsupported(
                path: source,
                reason:
                    "its tiles are \(info.content.rawValue) images; imports are vector tiles in the OpenMapTiles schema"
            )
        }
        guard info.zoomRange != nil else {
            throw .unsupported(path: source, reason: "it declares no zoom range (minzoom, maxzoom)")
        }
        let layers = Catalog.layers(of: tileset)
        guard Catalog.schema(of: layers) == "openmaptiles" else {
            let found = layers.isEmpty ? "no layers" : "layers " + layers.prefix(12).joined(separator: ", ")
            throw .unsupported(
                path: source,
                reason:
                    "it does not follow the OpenMapTiles schema (\(found)); the shipped styles read transportation, building, water, place… (openmaptiles.org/schema)"
            )
        }
        if let b = info.bounds, b.south >= b.north || b.west == b.east {
            throw .unsupported(
                path: source, reason: "its bounds \(b.west),\(b.south),\(b.east),\(b.north) enclose nothing")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Catalog.Entry(
            name: "", source: "", path: path, format: (path as NSString).pathExtension, info: info,
            schema: "openmaptiles", bytes: size, folder: "")
    }

    /// A reader's error about the work copy, told about the file the user named.
    static func naming(_ error: TileError, source: String, copy: String) -> TileError {
        switch error {
        case let .database(_, message): .database(path: source, message: message)
        case let .notMBTiles(_, reason): .notMBTiles(path: source, reason: reason)
        case let .corrupt(_, reason): .corrupt(path: source, reason: reason)
        default: error
        }
    }

    /// `Helsinki.osm.pbf` → `helsinki`; characters outside a–z, 0–9, `-`, `_` become `-`.
    static func defaultName(for file: String) -> String {
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        return String(stem.lowercased().map { "abcdefghijklmnopqrstuvwxyz0123456789-_".contains($0) ? $0 : "-" })
    }

    /// Whether no process has id `pid` (`kill(pid, 0)` fails with ESRCH; a live process of
    /// another user answers EPERM).
    static func isGone(_ pid: Int32) -> Bool { pid > 0 && kill(pid, 0) != 0 && errno == ESRCH }

    /// A fresh hidden work folder in the data folder (same file system, so the final move is a
    /// rename); work folders of imports whose process is gone are removed first.
    func workFolder(for name: String) throws(DataError) -> String {
        let fm = FileManager.default
        guard DataFolder.isWritable(folder.path) else { throw .readOnlyFolder(path: folder.path) }
        do { try fm.createDirectory(atPath: folder.path, withIntermediateDirectories: true) } catch {
            throw .io(path: folder.path, reason: "\(error)")
        }
        for item in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] where item.hasPrefix(".import-") {
            // Gone only when no process has the id (ESRCH): "not permitted" (EPERM) means another
            // user's import is alive, and its work folder stays.
            if let pid = item.split(separator: "-").last.flatMap({ Int32($0) }), Self.isGone(pid) {
                try? fm.removeItem(atPath: folder.path + "/" + item)
            }
        }
        let work = folder.path + "/.import-\(name)-\(getpid())"
        do { try fm.createDirectory(atPath: work, withIntermediateDirectories: true) } catch {
            throw .io(path: work, reason: "\(error)")
        }
        return work
    }
}
