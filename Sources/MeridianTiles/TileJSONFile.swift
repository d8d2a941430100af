import Foundation

/// A TileJSON document (2.x or 3.0) read from a file, as a style source's `url` may name one.
///
/// Read: `tiles` (one template or more, required), `minzoom`, `maxzoom`, `bounds`, `center`,
/// `attribution`, `name`, `scheme` and the `vector_layers` ids. Every value is checked: a
/// document that breaks a rule below is a ``TileError/badTileJSON(path:reason:)`` naming the
/// file and the key, never a tileset read with a wrong zoom range or bounds.
public struct TileJSONFile: Sendable {
    /// The file it was read from.
    public let path: String
    /// The tile URL templates, as written (`{z}`, `{x}` and `{y}` stand for a tile's id).
    public let tiles: [String]
    /// Whether rows count from the south (`scheme: "tms"`) instead of the north (`xyz`, the default).
    public let isTMS: Bool
    /// Zooms, bounds, centre, attribution, name and layers as declared (content unknown: the
    /// template's extension says it, ``TileFolder``).
    public let info: TilesetInfo

    /// Most bytes a TileJSON file may have: 1 MiB (real ones are a few kilobytes).
    public static let maxBytes = 1 << 20
    /// Most templates in `tiles`.
    public static let maxTemplates = 16

    /// Reads and checks the document at `path`.
    /// - Throws: ``TileError/badTileJSON(path:reason:)`` when the file cannot be read, is over
    ///   ``maxBytes``, is not a JSON object, or a key breaks its rule: `tiles` a non-empty list
    ///   (at most ``maxTemplates``) of non-empty strings; `minzoom` ≤ `maxzoom`, both whole
    ///   numbers in 0...30; `bounds` four finite numbers with west, east in -180...180, south <
    ///   north in -90...90; `scheme` `xyz` or `tms`; `attribution` and `name` strings.
    public init(path: String) throws(TileError) {
        func bad(_ reason: String) -> TileError { .badTileJSON(path: path, reason: reason) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard let size else { throw bad("cannot be read") }
        guard size <= Self.maxBytes else { throw bad("is \(size) bytes, more than a TileJSON file may have (1 MiB)") }
        guard let data = FileManager.default.contents(atPath: path) else { throw bad("cannot be read") }
        try self.init(bytes: [UInt8](data), path: path)
    }

    /// Reads and checks a document fetched from `path` (a URL, or a style source's place for
    /// one written inline: its templates resolve against `path` when it is a URL), by the rules
    /// of ``init(path:)``.
    public init(bytes: [UInt8], path: String) throws(TileError) {
        func bad(_ reason: String) -> TileError { .badTileJSON(path: path, reason: reason) }
        guard bytes.count <= Self.maxBytes else {
            throw bad("is \(bytes.count) bytes, more than a TileJSON file may have (1 MiB)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw bad("is not a JSON object")
        }
        guard let tiles = object["tiles"] as? [Any], !tiles.isEmpty, tiles.count <= Self.maxTemplates else {
            throw bad("tiles must be a list of 1 to \(Self.maxTemplates) URL templates")
        }
        self.tiles = try tiles.map { (t: Any) throws(TileError) -> String in
            guard let s = t as? String, !s.isEmpty else { throw bad("tiles must hold non-empty strings") }
            return s
        }
        let minzoom = try Self.zoom(object["minzoom"], key: "minzoom", default: 0, bad)
        let maxzoom = try Self.zoom(object["maxzoom"], key: "maxzoom", default: 30, bad)
        guard minzoom <= maxzoom else { throw bad("minzoom \(minzoom) is above maxzoom \(maxzoom)") }
        switch object["scheme"] {
        case nil: isTMS = false
        case let s as String where s == "xyz" || s == "tms": isTMS = s == "tms"
        default: throw bad("scheme must be xyz or tms")
        }
        var info = TilesetInfo(content: .unknown, zoomRange: minzoom...maxzoom)
        info.bounds = try Self.bounds(object["bounds"], bad)
        info.center = try Self.center(object["center"], bad)
        for key in ["attribution", "name"] where object[key] != nil && !(object[key] is String) {
            throw bad("\(key) must be a string")
        }
        (info.attribution, info.name) = (object["attribution"] as? String, object["name"] as? String)
        info.vectorLayers = (object["vector_layers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        (self.path, self.info) = (path, info)
    }

    /// A finite JSON number (`true` and `false`, which Foundation also hands out as numbers of
    /// type `c`, are not).
    static func number(_ value: Any?) -> Double? {
        guard let n = value as? NSNumber, n.objCType.pointee != 0x63 else { return nil }
        return n.doubleValue.isFinite ? n.doubleValue : nil
    }

    static func zoom(
        _ value: Any?, key: String, default d: Int, _ bad: (String) -> TileError
    ) throws(TileError)
        -> Int
    {
        guard let value else { return d }
        guard let z = number(value), z == z.rounded(), (0...30).contains(z) else {
            throw bad("\(key) must be a whole number in 0...30")
        }
        return Int(z)
    }

    static func bounds(
        _ value: Any?, _ bad: (String) -> TileError
    ) throws(TileError)
        -> (west: Double, south: Double, east: Double, north: Double)?
    {
        guard let value else { return nil }
        guard let list = value as? [Any], list.count == 4 else {
            throw bad("bounds must be [west, south, east, north]")
        }
        let n = list.compactMap(number)
        guard n.count == 4, (-180...180).contains(n[0]), (-180...180).contains(n[2]), (-90...90).contains(n[1]),
            (-90...90).contains(n[3]), n[1] < n[3]
        else { throw bad("bounds must be [west, south, east, north] in degrees, south below north") }
        return (n[0], n[1], n[2], n[3])
    }

    static func center(
        _ value: Any?, _ bad: (String) -> TileError
    ) throws(TileError)
        -> (longitude: Double, latitude: Double, zoom: Double)?
    {
        guard let value else { return nil }
        let n = (value as? [Any] ?? []).compactMap(number)
        guard (2...3).contains(n.count), (-180...180).contains(n[0]), (-90...90).contains(n[1]),
            (0...30).contains(n.count == 3 ? n[2] : 0)
        else { throw bad("center must be [longitude, latitude, zoom] in degrees and 0...30") }
        return (n[0], n[1], n.count == 3 ? n[2] : 0)
    }
}
