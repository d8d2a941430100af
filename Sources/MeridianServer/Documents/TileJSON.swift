import MeridianServing
import MeridianText

/// Descriptions of a served vector source for the clients that ask for one: TileJSON 3.0.0
/// (MapLibre, Leaflet plugins, `tilejson` readers) and the MBTiles-style `metadata.json` that
/// GDAL's MVT driver reads in its tileset mode (`ogrinfo /vsicurl/http://…/tiles`).
enum TileJSON {
    /// TileJSON 3.0.0: tiles on `base`, zooms, bounds, centre, credit and `vector_layers`.
    static func document(source name: String, _ info: VectorSourceInfo, tiles: String) -> JSON {
        var fields: [(String, JSON)] = [
            ("tilejson", .string("3.0.0")), ("name", .string(name)), ("scheme", .string("xyz")),
            ("tiles", .array([.string(tiles)])),
            ("minzoom", .integer(info.zoomRange.lowerBound)), ("maxzoom", .integer(info.zoomRange.upperBound)),
            ("attribution", .string(info.attribution)),
            ("vector_layers", .array(info.layers.map { layer($0, info) })),
        ]
        if let b = info.bounds { fields.append(("bounds", .array(b.map { .number($0) }))) }
        if let c = info.center {
            fields.append(("center", .array([.number(c[0]), .number(c[1]), .number(c[2].rounded(.down))])))
        }
        return .object(fields)
    }

    /// TileJSON 3.0.0 of a stored raster source (imagery or elevation): its tiles on `base`, its
    /// regions' zooms, bounds and credits together, `tileSize` (256, or 512 for such an import), `format`, and an elevation
    /// model's `encoding` (which MapLibre reads from TileJSON for a `raster-dem` source).
    static func raster(source name: String, _ raster: StoredRaster, base: String) -> JSON {
        let zooms = raster.zoomRange
        var fields: [(String, JSON)] = [
            ("tilejson", .string("3.0.0")), ("name", .string(name)), ("scheme", .string("xyz")),
            ("tiles", .array([.string(base + "/data/\(name)/{z}/{x}/{y}.\(raster.fileExtension)")])),
            ("minzoom", .integer(zooms.lowerBound)), ("maxzoom", .integer(zooms.upperBound)),
            ("tileSize", .integer(raster.info.tileSize ?? 256)), ("format", .string(raster.fileExtension)),
            ("attribution", .string(raster.attribution)),
        ]
        if let encoding = raster.info.encoding { fields.append(("encoding", .string(encoding.rawValue))) }
        if let b = raster.bounds { fields.append(("bounds", .array(b.map { .number($0) }))) }
        return .object(fields)
    }

    /// GDAL's `metadata.json`: the MBTiles metadata keys as strings, `json` holding the
    /// `vector_layers` and `tilestats` as a JSON string (as tippecanoe writes a tile directory).
    static func gdalMetadata(source name: String, _ info: VectorSourceInfo) -> JSON {
        var fields: [(String, JSON)] = [
            ("name", .string(name)), ("format", .string("pbf")), ("type", .string("baselayer")),
            ("minzoom", .string(String(info.zoomRange.lowerBound))),
            ("maxzoom", .string(String(info.zoomRange.upperBound))),
            ("attribution", .string(info.attribution)),
            (
                "json",
                .string(
                    JSON.object([
                        ("vector_layers", .array(info.layers.map { layer($0, info) })), ("tilestats", tilestats(info)),
                    ]).text)
            ),
        ]
        if let b = info.bounds { fields.append(("bounds", .string(b.map { "\($0)" }.joined(separator: ",")))) }
        if let c = info.center { fields.append(("center", .string("\(c[0]),\(c[1]),\(Int(c[2]))"))) }
        return .object(fields)
    }

    /// The layers' geometry where every region declares the same (GDAL types its layers from it).
    static func tilestats(_ info: VectorSourceInfo) -> JSON {
        .object([
            ("layerCount", .integer(info.layers.count)),
            (
                "layers",
                .array(
                    info.layers.map { name in
                        .object(
                            [("layer", .string(name))]
                                + (info.geometry[name].map { [("geometry", JSON.string($0))] } ?? []))
                    })
            ),
        ])
    }

    static func layer(_ id: String, _ info: VectorSourceInfo) -> JSON {
        .object([
            ("id", .string(id)),
            (
                "fields",
                .object((info.fields[id] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            ),
            ("minzoom", .integer(info.zoomRange.lowerBound)),
            ("maxzoom", .integer(info.zoomRange.upperBound)),
        ])
    }
}
