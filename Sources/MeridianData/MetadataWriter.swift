import CSQLite
import MeridianTiles

/// Reads and sets values in an MBTiles file's `metadata` table (the import's last step).
enum MetadataWriter {
    /// Runs `body` on the MBTiles file opened with SQLite `flags`, closed after; the connection's
    /// statements together stop after ``importBudget`` (an import's scans of a large tileset take
    /// far less; a view that never ends would take forever).
    /// - Throws: ``DataError/io(path:reason:)`` saying it could not be opened `to` do what, or the body's error.
    static func withDatabase<T>(
        _ path: String, _ flags: Int32, to purpose: String,
        _ body: (OpaquePointer) throws(DataError) -> T
    ) throws(DataError) -> T {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw .io(path: path, reason: "cannot open the MBTiles file to \(purpose)")
        }
        defer { sqlite3_close_v2(db) }
        let budget = SQLiteBudget(limit: importBudget)
        budget.install(on: db)
        return try withExtendedLifetime(budget) { () throws(DataError) -> T in try body(db) }
    }

    /// Progress calls (of ``SQLiteBudget/stepsPerCall`` steps) one import statement may take:
    /// 2 billion steps, tens of seconds.
    static let importBudget = 200_000

    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// One metadata value, nil when the name is not there.
    /// - Throws: ``DataError/io(path:reason:)`` when the file cannot be read.
    static func value(_ path: String, _ name: String) throws(DataError) -> String? {
        try withDatabase(path, SQLITE_OPEN_READONLY, to: "read its metadata") { db throws(DataError) in
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard
                sqlite3_prepare_v2(db, "SELECT value FROM metadata WHERE name = ?1", -1, &statement, nil) == SQLITE_OK,
                sqlite3_bind_text(statement, 1, name, -1, transient) == SQLITE_OK
            else { throw .io(path: path, reason: String(cString: sqlite3_errmsg(db))) }
            guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
                return nil
            }
            return String(cString: text)
        }
    }

    /// Replaces each name's value.
    /// - Throws: ``DataError/io(path:reason:)`` with SQLite's message.
    static func set(_ path: String, _ values: [String: String]) throws(DataError) {
        try withDatabase(path, SQLITE_OPEN_READWRITE, to: "write its metadata") { db throws(DataError) in
            func exec(_ sql: String, _ name: String, _ value: String? = nil) throws(DataError) {
                var statement: OpaquePointer?
                defer { sqlite3_finalize(statement) }
                guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK,
                    sqlite3_bind_text(statement, 1, name, -1, transient) == SQLITE_OK,
                    value.map({ sqlite3_bind_text(statement, 2, $0, -1, transient) == SQLITE_OK }) ?? true,
                    sqlite3_step(statement) == SQLITE_DONE
                else {
                    throw .io(path: path, reason: String(cString: sqlite3_errmsg(db)))
                }
            }
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                try exec("DELETE FROM metadata WHERE name = ?1", name)
                try exec("INSERT INTO metadata (name, value) VALUES (?1, ?2)", name, value)
            }
        }
    }
}
