import Foundation
import MeridianStyle
import MeridianTiles

extension MapSources {
    /// The tilesets of a source that needs no data folder: TileJSON written in the style (a
    /// `tiles` list), a PMTiles archive on an HTTP server (`pmtiles://https://…/x.pmtiles` or
    /// `https://…/x.pmtiles`), or a TileJSON there (any other `http(s)://` URL); nil for every
    /// other source. Remote data is read where the folder holds a reader (`DataFolder.access`);
    /// elsewhere the source is one line of `missing`.
    /// A `url` whose server cannot be read is a line of `missing` naming it and why.
    /// - Throws: the `TileError` of a document that is not TileJSON, or of an archive that is not
    ///   PMTiles.
    static func outside(
        _ name: String, _ described: Style.Source, style: Style, folder: DataFolder
    ) throws(TileError) -> (tilesets: [any Tileset], missing: [String])? {
        let document: TileJSONFile
        if let inline = described.tileJSON {
            // Named as the source's place beside the style, against whose folder relative templates resolve.
            let base = style.folder ?? FileManager.default.currentDirectoryPath
            document = try TileJSONFile(
                bytes: Array(inline.utf8), path: (base as NSString).appendingPathComponent("sources.\(name)"))
        } else if let url = remoteURL(described.url) {
            let isArchive = (url.split(separator: "?").first ?? "").lowercased().hasSuffix(".pmtiles")
            do throws(TileError) {
                if isArchive {
                    guard folder.access != nil else { return ([], [notFetched(name, described.url)]) }
                    return ([try folder.open(url)], [])
                }
                guard let access = folder.access else { return ([], [notFetched(name, described.url)]) }
                document = try TileJSONFile(
                    bytes: try access.document(url, maxBytes: TileJSONFile.maxBytes), path: url)
            } catch let TileError.unavailable(_, reason, _) {
                // Named with the others a style lacks (a given style must find every source).
                return (
                    [],
                    [
                        "source \(name): \(described.url) cannot be fetched (\(reason)); to draw a tileset of the data folder instead, set its url to mbtiles://NAME"
                    ]
                )
            }
        } else {
            return nil
        }
        let (tilesets, unread) = try document.tilesets(in: folder)
        return (tilesets, unread.map { "source \(name): \(document.path): \($0)" })
    }

    /// Adds what ``outside(_:_:style:folder:)`` found for the source `name`: its tilesets (when
    /// there are any) and its lines of `missing`.
    static func add(
        _ name: String, _ found: (tilesets: [any Tileset], missing: [String]), to sources: inout [String: TileSource],
        missing: inout [String]
    ) {
        missing += found.missing
        if !found.tilesets.isEmpty { sources[name] = TileSource(name: name, tilesets: found.tilesets) }
    }

    /// The `http(s)://` URL a source's `url` names (without a `pmtiles://` prefix), or nil.
    static func remoteURL(_ url: String) -> String? {
        let bare = url.lowercased().hasPrefix("pmtiles://") ? String(url.dropFirst(10)) : url
        return DataFolder.isRemote(bare) ? bare : nil
    }

    /// Whether `described` needs no data folder (a GeoJSON or image source, a TileJSON file, a
    /// `tiles` list or data on an HTTP server).
    static func needsNoFolder(_ described: Style.Source, style: Style) -> Bool {
        described.geojson != nil || described.kind == .image || described.tileJSON != nil
            || remoteURL(described.url) != nil
            || TileJSONFile.path(ofReference: described.url, base: style.folder) != nil
    }

    static func notFetched(_ name: String, _ url: String) -> String {
        "source \(name): \(url) is on an HTTP server, which this program does not read (set its url to mbtiles://NAME for a tileset of the data folder)"
    }
}
