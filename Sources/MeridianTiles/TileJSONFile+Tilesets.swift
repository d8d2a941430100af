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

    /// `relative` (a path, braces and all) resolved against the URL `base` as a browser would:
    /// from the origin when it starts with `/`, else from `base`'s folder.
    static func resolve(_ relative: String, at base: String) -> String {
        let scheme = base.range(of: "://")!.upperBound
        if relative.hasPrefix("/") {
            let origin = base[scheme...].firstIndex(of: "/") ?? base.endIndex
            return base[..<origin] + relative
        }
        let withoutQuery = base.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let slash = withoutQuery[scheme...].lastIndex(of: "/") else { return withoutQuery + "/" + relative }
        return withoutQuery[...slash] + relative
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
    /// bounds and credits); the `http://` and `https://` templates are mirrors of one tileset, as
    /// TileJSON means its `tiles` (`a.`, `b.`, `c.` hosts): one tileset whose tiles are fetched one
    /// by one, each from one of them (the folder's ``DataFolder/access``), or a line of `missing`
    /// in a program that fetches nothing.
    ///
    /// A document fetched over HTTP names only HTTP(S) resources, as a browser rules it: its
    /// relative templates resolve against its URL, and a `file://`, `mbtiles://` or `pmtiles://`
    /// template (a node's local files) is a line of `missing`, never read.
    /// - Throws: the ``TileError`` of a tileset that is there and cannot be opened, or of a
    ///   template without its placeholders.
    public func tilesets(in folder: DataFolder) throws(TileError) -> (tilesets: [any Tileset], missing: [String]) {
        var tilesets: [any Tileset] = []
        var missing: [String] = []
        var mirrors: [String] = []
        let fetched = DataFolder.isRemote(path)
        for given in tiles {
            // A template of a document fetched over HTTP is resolved against the document's URL.
            let template = fetched && !given.contains("://") ? Self.resolve(given, at: path) : given
            let scheme = template.range(of: "://").map { template[..<$0.lowerBound].lowercased() }
            if fetched, scheme != "http", scheme != "https" {
                missing.append(
                    "\(template) is not read (a document fetched over HTTP may name only http(s) tiles, not local files)"
                )
                continue
            }
            switch scheme {
            case "mbtiles", "pmtiles":
                let files = folder.files(for: template)
                if files.isEmpty { missing.append("\(template) names nothing in the data folder") }
                for file in files { tilesets.append(try folder.open(file)) }
            case "file", nil:
                let file = scheme == nil ? template : String(template.dropFirst(7))
                let absolute = Self.resolve(file, against: (path as NSString).deletingLastPathComponent)
                tilesets.append(TileFolder(template: absolute, described: self))
            case "http", "https": mirrors.append(template)
            default:
                missing.append("\(template) is not read (its scheme is not one Meridian reads)")
            }
        }
        if !mirrors.isEmpty {
            if let access = folder.access {
                tilesets.append(try access.templates(mirrors, described: self))
            } else {
                missing += mirrors.map { "\($0) is not read (this program fetches no remote tiles)" }
            }
        }
        return (tilesets, missing)
    }
}
