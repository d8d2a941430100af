import MeridianTiles

/// What went wrong managing the data folder: one clear message naming the file, the tool or
/// the tileset at fault. Nothing in the folder changed when one of these is thrown.
public enum DataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file to import is not there or cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not one Meridian imports: no extract or tileset by its extension, and no
    /// raster GDAL reads (`reason`: what GDAL said).
    case unrecognised(path: String, reason: String)
    /// A tileset that is there but is no usable tileset (the reader's error).
    case tiles(TileError)
    /// A tileset whose content or schema the shipped styles cannot draw.
    case unsupported(path: String, reason: String)
    /// A name that is not a plain name, or is taken.
    case badName(String, reason: String)
    /// No tileset of that name in the folder.
    case notFound(name: String, folder: String)
    /// The tileset is in a folder only read (the shipped data), not the writable one.
    case readOnly(name: String, folder: String)
    /// The data folder an import would write cannot be written (or made) by this process.
    case readOnlyFolder(path: String)
    /// An external tool is missing or failed; `output` is the end of what it printed.
    case tool(name: String, reason: String, output: String)
    /// Writing into the data folder failed.
    case io(path: String, reason: String)
    /// An import's work files would not fit: their bound (`limit`, bytes) was reached or the
    /// folder's free space is below it; `reason` says which.
    case noRoom(path: String, limit: Int64, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .unrecognised(path, reason):
            "\(path) is not an OpenStreetMap extract (.osm.pbf), a tileset (.mbtiles, .pmtiles) or a raster GDAL reads (\(reason))"
        case let .tiles(error): error.description
        case let .unsupported(path, reason): "\(path) cannot be imported: \(reason)"
        case let .badName(name, reason): "the name '\(name)' \(reason)"
        case let .notFound(name, folder): "no tileset named '\(name)' in \(folder) (see `meridian data list`)"
        case let .readOnlyFolder(path):
            "the data folder \(path) cannot be written here (read-only, or it cannot be made); import into a folder you can write (without --data and $MERIDIAN_DATA, your own: ~/.local/share/meridian)"
        case let .readOnly(name, folder):
            "'\(name)' is in \(folder), which Meridian only reads (shipped data); it can be hidden by importing a tileset of the same name, not removed"
        case let .tool(name, reason, output): "\(name) \(reason)" + (output.isEmpty ? "" : ":\n" + output)
        case let .io(path, reason): "cannot write \(path): \(reason)"
        case let .noRoom(path, limit, reason):
            "\(path) cannot be imported: \(reason) (bound: \(String(format: "%.1f", Double(limit) / 1e6)) MB)"
        }
    }
}
