import CSQLite
import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTileFixtures
@testable import MeridianTiles
import Testing

/// An MBTiles whose `tiles` or `metadata` is a view that never ends (a recursive CTE) fails
/// with a typed error naming the file, in bounded time, instead of hanging (issue 23, defect 7).
@Suite struct EndlessViewTests {
    /// An MBTiles where `table` is a view over a recursive CTE whose filter is never true.
    static func endless(_ table: String, bounds: String? = nil) throws -> String {
        let path = temporaryPath("endless-\(table)-\(UUID().uuidString).mbtiles")
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        let endless = "WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r) "
        let metadata =
            table == "metadata"
            ? "CREATE VIEW metadata AS \(endless)SELECT 'name' AS name, 'x' AS value FROM r WHERE n < 0;"
            : "CREATE TABLE metadata (name TEXT, value TEXT); INSERT INTO metadata VALUES ('format', 'pbf');"
                + (bounds.map { "INSERT INTO metadata VALUES ('bounds', '\($0)');" } ?? "")
        // Columns of random() so SQLite cannot fold any address's look-up away: every one runs.
        let tiles =
            table == "tiles"
            ? "CREATE VIEW tiles AS \(endless)SELECT abs(random()) % 15 AS zoom_level, abs(random()) AS tile_column, abs(random()) AS tile_row, "
                + "x'1a00' AS tile_data FROM r WHERE n < 0;"
            : "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
        try #require(
            sqlite3_exec(db, metadata + tiles, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
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

    @Test("once stopped, a tileset fails at once with the same error (an endless view is not run again)")
    func stoppedStaysStopped() throws {
        let path = try Self.endless("tiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tileset = try MBTiles(path: path)
        #expect(tileset.stoppedError == nil)
        let first = #expect(throws: TileError.self) { try tileset.data(for: TileID(z: 3, x: 1, y: 2)) }
        #expect(tileset.stoppedError == first)
        let second = #expect(throws: TileError.self) { try tileset.data(for: TileID(z: 5, x: 7, y: 9)) }
        #expect(second == first)
    }

    @Test(
        "a region whose view never ends costs nothing to the tiles of other ground: it is asked only inside its bounds")
    func regionIsolated() throws {
        let path = try Self.endless("tiles", bounds: "10,20,12,22")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let good = temporaryPath("good-\(UUID().uuidString).mbtiles")
        try writeMBTiles(
            good, metadata: ["format": "pbf", "bounds": "24.9,60.1,25,60.2"],
            tiles: [(14, 9326, 4741, gzip(Array("x".utf8)))])
        defer { try? FileManager.default.removeItem(atPath: good) }
        let source = TileSource(name: "openmaptiles", tilesets: [try MBTiles(path: path), try MBTiles(path: good)])
        // Helsinki: the good region's tile, the endless one never asked.
        #expect(try source.joinedTile(TileID(z: 14, x: 9326, y: 4741)) == Array("x".utf8))
        #expect(try source.joinedTile(TileID(z: 14, x: 9000, y: 4741)) == nil)
        #expect((source.tilesets[0] as? MBTiles)?.stoppedError == nil)
        // Inside its own bounds (11° E, 21.9° N) it is asked, and its error names it.
        let error = #expect(throws: TileError.self) { try source.joinedTile(TileID(z: 14, x: 8692, y: 7168)) }
        #expect(error.map { Self.expectStopped($0, path) } != nil)
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

/// ``Tileset/mayHold(_:)``: the declared bounds decide which tiles a tileset is asked for.
@Suite struct DeclaredBoundsTests {
    static func tileset(bounds: String?) throws -> MBTiles {
        let path = temporaryPath("bounds-\(UUID().uuidString).mbtiles")
        try writeMBTiles(
            path, metadata: ["format": "pbf"].merging(bounds.map { ["bounds": $0] } ?? [:]) { a, _ in a }, tiles: [])
        return try MBTiles(path: path)
    }

    @Test(
        "a tile wholly outside the bounds is not asked for; one inside, across or touching them is; no bounds: every tile"
    )
    func bounds() throws {
        let helsinki = try Self.tileset(bounds: "24.9352,60.1642,24.9534,60.1791")
        #expect(helsinki.mayHold(TileID(z: 14, x: 9326, y: 4741)))  // 24.92–24.94° E, 60.174–60.185° N: across the west edge
        #expect(!helsinki.mayHold(TileID(z: 14, x: 9320, y: 4741)))  // 24.79° E: west of it
        #expect(!helsinki.mayHold(TileID(z: 14, x: 9326, y: 4740)))  // 60.185–60.196° N: north of it
        #expect(helsinki.mayHold(TileID(z: 0, x: 0, y: 0)) && helsinki.mayHold(TileID(z: 5, x: 18, y: 9)))
        #expect(!helsinki.mayHold(TileID(z: 5, x: 18, y: 20)))  // the southern hemisphere
        // A tile whose east edge is exactly the bounds' west edge touches them: asked.
        let edge = try Self.tileset(bounds: "0,0,10,10")
        #expect(edge.mayHold(TileID(z: 1, x: 0, y: 0)) && edge.mayHold(TileID(z: 2, x: 1, y: 1)))
        // Across the antimeridian (west > east): both sides, not the middle.
        let fiji = try Self.tileset(bounds: "177,-20,-178,-15")
        #expect(fiji.mayHold(TileID(z: 5, x: 31, y: 17)) && fiji.mayHold(TileID(z: 5, x: 0, y: 17)))
        #expect(!fiji.mayHold(TileID(z: 5, x: 16, y: 17)))
        let anywhere = try Self.tileset(bounds: nil)
        #expect(anywhere.mayHold(TileID(z: 14, x: 1, y: 1)))
        for t in [helsinki, edge, fiji, anywhere] { try? FileManager.default.removeItem(atPath: t.path) }
    }
}
