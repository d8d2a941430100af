import Foundation

extension TilesetInfo {
    /// Reads the MBTiles 1.3 `metadata` keys: `name`, `format` (`pbf`, `png`, `jpg`, `webp`),
    /// `minzoom`, `maxzoom`, `bounds` (`w,s,e,n`), `attribution`, and `json` (its
    /// `vector_layers`). Values that do not parse are left out (nil), never guessed.
    public init(mbtilesMetadata m: [String: String]) {
        let content: Content =
            switch m["format"]?.lowercased() {
            case "pbf", "mvt": .vector
            case "png": .png
            case "jpg", "jpeg": .jpeg
            case "webp": .webp
            default: .unknown
            }
        var zooms: ClosedRange<Int>?
        if let lo = m["minzoom"].flatMap({ Int($0) }), let hi = m["maxzoom"].flatMap({ Int($0) }), 0 <= lo, lo <= hi,
            hi <= 30
        {
            zooms = lo...hi
        }
        let json = Self.jsonObject(m["json"])
        self.init(
            name: m["name"], content: content, zoomRange: zooms, bounds: m["bounds"].flatMap(Self.bounds(_:)),
            center: m["center"].flatMap(Self.center(_:)), attribution: m["attribution"],
            vectorLayers: Self.vectorLayers(json?["vector_layers"]))
        layerGeometry = Self.layerGeometry(json)
        layerFields = Self.layerFields(json?["vector_layers"])
        packedSources = m[TilePack.metadataKey]
        encoding = m["encoding"].flatMap(ElevationEncoding.init(rawValue:))
        tileSize = Self.tileSize(m[Self.tileSizeKey])
    }

    /// The object of the `json` key's text, read once (at most 1 MiB); nil for anything else.
    static func jsonObject(_ json: String?) -> [String: Any]? {
        guard let json, json.utf8.count <= 1 << 20 else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
    }

    /// Each layer's declared geometry (`Point`, `LineString` or `Polygon`) from the `tilestats`
    /// of the `json` object (mapbox-geostats form, as `meridian data import` writes it); layers
    /// without one, and anything else, are left out.
    static func layerGeometry(_ object: [String: Any]?) -> [String: String] {
        guard let layers = (object?["tilestats"] as? [String: Any])?["layers"] as? [[String: Any]] else { return [:] }
        var out: [String: String] = [:]
        for layer in layers {
            if let name = layer["layer"] as? String, let g = layer["geometry"] as? String,
                ["Point", "LineString", "Polygon"].contains(g)
            {
                out[name] = g
            }
        }
        return out
    }

    /// `w,s,e,n` in degrees; nil unless four finite numbers within the world with w, s ≤ e, n
    /// (an antimeridian-crossing `w > e` is kept).
    static func bounds(_ text: String) -> (west: Double, south: Double, east: Double, north: Double)? {
        let v = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 4, v.allSatisfy(\.isFinite), (-180...180).contains(v[0]), (-180...180).contains(v[2]),
            (-90...90).contains(v[1]), (-90...90).contains(v[3]), v[1] <= v[3]
        else { return nil }
        return (v[0], v[1], v[2], v[3])
    }

    /// `lng,lat,zoom`; nil unless three finite numbers within the world and zoom 0–30.
    static func center(_ text: String) -> (longitude: Double, latitude: Double, zoom: Double)? {
        let v = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 3, (-180...180).contains(v[0]), (-90...90).contains(v[1]), (0...30).contains(v[2]) else {
            return nil
        }
        return (v[0], v[1], v[2])
    }

    /// Each layer's `fields` of a parsed `vector_layers` array: string names to string types, at
    /// most 1,000 a layer (anything else is left out).
    static func layerFields(_ value: Any?) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for layer in (value as? [[String: Any]]) ?? [] {
            guard let id = layer["id"] as? String, let fields = layer["fields"] as? [String: Any] else { continue }
            let typed = fields.compactMap { key, type in (type as? String).map { (key, $0) } }.prefix(1_000)
            if !typed.isEmpty { out[id] = Dictionary(typed, uniquingKeysWith: { a, _ in a }) }
        }
        return out
    }

    /// The `id`s of a parsed `vector_layers` array; empty for anything else.
    static func vectorLayers(_ value: Any?) -> [String] {
        (value as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }
}
