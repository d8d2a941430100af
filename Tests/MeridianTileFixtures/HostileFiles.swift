import CSQLite
import Foundation
import MeridianTiles

/// Makes hostile tileset files for the fuzzers (tests only), deterministically from a seed:
/// MBTiles whose `metadata` or `tiles` are views (finite or endless), absent, or of the wrong
/// shape, in WAL mode, with hostile metadata values, tiles at impossible addresses, tiles that
/// are garbage, truncated gzip, gzip bombs, NULL or text, blobs past the size cap computed by
/// a view (no disk), and bytes flipped in the finished file; PMTiles whose header, root and
/// leaf directories and metadata lie (offsets and lengths past the file, leaves that point at
/// themselves or nest deep, counts past their bytes, unknown compressions, directory bombs).
/// Each file comes with the list of traits it was given, for failure messages.
public struct HostileFiles {
    var random: TileFuzzer

    public init(seed: UInt64) { random = TileFuzzer(seed: seed) }

    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
    mutating func chance(_ n: Int) -> Bool { below(n) == 0 }

    /// The tiles the files hold most often, so readers reach their content: z/x/y (XYZ rows).
    public static let targets: [(z: Int, x: Int, y: Int)] = [
        (0, 0, 0), (1, 1, 1), (2, 3, 0), (14, 9326, 4741), (14, 9327, 4741),
    ]

    /// 40 MB of zeros as gzip (about 40 KB).
    static let bomb = gzip([UInt8](repeating: 0, count: 40 << 20))

    static let endless = "WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r) "

    /// SQL for a hostile metadata value.
    mutating func metadataValue(for key: String) -> String {
        let good = [
            "minzoom": "'0'", "maxzoom": "'14'", "bounds": "'24.9,60.1,25,60.2'", "center": "'24.94,60.17,14'",
            "format": "'pbf'",
            "json": "'{\"vector_layers\":[{\"id\":\"transportation\"},{\"id\":\"building\"},{\"id\":\"water\"}]}'",
        ]
        if let value = good[key], !chance(4) { return value }
        switch key {
        case "minzoom", "maxzoom":
            return pick(["'-5'", "'99'", "'NaN'", "'1e308'", "'abc'", "''", "'0'", "'14'", "NULL", "x'00ff'", "3.5"])
        case "bounds":
            return pick([
                "'NaN,0,1,2'", "'-180,-85,180,85'", "'1,2'", "'200,100,-200,-100'", "'24.9,60.1,25,60.2'",
                "'inf,-inf,0,0'", "''",
            ])
        case "center": return pick(["'0,0,NaN'", "'24.94,60.17,14'", "'1e400,0,2'", "'0,0'", "NULL"])
        case "format": return pick(["'pbf'", "'png'", "'jpg'", "'webp'", "'xyz'", "''", "NULL"])
        case "json":
            return pick([
                "'{'", "'[]'", "'null'", "'{\"vector_layers\":\"roads\"}'",
                "'{\"vector_layers\":[{\"id\":5},{\"fields\":[]}]}'",
                "'" + String(repeating: "[", count: 5000) + "'",
                "'{\"vector_layers\":[" + (0..<2000).map { "{\"id\":\"l\($0)\"}" }.joined(separator: ",") + "]}'",
                "'{\"vector_layers\":[{\"id\":\"transportation\"},{\"id\":\"building\"},{\"id\":\"water\"}]}'",
            ])
        default:
            return pick([
                "'x'", "'" + String(repeating: "n", count: 100_000) + "'", "char(0, 65, 0)", "NULL", "x'deadbeef'",
            ])
        }
    }

