import MeridianCamera

/// What went wrong reading tiles: every malformed input (a corrupt database, a truncated or
/// corrupt tile, a compressed bomb) ends here, typed and described, never in a crash.
public enum TileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The MBTiles database could not be opened or read (SQLite's message).
    case database(path: String, message: String)
    /// The database is not an MBTiles file (a table or a metadata value is missing or wrong).
    case notMBTiles(path: String, reason: String)
    /// A tile archive (PMTiles) is malformed: not the format, an unsupported version or
    /// compression, a section or directory outside the file, a bad directory.
    case corrupt(path: String, reason: String)
    /// The data folder does not exist (or is not a folder).
    case noDataFolder(path: String)
    /// Compressed tile data could not be inflated.
    case compression(String)
    /// The tile's bytes are not a valid Mapbox Vector Tile; `offset` is where reading failed.
    case malformed(String, offset: Int)
    /// Asked for a tile outside the world at its zoom.
    case tileOutOfRange(z: Int, x: Int, y: Int)
    /// An archive could not be written (the system's or SQLite's message).
    case write(path: String, reason: String)
    /// `--data` names a file that is not an offline-region archive (``TilePack``).
    case notAPack(path: String)
    /// A stored tile is larger than any tile source may hand out (``maxTileBytes``), found before
    /// its bytes are read: the archive, the tile (`z/x/y`) and its size in bytes.
    case tileTooLarge(path: String, tile: String, bytes: UInt64)
    /// A stored tile that cannot be inflated or decoded, named by its archive and tile (`z/x/y`):
    /// the ``compression(_:)`` or ``malformed(_:offset:)`` error it gave, as text.
    case badTile(path: String, tile: String, reason: String)
    /// A TileJSON file (``TileJSONFile``) that cannot be read or breaks a rule: the file, and what.
    case badTileJSON(path: String, reason: String)
    /// A GeoJSON source's data is not GeoJSON, cannot be read, or is over the bounds.
    case badGeoJSON(source: String, reason: String)
    /// A remote archive's server did not answer as it must (down, slow, an error status, a range
    /// cut short or of another length): the URL, what happened, and in how many seconds to try
    /// again (its origin is left alone until then).
    case unavailable(url: String, reason: String, retryAfter: Int)
    /// A remote archive was replaced while it was being read (its ETag changed): what was read of
    /// the old one is dropped; open it again to read the new one.
    case changed(url: String)

    /// The most bytes one stored tile may have, in every tile source (MBTiles, PMTiles): 32 MiB,
    /// far above any real tile (the largest in the default data is under 1 MiB).
    public static let maxTileBytes: UInt64 = 32 << 20

    public var description: String {
        switch self {
        case let .database(path, message): return "cannot read MBTiles database \(path): \(message)"
        case let .notMBTiles(path, reason): return "\(path) is not an MBTiles file: \(reason)"
        case let .corrupt(path, reason): return "\(path) is not a readable PMTiles archive: \(reason)"
        case let .noDataFolder(path):
            return
                "no data folder at \(path) (build the default data with scripts/build-data.sh, add tiles with `meridian data import`, or pass --data)"
        case let .compression(why): return "cannot inflate tile data: \(why)"
        case let .malformed(why, offset): return "malformed vector tile at byte \(offset): \(why)"
        case let .tileOutOfRange(z, x, y): return "tile \(z)/\(x)/\(y) is outside the world"
        case let .write(path, reason): return "cannot write \(path): \(reason)"
        case let .tileTooLarge(path, tile, bytes):
            return
                "tile \(tile) of \(path) is \(bytes) bytes, more than the \(TileError.maxTileBytes >> 20) MiB a tile may have"
        case let .badTile(path, tile, reason): return "tile \(tile) of \(path): \(reason)"
        case let .badTileJSON(path, reason): return "TileJSON file \(path) \(reason)"
        case let .badGeoJSON(source, reason): return "GeoJSON source \(source): \(reason)"
        case let .unavailable(url, reason, retryAfter):
            return "\(url) is unavailable: \(reason) (trying again in \(retryAfter) s)"
        case let .changed(url): return "\(url) was replaced while it was read: read it again"
        case let .notAPack(path):
            return
                "\(path) is a tileset, not an offline region (make one with `meridian data extract`; a data folder holds plain tilesets)"
        }
    }

    /// This error of reading tile `tile` of the archive at `path`, naming both: an inflate or
    /// decode error becomes ``badTile(path:tile:reason:)``; every other case names its file already.
    public func naming(path: String, tile: TileID) -> TileError {
        switch self {
        case .compression, .malformed: .badTile(path: path, tile: "\(tile.z)/\(tile.x)/\(tile.y)", reason: description)
        default: self
        }
    }
}
