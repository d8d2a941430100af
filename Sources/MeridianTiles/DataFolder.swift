import Foundation

/// A folder of tilesets, as `meridian data` keeps it and styles refer to it.
///
/// A style source names a tileset by reference, `mbtiles://NAME` or `pmtiles://NAME` (the
/// scheme is a hint; both formats are found). The reference resolves, in this order, to:
/// `NAME` itself when it is a file; `NAME.mbtiles` and `NAME.pmtiles` (an extension already on
/// NAME is dropped first); then every `.mbtiles` and `.pmtiles` file in the folder `NAME/`,
/// sorted by file name, the regions ``TileSource`` draws side by side. So `mbtiles://world.mbtiles`
/// is `world.mbtiles`, and `mbtiles://openmaptiles` is each region imported into `openmaptiles/`.
///
/// A reference that resolves to no file is not an error: the source draws nothing and
/// `MapSources` reports it once. References are confined to the folder: one naming a parent
/// (`..`) or an absolute path resolves to nothing.
///
/// Several folders may be in use at once (``resolve(_:environment:workingDirectory:)``): ``path``,
/// the writable one that `meridian data import` fills, then ``layers``, folders only read (the
/// shipped default data). A reference resolves in each, in that order; a file whose place
/// under its folder (`openmaptiles/kotka.mbtiles`) an earlier folder already gave is left out,
/// so the user's copy of a tileset hides the shipped one, and the regions of all folders are
/// drawn side by side.
public struct DataFolder: Hashable, Sendable {
    /// The writable folder: where imports go, and the first searched.
    public let path: String
    /// Folders read after ``path``, never written (empty unless resolved from the search).
    public let layers: [String]
    /// Archives on an HTTP server, by their place in a folder (`openmaptiles/helsinki.pmtiles`,
    /// `world.pmtiles`) → URL: read after the local folders, resolved by the same rules
    /// (`MeridianRemote` makes them from `--data URL`; ``access`` opens them).
    public let remote: [String: String]
    /// What reads data on HTTP servers (archives, templates, documents), or nil: this folder's
    /// sources read local files only (``RemoteAccess``).
    public let access: (any RemoteAccess)?

    /// - Parameters:
    ///   - path: the writable folder.
    ///   - layers: folders only read, after it.
    ///   - remote: archives on an HTTP server by their place in a folder.
    ///   - access: what reads data on HTTP servers; nil, none is read.
    public init(
        path: String, layers: [String] = [], remote: [String: String] = [:], access: (any RemoteAccess)? = nil
    ) {
        self.path = path
        self.layers = layers.filter { $0 != path }
        self.remote = remote
        self.access = access
    }

    /// The same folder, reading data on HTTP servers through `access`.
    public func reading(_ access: any RemoteAccess) -> DataFolder {
        DataFolder(path: path, layers: layers, remote: remote, access: access)
    }

    public static func == (a: DataFolder, b: DataFolder) -> Bool {
        a.path == b.path && a.layers == b.layers && a.remote == b.remote
            && a.access.map(ObjectIdentifier.init) == b.access.map(ObjectIdentifier.init)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(layers)
        hasher.combine(remote)
        hasher.combine(access.map(ObjectIdentifier.init))
    }