    /// Hostile tile bytes as an SQL literal.
    mutating func tileData() -> String {
        func hex(_ bytes: [UInt8]) -> String {
            let digits = Array("0123456789abcdef".utf8)
            var out: [UInt8] = Array("x'".utf8)
            out.reserveCapacity(bytes.count * 2 + 3)
            for b in bytes { out += [digits[Int(b >> 4)], digits[Int(b & 15)]] }
            return String(decoding: out + [UInt8(ascii: "'")], as: UTF8.self)
        }
        switch below(8) {
        case 0: return hex(gzip(random.tileBytes()))
        case 1: return hex(random.tileBytes())
        case 2:
            let g = gzip(random.tileBytes())
            return hex(Array(g.prefix(max(1, g.count / 2))))  // truncated gzip
        case 3: return hex(Self.bomb)
        case 4: return pick(["NULL", "'text'", "42", "x''", "zeroblob(10)"])
        case 5: return hex((0..<below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        default:
            return hex(
                gzip(
                    MVTWriter.tile([
                        VectorTile.Layer(
                            name: "transportation",
                            features: [
                                VectorTile.Feature(type: .point, geometry: [[VectorTile.Point(x: 5, y: 5)]])
                            ])
                    ])))
        }
    }

    /// A hostile MBTiles written at `path`; returns its traits.
    public mutating func mbtiles(at path: String) throws -> [String] {
        var traits: [String] = []
        var sql = ""
        if chance(3) {
            sql += "PRAGMA journal_mode=WAL;"
            traits.append("WAL")
        }
        switch below(8) {
        case 0:
            sql += "CREATE VIEW metadata AS \(Self.endless)SELECT 'name' AS name, 'x' AS value FROM r WHERE n < 0;"
            traits.append("endless metadata view")
        case 1:
            sql += "CREATE VIEW metadata AS SELECT 'format' AS name, 'pbf' AS value UNION ALL SELECT 'minzoom', '0';"
            traits.append("metadata view")
        case 2: traits.append("no metadata")
        case 3:
            sql += "CREATE TABLE metadata (name TEXT);"
            traits.append("metadata without values")
        default:
            sql += "CREATE TABLE metadata (name TEXT, value TEXT);"
            for key in ["name", "format", "minzoom", "maxzoom", "bounds", "center", "json", "attribution"]
            where !chance(8) {
                sql += "INSERT INTO metadata VALUES ('\(key)', \(metadataValue(for: key)));"
            }
            traits.append("hostile metadata")
        }
        let columns = "zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB"
        switch below(9) {
        case 0:
            // Columns of random(): SQLite cannot fold any address's look-up away, so every one runs.
            sql +=
                "CREATE VIEW tiles AS \(Self.endless)SELECT abs(random()) % 15 AS zoom_level, abs(random()) AS tile_column, abs(random()) AS tile_row, "
                + "x'1a00' AS tile_data FROM r WHERE n < 0;"
            traits.append("endless tiles view")
        case 1:
            sql +=
                "CREATE VIEW tiles AS SELECT z AS zoom_level, 0 AS tile_column, 0 AS tile_row, zeroblob(40000000) AS tile_data FROM (SELECT 0 AS z UNION ALL SELECT 1 UNION ALL SELECT 14);"
            traits.append("40 MB computed tiles")
        case 2: traits.append("no tiles")
        case 3:
            sql += "CREATE TABLE tiles (zoom_level INTEGER, tile_data BLOB);"
            traits.append("tiles without addresses")
        default:
            sql += "CREATE TABLE tiles (\(columns));"
            for target in Self.targets where !chance(4) {
                sql +=
                    "INSERT INTO tiles VALUES (\(target.z), \(target.x), \((1 << target.z) - 1 - target.y), \(tileData()));"
            }
            for _ in 0..<below(6) {
                let z = pick([-1, 0, 1, 2, 14, 31, 1 << 40])
                let n = z >= 0 && z < 31 ? 1 << z : 4
                let x = chance(2) ? pick([-1, n, Int(Int32.max), Int.min]) : below(n)
                let y = chance(2) ? pick([-1, n, Int.max]) : below(n)
                sql += "INSERT INTO tiles VALUES (\(z), \(x), \(y), \(tileData()));"
            }
            traits.append("hostile tiles")
        }
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else {
            sqlite3_close(db)
            throw FixtureError("cannot create \(path)")
        }
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        let message = String(cString: sqlite3_errmsg(db))
        sqlite3_close(db)
        guard rc == SQLITE_OK else { throw FixtureError("fixture SQL failed: \(message)") }
        if chance(6) {
            try flipBytes(at: path)
            traits.append("flipped bytes")
        }
        return traits
    }

    /// Flips a few bytes of a file past its first 100 (SQLite's header) or anywhere.
    mutating func flipBytes(at path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard !bytes.isEmpty else { return }
        for _ in 0..<(1 + below(8)) { bytes[below(bytes.count)] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

/// A fixture that could not be made (a broken test, not a finding).
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension TileFuzzer {
    /// A structure-aware hostile vector tile's bytes.
    mutating func tileBytes() -> [UInt8] { tile().bytes }
}
