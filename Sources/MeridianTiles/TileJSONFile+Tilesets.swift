import Foundation

extension TileJSONFile {
    /// The file a style source's `url` names when it names a TileJSON file: `file:///PATH`, or a
    /// path with no scheme ending in `.json` (relative to `base`, the style file's folder, as
    /// MapLibre resolves a URL against the style's); nil for every other reference (data-folder
    /// names, `https://`).
    public static func path(ofReference reference: String, base: String?) -> String? {
        if reference.lowercased().hasPrefix("file://") { return String(reference.dropFirst(7)) }
        guard !reference.contains("://"), reference.lowercased().hasSuffix(".json") else { return nil }
        return Self.resolve(reference, against: base)
    }

    /// `path` made absolute against the folder `base` (the working directory when nil).
    static func resolve(_ path: String, against base: String?) -> String {
        guard !path.hasPrefix("/") else { return path }
        let folder = base ?? FileManager.default.currentDirectoryPath
        return (folder as NSString).appendingPathComponent(path)
    }

    /// The tilesets the document's templates name, in order, and a line for each template that
    /// names nothing readable: `mbtiles://NAME` and `pmtiles://NAME` resolve in `folder` (their
    /// files' own metadata apply); `file:///…/{z}/{x}/{y}.pbf` and relative paths (against this
    /// file's folder) are folders of tile files (``TileFolder``, with this document's zooms,
    /// bounds and credits); `http://` and `https://` templates are not read (remote tiles).
    /// - Throws: the ``TileError`` of a tileset that is there and cannot be opened, or of a
    ///   template without its placeholders.
    public func tilesets(in folder: DataFolder) throws(TileError) -> (tilesets: [any Tileset], missing: [String]) {
        var tilesets: [any Tileset] = []
        var missing: [String] = []
        for template in tiles {
            let scheme = template.range(of: "://").map { template[..<$0.lowerBound].lowercased() }
            switch scheme {
            case "mbtiles", "pmtiles":
                let files = folder.files(for: template)
                if files.isEmpty { missing.append("\(template) names nothing in the data folder") }
                for file in files { tilesets.append(try DataFolder.open(file)) }
            case "file", nil:
                let file = scheme == nil ? template : String(template.dropFirst(7))
                let absolute = Self.resolve(file, against: (path as NSString).deletingLastPathComponent)
                tilesets.append(try TileFolder(template: absolute, described: self))
            default:
                missing.append("\(template) is not read (remote tiles are not fetched yet)")
            }
        }
        return (tilesets, missing)
    }
}
