import MeridianCamera
import MeridianRender
import MeridianStyle

/// A tile request parsed from its path (and its `maptype` query): which tile, of what, in what
/// form.
///
/// As ``StaticMapQuery`` does for `/staticmap`, every part is validated here: a path that names no
/// tile is a 404 naming the part, a `maptype` the server does not draw a 400.
struct TileRequest: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A vector tile of a source; in MapLibre's 512-pixel tiles (the four tiles one zoom
        /// deeper, joined) when `in512PixelTiles`.
        case vector(source: String, in512PixelTiles: Bool)
        /// A raster tile of a map type in a format, at `scale` pixels per point (1, or 2 for `@2x`).
        case raster(MapType, ImageFormat, scale: Int)
        /// A stored raster tile (imagery, elevation) of a tileset, its file's extension as asked.
        case stored(source: String, fileExtension: String)
    }

    let id: TileID
    let kind: Kind

    init(id: TileID, kind: Kind) { (self.id, self.kind) = (id, kind) }

    /// The deepest zoom served.
    static let maximumZoom = 22

    /// `/data/{source}/{z}/{x}/{file}` (`{y}.pbf`), or `/data/{source}/512/…` when `in512PixelTiles`.
    /// - Throws: ``RequestError`` 404 for another extension or a tile outside the world.
    init(source: String, z: String, x: String, file: String, in512PixelTiles: Bool = false) throws(RequestError) {
        if !in512PixelTiles, let dot = file.lastIndex(of: "."),
            ["png", "webp", "jpg"].contains(file[file.index(after: dot)...])
        {
            self.init(
                id: try Self.tileID(z: z, x: x, y: String(file[..<dot])),
                kind: .stored(source: source, fileExtension: String(file[file.index(after: dot)...])))
            return
        }
        guard file.hasSuffix(".pbf") else {
            throw RequestError(
                "tile", "source tiles end in .pbf (a raster tileset's in .png, .webp or .jpg)", status: 404)
        }
        self.init(
            id: try Self.tileID(z: z, x: x, y: String(file.dropLast(4))),
            kind: .vector(source: source, in512PixelTiles: in512PixelTiles))
    }

    /// `/tiles/{z}/{x}/{file}`: `{y}.pbf` of the primary vector source, or a raster tile
    /// `{y}[@2x].png|jpg|webp` of `mapType` (`roadmap` when nil).
    /// - Throws: ``RequestError`` 404 for a `.pbf` with no primary source, another extension or
    ///   a tile outside the world; 400 naming `maptype` for a map type not drawn.
    init(tiles z: String, x: String, file: String, mapType: String?, primarySource: String?) throws(RequestError) {
        if file.hasSuffix(".pbf") {
            // The primary vector source (GDAL's tileset mode and XYZ clients look here).
            guard let primarySource else { throw RequestError("tile", "no vector data is served", status: 404) }
            try self.init(source: primarySource, z: z, x: x, file: file)
            return
        }
        guard let dot = file.lastIndex(of: "."),
            let format = ImageFormat(named: String(file[file.index(after: dot)...])),
            file[file.index(after: dot)...] == format.fileExtension
        else {
            throw RequestError("tile", "tiles end in .png, .jpg, .webp (each also as @2x) or .pbf", status: 404)
        }
        let stem = file[..<dot]
        let retina = stem.hasSuffix("@2x")
        let id = try Self.tileID(z: z, x: x, y: String(stem.dropLast(retina ? 3 : 0)))
        let named = mapType ?? "roadmap"
        guard let type = MapType(named: named) else {
            throw RequestError("maptype", "must be \(MapType.accepted), got '\(named.prefix(64))'")
        }
        self.init(id: id, kind: .raster(type, format, scale: retina ? 2 : 1))
    }

    /// The tile id from path parts.
    /// - Throws: ``RequestError`` 404 for anything that is not a tile of the world to ``maximumZoom``.
    static func tileID(z: String, x: String, y: String) throws(RequestError) -> TileID {
        guard let zi = Int(z), let xi = Int(x), let yi = Int(y), (0...maximumZoom).contains(zi), xi >= 0, yi >= 0,
            xi < 1 << zi, yi < 1 << zi
        else {
            throw RequestError(
                "tile", "\(z)/\(x)/\(y) is not a tile of the world (zoom 0–\(maximumZoom), x and y in 0..<2^zoom)",
                status: 404)
        }
        return TileID(z: zi, x: xi, y: yi)
    }
}
