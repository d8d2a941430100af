import CSQLite

/// Reads and sets values in an MBTiles file's `metadata` table (the import's last step).
enum MetadataWriter {
    /// One metadata value, nil when the name is not there.
    /// - Throws: ``DataError/io(path:reason:)`` when the file cannot be read.
    static func value(_ path: String, _ name: String) throws(DataError) -> String? {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw .io(path: path, reason: "cannot open the MBTiles file to read its metadata")
        }
        defer { sqlite3_close_v2(db) }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        guard sqlite3_prepare_v2(db, "SELECT value FROM metadata WHERE name = ?1", -1, &statement, nil) == SQLITE_OK,
              sqlite3_bind_text(statement, 1, name, -1, transient) == SQLITE_OK else { throw .io(path: path, reason: String(cString: sqlite3_errmsg(db))) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    /// Replaces each name's value.
    /// - Throws: ``DataError/io(path:reason:)`` with SQLite's message.
    static func set(_ path: String, _ values: [String: String]) throws(DataError) {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw .io(path: path, reason: "cannot open the MBTiles file to write its metadata")
        }
        defer { sqlite3_close_v2(db) }
        func exec(_ sql: String, _ name: String, _ value: String? = nil) throws(DataError) {
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK,
                  sqlite3_bind_text(statement, 1, name, -1, transient) == SQLITE_OK,
                  value.map({ sqlite3_bind_text(statement, 2, $0, -1, transient) == SQLITE_OK }) ?? true,
                  sqlite3_step(statement) == SQLITE_DONE else {
                throw .io(path: path, reason: String(cString: sqlite3_errmsg(db)))
            }
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            try exec("DELETE FROM metadata WHERE name = ?1", name)
            try exec("INSERT INTO metadata (name, value) VALUES (?1, ?2)", name, value)
        }
    }
}
