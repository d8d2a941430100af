import CSQLite
import MeridianTiles

/// Rewrites every tile of an MBTiles file in its canonical form (``TileCanonical``), in one
/// transaction: the same extract then imports to the same tiles every time, so labels that tie
/// on priority are broken the same way (tilemaker's feature order differs from run to run).
enum TileReorder {
    /// Tiles read and written at a time.
    static let batch = 256

    /// The canonical bytes of the statement's current tile (column 1), or nil to leave it.
    static func canonical(_ statement: OpaquePointer?) -> [UInt8]? {
        let n = Int(sqlite3_column_bytes(statement, 1))
        guard n > 0, let blob = sqlite3_column_blob(statement, 1) else { return nil }
        let stored = [UInt8](UnsafeRawBufferPointer(start: blob, count: n))
        let zipped = Inflate.isCompressed(stored)
        guard let plain = zipped ? try? Inflate.decompress(stored) : stored,
            let ordered = try? TileCanonical.ordered(plain), ordered != plain
        else { return nil }
        return zipped ? try? Gzip.compress(ordered) : ordered
    }

    /// Rewrites the tiles of `path` (gzipped tiles stay gzipped). A tile that does not parse as
    /// a vector tile is left as it is.
    /// - Throws: ``DataError/io(path:reason:)`` with SQLite's message; the file is as it was.
    static func run(_ path: String) throws(DataError) {
        try MetadataWriter.withDatabase(path, SQLITE_OPEN_READWRITE, to: "order its tiles' features") {
            db throws(DataError) in
            func fail() -> DataError { .io(path: path, reason: String(cString: sqlite3_errmsg(db))) }
            guard sqlite3_exec(db, "BEGIN", nil, nil, nil) == SQLITE_OK else { throw fail() }
            var committed = false
            defer { if !committed { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) } }
            var read: OpaquePointer?
            var write: OpaquePointer?
            defer { (sqlite3_finalize(read), sqlite3_finalize(write)) }
            guard
                sqlite3_prepare_v2(
                    db, "SELECT rowid, tile_data FROM tiles WHERE rowid > ?1 ORDER BY rowid LIMIT \(batch)", -1, &read,
                    nil) == SQLITE_OK,
                sqlite3_prepare_v2(db, "UPDATE tiles SET tile_data = ?1 WHERE rowid = ?2", -1, &write, nil)
                    == SQLITE_OK
            else { throw fail() }
            // In batches by rowid, each read whole before its rows are written (a scan must not
            // see its own writes), so memory holds one batch of tiles however large the file.
            var last = Int64.min
            while true {
                sqlite3_reset(read)
                guard sqlite3_bind_int64(read, 1, last) == SQLITE_OK else { throw fail() }
                var changes: [(Int64, [UInt8])] = []
                var rows = 0
                while sqlite3_step(read) == SQLITE_ROW {
                    rows += 1
                    last = sqlite3_column_int64(read, 0)
                    if let out = canonical(read) { changes.append((last, out)) }
                }
                for (row, bytes) in changes {
                    sqlite3_reset(write)
                    let bound = bytes.withUnsafeBytes {
                        sqlite3_bind_blob(write, 1, $0.baseAddress, Int32($0.count), MetadataWriter.transient)
                    }
                    guard bound == SQLITE_OK, sqlite3_bind_int64(write, 2, row) == SQLITE_OK,
                        sqlite3_step(write) == SQLITE_DONE
                    else { throw fail() }
                }
                if rows < batch { break }
            }
            guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { throw fail() }
            committed = true
            // The rewritten rows leave free pages behind: give them back (a third of the file).
            guard sqlite3_exec(db, "VACUUM", nil, nil, nil) == SQLITE_OK else { throw fail() }
        }
    }
}
