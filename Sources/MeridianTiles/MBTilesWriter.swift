import CSQLite
import Foundation
import MeridianCamera

/// Writes a new MBTiles file (spec 1.3): the `metadata` and `tiles` tables, rows in TMS order
/// (row 0 at the south), all in one transaction. The file is written under a temporary name
/// beside `path` and moved there at ``finish(metadata:)``, so a failed or interrupted write never
/// leaves a half archive at `path`.
public final class MBTilesWriter {
    public let path: String
    let temporary: String
    private var db: OpaquePointer?
    private var insert: OpaquePointer?

    /// Starts the file.
    /// - Throws: ``TileError/write(path:reason:)`` naming the file when it cannot be created.
    public init(path: String) throws(TileError) {
        self.path = path
        temporary = path + ".partial"
        try? FileManager.default.removeItem(atPath: temporary)
        guard sqlite3_open_v2(temporary, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot create it"
            sqlite3_close_v2(db)
            db = nil
            throw .write(path: path, reason: reason)
        }
        try exec(
            """
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
            BEGIN;
            """)
        guard sqlite3_prepare_v2(db, "INSERT INTO tiles VALUES (?1, ?2, ?3, ?4)", -1, &insert, nil) == SQLITE_OK else {
            throw failure()
        }
    }

    deinit {
        sqlite3_finalize(insert)
        sqlite3_close_v2(db)
        try? FileManager.default.removeItem(atPath: temporary)
    }

    func failure() -> TileError {
        .write(path: path, reason: db.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")
    }

    func exec(_ sql: String) throws(TileError) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw failure() }
    }

    /// Adds one tile's stored bytes (XYZ id; written as its TMS row).
    public func add(_ tile: TileID, _ bytes: [UInt8]) throws(TileError) {
        sqlite3_reset(insert)
        let row = (1 << tile.z) - 1 - tile.y
        let ok =
            sqlite3_bind_int(insert, 1, Int32(tile.z)) == SQLITE_OK
            && sqlite3_bind_int(insert, 2, Int32(tile.x)) == SQLITE_OK
            && sqlite3_bind_int(insert, 3, Int32(row)) == SQLITE_OK
            && bytes.withUnsafeBytes {
                sqlite3_bind_blob(insert, 4, $0.baseAddress, Int32($0.count), MBTilesWriter.transient)
            } == SQLITE_OK
        guard ok, sqlite3_step(insert) == SQLITE_DONE else { throw failure() }
    }

    /// Writes the metadata rows, commits, and moves the file to `path` (replacing one there).
    public func finish(metadata: [(String, String)]) throws(TileError) {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, "INSERT INTO metadata VALUES (?1, ?2)", -1, &statement, nil) == SQLITE_OK else {
            throw failure()
        }
        for (name, value) in metadata {
            sqlite3_reset(statement)
            guard sqlite3_bind_text(statement, 1, name, -1, Self.transient) == SQLITE_OK,
                sqlite3_bind_text(statement, 2, value, -1, Self.transient) == SQLITE_OK,
                sqlite3_step(statement) == SQLITE_DONE
            else { throw failure() }
        }
        try exec("COMMIT;")
        sqlite3_finalize(insert)
        insert = nil
        sqlite3_close_v2(db)
        db = nil
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        } catch { throw .write(path: path, reason: "cannot move the finished file into place: \(error)") }
    }

    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
