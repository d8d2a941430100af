import CSQLite
import Foundation
import MeridianTiles

/// What each layer of an imported vector tileset holds, written into its metadata: `tilestats`
/// (the mapbox-geostats form inside `json`) with each layer's geometry and attributes, and
/// `vector_layers` with each layer's `fields`, the ones the tile maker declared and those found
/// in the tiles. GDAL's MVT driver types its layers from these: a layer whose features are all
/// points, all lines or all polygons is declared `Point`, `LineString` or `Polygon` (GDAL
/// reads each as its multi type); a mixed layer declares no geometry, so no client is told a
/// type that some features do not have. With `fields` declared GDAL gives typed columns and
/// makes every feature of a typed layer multi; with `{}` it gives one `json` column and leaves
/// single geometries in a multi layer (ogr2ogr to GeoPackage then warns on each).
enum TileStats {
    /// Tiles read at most (spread evenly over the file's rows: a large region is sampled).
    static let maxTiles = 4000
    /// Attributes recorded per layer at most (a hostile tile could name millions).
    static let maxAttributes = 1000

    /// One attribute: the kinds of value seen and, for numbers, their range.
    struct Attribute: Equatable {
        var strings = 0, numbers = 0, booleans = 0
        var min = Double.infinity, max = -Double.infinity

        mutating func add(_ value: VectorTile.Value) {
            switch value {
            case .string: strings += 1
            case .bool: booleans += 1
            default:
                numbers += 1
                if let v = value.number, v.isFinite { (min, max) = (Swift.min(min, v), Swift.max(max, v)) }
            }
        }

        /// geostats' type: `number`, `string`, `boolean` or `mixed`.
        var type: String {
            switch (strings > 0, numbers > 0, booleans > 0) {
            case (false, true, false): "number"
            case (false, false, true): "boolean"
            case (true, false, false): "string"
            default: "mixed"
            }
        }

        /// The MBTiles `fields` type: `Number`, `Boolean`, else `String`.
        var field: String { ["number": "Number", "boolean": "Boolean"][type] ?? "String" }
    }

    /// One layer: feature counts by geometry type, and attributes.
    struct Layer: Equatable {
        var geometry: [VectorTile.GeometryType: Int] = [:]
        var attributes: [String: Attribute] = [:]
    }

    /// Each layer's features and attributes over the tiles read.
    static func count(_ path: String) throws(DataError) -> [String: Layer] {
        try MetadataWriter.withDatabase(path, SQLITE_OPEN_READONLY, to: "count its geometry") { db throws(DataError) in
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            let sql =
                "SELECT tile_data FROM tiles WHERE rowid % max(1, (SELECT count(*) FROM tiles) / \(maxTiles)) = 0 LIMIT \(maxTiles)"
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
                throw .io(path: path, reason: String(cString: sqlite3_errmsg(db)))
            }
            var layers: [String: Layer] = [:]
            while sqlite3_step(statement) == SQLITE_ROW {
                let n = Int(sqlite3_column_bytes(statement, 0))
                guard n > 0, let blob = sqlite3_column_blob(statement, 0),
                    let tile = try? VectorTileDecoder.decode(
                        compressed: [UInt8](UnsafeRawBufferPointer(start: blob, count: n)))
                else { continue }
                for layer in tile.layers {
                    var stats = layers[layer.name] ?? Layer()
                    for feature in layer.features {
                        stats.geometry[feature.type, default: 0] += 1
                        for (key, value) in feature.properties
                        where stats.attributes[key] != nil || stats.attributes.count < maxAttributes {
                            stats.attributes[key, default: Attribute()].add(value)
                        }
                    }
                    layers[layer.name] = stats
                }
            }
            return layers
        }
    }

    /// The file's `json` metadata with `tilestats` added and each `vector_layers` entry's
    /// `fields` completed from the tiles (declared fields kept; layers found only in the tiles
    /// added).
    static func json(_ existing: String?, _ layers: [String: Layer]) -> String {
        var root =
            (existing.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [String: Any]) ?? [:]
        let names: [VectorTile.GeometryType: String] = [
            .point: "Point", .lineString: "LineString", .polygon: "Polygon",
        ]
        root["tilestats"] =
            [
                "layerCount": layers.count,
                "layers": layers.keys.sorted().map { name -> [String: Any] in
                    let stats = layers[name]!
                    let types = stats.geometry.filter { $0.key != .unknown && $0.value > 0 }
                    let attributes = stats.attributes.keys.sorted().map { key -> [String: Any] in
                        let a = stats.attributes[key]!
                        var out: [String: Any] = [
                            "attribute": key, "type": a.type, "count": a.strings + a.numbers + a.booleans,
                        ]
                        if a.type == "number", a.min <= a.max { (out["min"], out["max"]) = (a.min, a.max) }
                        return out
                    }
                    var layer: [String: Any] = [
                        "layer": name, "count": types.values.reduce(0, +), "attributeCount": attributes.count,
                        "attributes": attributes,
                    ]
                    if types.count == 1, let only = names[types.keys.first!] { layer["geometry"] = only }
                    return layer
                },
            ] as [String: Any]
        var vectorLayers = (root["vector_layers"] as? [[String: Any]]) ?? []
        for name in layers.keys.sorted() where !vectorLayers.contains(where: { $0["id"] as? String == name }) {
            vectorLayers.append(["id": name])
        }
        root["vector_layers"] = vectorLayers.map { entry -> [String: Any] in
            guard let id = entry["id"] as? String, let stats = layers[id] else { return entry }
            var fields = (entry["fields"] as? [String: Any]) ?? [:]
            for (key, a) in stats.attributes where fields[key] == nil { fields[key] = a.field }
            var out = entry
            out["fields"] = fields
            return out
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