    /// Whether `file` names an archive on an HTTP server.
    public static func isRemote(_ file: String) -> Bool {
        let lower = file.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Every folder in use, the writable one first.
    public var paths: [String] { [path] + layers }

    /// The extensions of the tileset formats Meridian reads.
    public static let extensions = ["mbtiles", "pmtiles"]

    /// The name a reference gives: the part after `scheme://`, without the braces of
    /// tileserver-gl's form (`mbtiles://{openmaptiles}` is `openmaptiles`).
    public static func name(ofReference reference: String) -> String {
        guard let range = reference.range(of: "://") else { return reference }
        let name = reference[range.upperBound...]
        if name.hasPrefix("{"), name.hasSuffix("}"), name.count > 2 { return String(name.dropFirst().dropLast()) }
        return String(name)
    }

    /// Whether a reference is one a data folder resolves: `mbtiles://` or `pmtiles://`, or a
    /// name with no scheme (an `https://` TileJSON URL is not).
    public static func isFolderReference(_ reference: String) -> Bool {
        guard let range = reference.range(of: "://") else { return true }
        return ["mbtiles", "pmtiles"].contains(reference[..<range.lowerBound].lowercased())
    }

    /// The files a reference resolves to, in drawing order (see the type's documentation).
    public func files(for reference: String) -> [String] {
        guard Self.isFolderReference(reference) else { return [] }
        var seen = Set<String>()
        var out: [String] = []
        for folder in paths {
            for file in Self.files(for: reference, in: folder)
            where seen.insert(String(file.dropFirst(folder.count))).inserted { out.append(file) }
        }
        for place in Self.places(for: reference, in: remote.keys) where seen.insert("/" + place).inserted {
            out.append(remote[place]!)
        }
        return out
    }

    /// The places among `places` (`openmaptiles/helsinki.pmtiles`) a reference resolves to, by the
    /// rules of a folder: the place itself, NAME with an extension, then the regions under NAME/.
    static func places(for reference: String, in places: some Collection<String>) -> [String] {
        let name = Self.name(ofReference: reference)
        guard !name.isEmpty, !places.isEmpty else { return [] }
        if places.contains(name) { return [name] }
        let stem =
            Self.extensions.contains((name as NSString).pathExtension.lowercased())
            ? (name as NSString).deletingPathExtension : name
        let direct = Self.extensions.map { stem + "." + $0 }.filter(places.contains)
        let regions = places.filter {
            $0.hasPrefix(stem + "/") && !$0.dropFirst(stem.count + 1).contains("/")
                && Self.extensions.contains(($0 as NSString).pathExtension.lowercased())
        }.sorted()
        return direct + regions
    }

    /// The files a reference resolves to in one folder.
    static func files(for reference: String, in path: String) -> [String] {
        let name = Self.name(ofReference: reference)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return [] }
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        let direct = path + "/" + name
        if fm.fileExists(atPath: direct, isDirectory: &isDirectory), !isDirectory.boolValue { return [direct] }
        let stem =
            Self.extensions.contains((name as NSString).pathExtension.lowercased())
            ? (name as NSString).deletingPathExtension : name
        var out = Self.extensions.map { path + "/" + stem + "." + $0 }.filter { fm.fileExists(atPath: $0) }
        let regions = path + "/" + stem
        if fm.fileExists(atPath: regions, isDirectory: &isDirectory), isDirectory.boolValue {
            let entries = (try? fm.contentsOfDirectory(atPath: regions)) ?? []
            out += entries.filter {
                Self.extensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".")
            }
            .sorted().map { regions + "/" + $0 }
        }
        return out
    }

    /// Opens one tileset file of the folder's: a local file by its extension, an archive on an
    /// HTTP server through ``access``.
    /// - Throws: a ``TileError`` naming the file when it cannot be opened or is not a tileset;
    ///   `unavailable` for an archive on an HTTP server where the folder reads none.
    public func open(_ file: String) throws(TileError) -> any Tileset {
        guard Self.isRemote(file) else { return try Self.open(file) }
        guard let access else {
            throw .unavailable(url: file, reason: "this program reads no remote archives", retryAfter: 60)
        }
        return try access.archive(file)
    }

    /// Opens one local tileset file by its extension.
    /// - Throws: a ``TileError`` naming the file when it cannot be opened or is not a tileset;
    ///   `unavailable` for an archive on an HTTP server (a folder's ``open(_:)`` reads those).
    public static func open(_ file: String) throws(TileError) -> any Tileset {
        if isRemote(file) {
            throw .unavailable(url: file, reason: "this program reads no remote archives", retryAfter: 60)
        }
        switch (file as NSString).pathExtension.lowercased() {
        case "pmtiles": return try PMTiles(path: file)
        default: return try MBTiles(path: file)
        }
    }
}
