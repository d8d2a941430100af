import Foundation
import MeridianStyle
import MeridianTiles

/// The sources a style names, opened from a data folder, or from an offline-region archive
/// (`TilePack`, `meridian data extract`) given in its place: the one way the CLI, the server and
/// the benchmarks get tiles.
///
/// A source with no file in the folder (or not in the region) is left out (it draws nothing) and
/// listed once in ``warnings``; a file that is there but cannot be read is an error naming it.
/// Holds open files: one per thread or task.
public struct MapSources {
    public let folder: DataFolder
    /// By the style's source names.
    public let sources: [String: TileSource]
    /// One line per source that has no data in the folder: the source, its reference and where
    /// it was looked for.
    public let missing: [String]
    /// The images of the style's sprites (``StyleImages``): none for sources given directly.
    public var images = StyleImages()
    /// The style's glyphs (its `glyphs` template, ``StyleGlyphs``), read as its text needs them;
    /// nil when it names none (its text is drawn from the system's faces).
    public var glyphs: StyleGlyphs?
    /// The style's `image` sources, read (``PlacedImage``).
    var placed: [String: PlacedImage] = [:]
    /// One line per source that draws only part of its data, or none of it: a GeoJSON source's
    /// features with bad positions (left out), a vector source whose tilesets hold none of the
    /// layers the style reads (`unplaced`).
    public private(set) var partial: [String] = []
    /// One line per source that has no data in the folder (``missing``), saying it draws nothing,
    /// then one per source drawn in part (``partial``), one per sprite that draws no icons
    /// (``StyleImages/warnings``) and one per glyph range that could not be read
    /// (``StyleGlyphs/warnings``, as frames have needed them).
    public var warnings: [String] {
        missing.map { $0 + "; it draws nothing" } + partial + images.warnings + (glyphs?.warnings ?? [])
    }

    /// Opens every source of `style` from `folder`; a source whose `url` is a TileJSON file
    /// (`TileJSONFile`) reads the tilesets its templates name.
    /// - Throws: `TileError.noDataFolder` (naming `DataFolder.path`) when none of the folder's
    ///   paths is there, it has no remote archives, and a source needs it (not every source a TileJSON file), `TileError.notAPack`
    ///   for a file that is a plain tileset; the `TileError` of the first file that is there
    ///   but unreadable or corrupt, or of a TileJSON file that is not one.
    public init(style: Style, folder: DataFolder) throws(TileError) {
        var isDirectory: ObjCBool = false
        let onlyFiles = style.sources.values.allSatisfy { Self.needsNoFolder($0, style: style) }
        // An offline region (`meridian data extract`): one archive, a file or on an HTTP server.
        let isPack =
            DataFolder.isRemote(folder.path)
            || (FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue)
        guard
            onlyFiles || isPack || !folder.remote.isEmpty
                || folder.paths.contains(where: { FileManager.default.fileExists(atPath: $0) })
        else {
            throw .noDataFolder(path: folder.path)
        }
        var sources: [String: TileSource] = [:]
        var missing: [String] = []
        var partial: [String] = []
        let inUse = folder.paths.filter { FileManager.default.fileExists(atPath: $0) }.joined(separator: ", ")
        guard !isPack else {
            // An offline region: one archive holding the style's vector sources.
            guard let packed = try PackedSource.sources(of: folder.open(folder.path)) else {
                throw .notAPack(path: folder.path)
            }
            for (name, described) in style.sources.sorted(by: { $0.key < $1.key }) {
                if let options = described.geojson {
                    try Self.geojson(
                        name, options, style: style, folders: [], access: folder.access, into: &sources,
                        missing: &missing, partial: &partial)
                    continue
                }
                if described.kind == .image {
                    if let image = try PlacedImage.read(
                        described, name: name, base: style.folder, folders: [], access: folder.access)
                    {
                        placed[name] = image
                    } else {
                        missing.append(Self.noImage(name, described.url))
                    }
                    continue
                }
                if let found = try Self.outside(name, described, style: style, folder: folder) {
                    Self.add(name, found, to: &sources, missing: &missing)
                    continue
                }
                let stem = (DataFolder.name(ofReference: described.url) as NSString).deletingPathExtension
                if let source = packed[name] ?? packed[stem] {
                    sources[name] = TileSource(name: name, tilesets: [source])
                } else {
                    missing.append("source \(name): not in the offline region \(folder.path)")
                }
            }
            partial += Self.unplaced(style, sources)
            (self.folder, self.sources, self.missing, self.partial) = (folder, sources, missing, partial)
            images = StyleImages(style: style, folders: folder.paths, access: folder.access)
            glyphs = style.glyphs.map { StyleGlyphs(template: $0, base: style.folder, access: folder.access) }
            return
        }
        for (name, described) in style.sources.sorted(by: { $0.key < $1.key }) {
            if let options = described.geojson {
                try Self.geojson(
                    name, options, style: style, folders: folder.paths, access: folder.access, into: &sources,
                    missing: &missing, partial: &partial)
                continue
            }
            if described.kind == .image {
                if let image = try PlacedImage.read(
                    described, name: name, base: style.folder, folders: folder.paths, access: folder.access)
                {
                    placed[name] = image
                } else {
                    missing.append(Self.noImage(name, described.url))
                }
                continue
            }
            if described.url.hasPrefix(ContourTileset.scheme) {
                // Contour lines made from elevation tilesets of the folder.
                let reference = "mbtiles://" + described.url.dropFirst(ContourTileset.scheme.count)
                let files = folder.files(for: reference)
                if files.isEmpty {
                    missing.append("source \(name): no elevation tileset for \(described.url) in \(inUse)")
                } else {
                    var elevation: [any Tileset] = []
                    for file in files { elevation.append(try folder.open(file)) }
                    sources[name] = TileSource(
                        name: name,
                        tilesets: [ContourTileset(name: String(reference.dropFirst(10)), elevation: elevation)])
                }
                continue
            }
            if let found = try Self.outside(name, described, style: style, folder: folder) {
                Self.add(name, found, to: &sources, missing: &missing)
                continue
            }
            if let file = TileJSONFile.path(ofReference: described.url, base: style.folder) {
                let (tilesets, unread) = try TileJSONFile(path: file).tilesets(in: folder)
                missing += unread.map { "source \(name): \(file): \($0)" }
                if !tilesets.isEmpty { sources[name] = TileSource(name: name, tilesets: tilesets) }
                continue
            }
            let files = folder.files(for: described.url)
            guard !files.isEmpty else {
                guard DataFolder.isFolderReference(described.url) else {
                    missing.append(
                        "source \(name): \(described.url) is not read (Meridian draws tilesets in the data folder and TileJSON files: set its url to mbtiles://NAME or a TileJSON file's path)"
                    )
                    continue
                }
                let stem = DataFolder.name(ofReference: described.url)
                missing.append(
                    "source \(name): nothing for \(described.url) in \(inUse) (no \(stem) .mbtiles, .pmtiles or folder of them)"
                )
                continue
            }
            var tilesets: [any Tileset] = []
            for file in files { tilesets.append(try folder.open(file)) }
            sources[name] = TileSource(name: name, tilesets: tilesets)
        }
        partial += Self.unplaced(style, sources)
        (self.folder, self.sources, self.missing, self.partial) = (folder, sources, missing, partial)
        images = StyleImages(style: style, folders: folder.paths, access: folder.access)
        glyphs = style.glyphs.map { StyleGlyphs(template: $0, base: style.folder, access: folder.access) }
    }

