import CSQLite
import MeridianCamera

/// A read-only MBTiles database (spec 1.3): `metadata` (name/value) and `tiles`
/// (zoom_level, tile_column, tile_row, tile_data) with rows in the TMS scheme
/// (row = 2^z − 1 − y). One connection per instance; use one per thread or task.
///
/// ```swift
/// let db = try MBTiles(path: "helsinki.mbtiles")
/// let tile = try db.vectorTile(TileID(z: 14, x: 9326, y: 4740))   // VectorTile?
/// ```
public final class MBTiles: Tileset {
    public let path: String
    /// The `metadata` table as read when opening.
    public let metadata: [String: String]
    public let info: TilesetInfo
    private var db: OpaquePointer?
    private var tileQuery: OpaquePointer?
    /// The stored size of a tile, asked before its bytes (``TileError/maxTileBytes``).
    private var lengthQuery: OpaquePointer?
    /// Every statement's bound (``SQLiteBudget``): an endless view cannot hang a reader.
    private let budget = SQLiteBudget()
    /// The error of a look-up the budget stopped: later look-ups fail with it at once (a view
    /// that never ended once will not end next time, and each try costs 20 million steps).
    private var stopped: TileError?
    /// The error that stopped this tileset for good, if one did (tests).
    var stoppedError: TileError? { stopped }

    /// Opens the file read-only and immutable (SQLite's `file:PATH?mode=ro&immutable=1`: no
    /// lock, no `-wal` or `-shm` file beside it, so a WAL-mode tileset from another tool leaves
    /// nothing in the data folder and a read-only folder serves) and reads its metadata.
    /// - Throws: ``TileError/database(path:message:)`` when SQLite cannot open or read it,
    ///   ``TileError/notMBTiles(path:reason:)`` when the tables are missing.
    public init(path: String) throws(TileError) {
        self.path = path
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(
            Self.immutableURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(handle)
            throw .database(path: path, message: message)
        }
        db = handle
        budget.install(on: handle)
        do throws(TileError) {
            budget.reset()
            metadata = try Self.readMetadata(handle, path, budget)
            info = TilesetInfo(mbtilesMetadata: metadata)
            var query: OpaquePointer?
            let sql = "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
            guard sqlite3_prepare_v2(handle, sql, -1, &query, nil) == SQLITE_OK else {
                throw TileError.notMBTiles(path: path, reason: String(cString: sqlite3_errmsg(handle)))
            }
            tileQuery = query
            var length: OpaquePointer?
            let lengthSQL =
                "SELECT length(tile_data) FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
            guard sqlite3_prepare_v2(handle, lengthSQL, -1, &length, nil) == SQLITE_OK else {
                throw TileError.notMBTiles(path: path, reason: String(cString: sqlite3_errmsg(handle)))
            }
            lengthQuery = length
        } catch {
            sqlite3_close_v2(handle)
            db = nil
            throw error
        }
    }

    /// SQLite's URI for opening `path` read-only and immutable: `%`, `?` and `#` escaped (the
    /// characters a URI filename gives meaning to), a relative path kept relative.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        return "file:" + escaped + "?mode=ro&immutable=1"
    }

    deinit {
        sqlite3_finalize(tileQuery)
        sqlite3_finalize(lengthQuery)
        sqlite3_close_v2(db)
    }

    static func readMetadata(
        _ db: OpaquePointer, _ path: String, _ budget: SQLiteBudget
    ) throws(TileError) -> [String: String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT name, value FROM metadata", -1, &statement, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(db))
            // A file that is not a database at all fails here too: tell the two apart.
            if sqlite3_errcode(db) == SQLITE_NOTADB || sqlite3_errcode(db) == SQLITE_CORRUPT {
                throw .database(path: path, message: message)
            }
            throw .notMBTiles(path: path, reason: message)
        }
        defer { sqlite3_finalize(statement) }
        var result: [String: String] = [:]
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return result }
            guard rc == SQLITE_ROW else { throw .database(path: path, message: budget.message(rc, db)) }
            if let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) {
                result[String(cString: name)] = String(cString: value)
            }
        }
    }

    /// The tile's stored bytes (usually gzip-compressed MVT, or an image), or nil when the
    /// database has no such tile.
    /// - Throws: ``TileError/tileOutOfRange(z:x:y:)`` for an id outside the world at its zoom,
    ///   ``TileError/database(path:message:)`` when SQLite fails,
    ///   ``TileError/tileTooLarge(path:tile:bytes:)`` for a tile over ``TileError/maxTileBytes``
    ///   (its size is asked first: such a tile is never read).
    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? {
        try Self.check(tile)
        if let stopped { throw stopped }
        budget.reset()
        switch Self.step(lengthQuery, tile) {
        case SQLITE_ROW:
            let bytes = sqlite3_column_int64(lengthQuery, 0)
            if bytes > Int64(TileError.maxTileBytes) {
                throw .tileTooLarge(path: path, tile: "\(tile.z)/\(tile.x)/\(tile.y)", bytes: UInt64(bytes))
            }
        case SQLITE_DONE:
            return nil
        default:
            throw failure()
        }
        budget.reset()
        switch Self.step(tileQuery, tile) {
        case SQLITE_ROW:
            let count = Int(sqlite3_column_bytes(tileQuery, 0))
            guard count > 0, let blob = sqlite3_column_blob(tileQuery, 0) else { return [] }
            return Array(UnsafeRawBufferPointer(start: blob, count: count))
        case SQLITE_DONE:
            return nil
        default:
            throw failure()
        }
    }

    /// The error of the look-up that just failed, kept for later ones when the budget stopped it.
    private func failure() -> TileError {
        let error = TileError.database(path: path, message: budget.message(sqlite3_errcode(db), db))
        if budget.calls > budget.limit { stopped = error }
        return error
    }

    /// Runs a tile query (`?1` zoom, `?2` column, `?3` TMS row) for a tile in XYZ: SQLite's step result.
    private static func step(_ query: OpaquePointer?, _ tile: TileID) -> Int32 {
        sqlite3_reset(query)
        sqlite3_bind_int64(query, 1, Int64(tile.z))
        sqlite3_bind_int64(query, 2, Int64(tile.x))
        sqlite3_bind_int64(query, 3, Int64((1 << tile.z) - 1 - tile.y))
        return sqlite3_step(query)
    }
}
