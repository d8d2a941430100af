import CSQLite
import Foundation
import MeridianCamera
import MeridianTileFixtures
import MeridianTiles
import Testing

/// An MBTiles whose `tiles` or `metadata` is a view that never ends (a recursive CTE) fails
/// with a typed error naming the file, in bounded time, instead of hanging (issue 23, defect 7).
@Suite struct EndlessViewTests {
    /// An MBTiles where `table` is a view over a recursive CTE whose filter is never true.
    static func endless(_ table: String) throws -> String {
        let path = temporaryPath("endless-\(table)-\(UUID().uuidString).mbtiles")
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        let endless = "WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r) "
        let metadata = table == "metadata"
            ? "CREATE VIEW metadata AS \(endless)SELECT 'name' AS name, 'x' AS value FROM r WHERE n < 0;"
            : "CREATE TABLE metadata (name TEXT, value TEXT); INSERT INTO metadata VALUES ('format', 'pbf');"
        let tiles = table == "tiles"
            ? "CREATE VIEW tiles AS \(endless)SELECT 0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x'1a00' AS tile_data FROM r WHERE n < 0;"
            : "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
        try #require(sqlite3_exec(db, metadata + tiles, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        return path
    }

    static func expectStopped(_ error: TileError, _ path: String) {
        #expect(error.description.contains(path) && error.description.contains("million SQLite steps"), "\(error)")
    }

    @Test("an endless tiles view: the tile look-up stops with a typed error naming the file")
    func endlessTiles() throws {
        let path = try Self.endless("tiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tileset = try MBTiles(path: path)
        let start = Date()
        do throws(TileError) {
            _ = try tileset.data(for: TileID(z: 0, x: 0, y: 0))
            Issue.record("an endless view answered")
        } catch { Self.expectStopped(error, path) }
        #expect(Date().timeIntervalSince(start) < 60, "bounded (generous for a loaded machine)")
    }

    @Test("an endless metadata view: opening stops with a typed error naming the file")
    func endlessMetadata() throws {
        let path = try Self.endless("metadata")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do throws(TileError) {
            _ = try MBTiles(path: path)
            Issue.record("an endless view was read")
        } catch { Self.expectStopped(error, path) }
    }
}