    /// The line of `missing` for an image source whose image was not read.
    static func noImage(_ name: String, _ url: String) -> String {
        "source \(name): no image at \(url) (PNG files beside the style or in the data folder are read, and on HTTP through the folder's reader)"
    }

    /// Opens a GeoJSON source (``GeoJSONTileset``), its data on HTTP fetched through `access`
    /// (the folder's reader): data on HTTP without one, on a server that cannot be read, or a
    /// file that is not there is one line of `missing`; a document that is there but not GeoJSON
    /// is an error naming the source; features left out for bad positions are one line of
    /// `partial`.
    static func geojson(
        _ name: String, _ options: GeoJSONOptions, style: Style, folders: [String], access: (any RemoteAccess)?,
        into sources: inout [String: TileSource], missing: inout [String], partial: inout [String]
    ) throws(TileError) {
        do {
            let tileset = try GeoJSONTileset(
                name: name, options: options, base: style.folder, folders: folders, access: access)
            sources[name] = TileSource(name: name, tilesets: [tileset])
            if tileset.skipped > 0 {
                partial.append(
                    "source \(name): \(tileset.skipped) features left out (a position not two finite numbers, or a longitude beyond ±540°)"
                )
            }
        } catch let TileError.unavailable(url, reason, _) {
            missing.append("source \(name): \(url) cannot be fetched (\(reason))")
        } catch {
            guard case let .badGeoJSON(_, reason) = error, reason.contains("HTTP") || reason.hasPrefix("no file")
            else { throw error }
            missing.append("source \(name): \(reason)")
        }
    }

    /// Throws when a source of the style has no data (``missing`` is not empty): for a style a
    /// user gives, whose map without one of its sources is not the map asked for. (The shipped
    /// styles are written for any data folder: theirs draw what the folder has, with warnings.)
    /// - Throws: ``MissingSources`` naming each source and where it was looked for.
    public func requireEverySource() throws(MissingSources) {
        guard missing.isEmpty else { throw MissingSources(lines: missing) }
    }

    /// Sources given directly (tests, custom tilesets).
    public init(_ sources: [String: TileSource], folder: DataFolder = DataFolder(path: "")) {
        (self.folder, self.sources, self.missing) = (folder, sources, [])
    }

    /// The credit line: the attributions of every source a layer of the style uses, the most
    /// detailed data first (sources by their last zoom, highest first; on a tie, the source
    /// drawn last, on top, first), each credit once, joined by " · "; empty when no tileset
    /// declares one.
    public func attribution(for style: Style) -> String {
        var top: [String: Int] = [:]
        for (index, layer) in style.layers.enumerated() { if let s = layer.source { top[s] = index } }
        let order = top.keys.sorted { a, b in
            let (za, zb) = (sources[a]?.zoomRange?.upperBound ?? -1, sources[b]?.zoomRange?.upperBound ?? -1)
            return za != zb ? za > zb : top[a]! > top[b]!
        }
        var seen: Set<String> = []
        var lines: [String] = []
        for name in order {
            for line in sources[name]?.attributions ?? [] where seen.insert(line).inserted { lines.append(line) }
        }
        return lines.joined(separator: " · ")
    }
}

/// Sources of a style with no data in the data folder, one line each naming the source, its
/// reference and the folders searched.
public struct MissingSources: Error, CustomStringConvertible, Sendable {
    public let lines: [String]
    public var description: String {
        "the style's sources must all have data: " + lines.joined(separator: "; ")
    }
}
