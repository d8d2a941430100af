import CSQLite
import Foundation
import MeridianTiles

/// The geometry each layer of an imported vector tileset holds, written into its metadata as
/// `tilestats` (the mapbox-geostats form inside `json`, which GDAL's MVT driver reads for each
/// layer's geometry type): a layer whose features are all points, all lines or all polygons is
/// declared `Point`, `LineString` or `Polygon`; a mixed layer declares no geometry, so no
/// client is told a type that some features do not have.
enum TileStats {
    /// Tiles read at most (spread evenly over the file's rows: a large region is sampled).
    static let maxTiles = 4000

    /// Feature counts by layer and geometry type over the tiles read.
    static func count(_ path: String) throws(DataError) -> [String: [VectorTile.GeometryType: Int]] {
        try MetadataWriter.withDatabase(path, SQLITE_OPEN_READONLY, to: "count its geometry") { db throws(DataError) in
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            let sql = "SELECT tile_data FROM tiles WHERE rowid % max(1, (SELECT count(*) FROM tiles) / \(maxTiles)) = 0 LIMIT \(maxTiles)"
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw .io(path: path, reason: String(cString: sqlite3_errmsg(db))) }
            var counts: [String: [VectorTile.GeometryType: Int]] = [:]
            while sqlite3_step(statement) == SQLITE_ROW {
                let n = Int(sqlite3_column_bytes(statement, 0))
                guard n > 0, let blob = sqlite3_column_blob(statement, 0),
                      let tile = try? VectorTileDecoder.decode(compressed: [UInt8](UnsafeRawBufferPointer(start: blob, count: n))) else { continue }
                for layer in tile.layers {
                    for feature in layer.features { counts[layer.name, default: [:]][feature.type, default: 0] += 1 }
                }
            }
            return counts
        }
    }

    /// The file's `json` metadata with `tilestats` added (its `vector_layers` kept).
    static func json(_ existing: String?, _ counts: [String: [VectorTile.GeometryType: Int]]) -> String {
        var root = (existing.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [String: Any]) ?? [:]
        let names: [VectorTile.GeometryType: String] = [.point: "Point", .lineString: "LineString", .polygon: "Polygon"]
        root["tilestats"] = [
            "layerCount": counts.count,
            "layers": counts.keys.sorted().map { name -> [String: Any] in
                let types = counts[name]!.filter { $0.key != .unknown && $0.value > 0 }
                var layer: [String: Any] = ["layer": name, "count": types.values.reduce(0, +), "attributeCount": 0, "attributes": [Any]()]
                if types.count == 1, let only = names[types.keys.first!] { layer["geometry"] = only }
                return layer
            },
        ] as [String: Any]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
