import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianMap
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

extension MapSources {
    /// Sources of one tileset each, by the style's source names (tests' shorthand).
    init(tilesets: [String: any Tileset]) {
        self.init(
            Dictionary(uniqueKeysWithValues: tilesets.map { ($0.key, TileSource(name: $0.key, tilesets: [$0.value])) }))
    }
}

extension MapRenderer {
    /// The streets style's source of street-level tiles.
    static let streetSource = "openmaptiles"

    /// A frame from tilesets by source name.
    func render(
        _ viewport: Viewport, sources: [String: any Tileset], overlays: [Overlay] = [], scale: Double = 1,
        cache: RenderCache? = nil
    ) throws -> Frame {
        try render(viewport, sources: MapSources(tilesets: sources), overlays: overlays, scale: scale, cache: cache)
    }

    /// A frame of the default dataset's world and street tilesets (either may be left out).
    func render(
        _ viewport: Viewport, world: (any Tileset)? = nil, tiles: (any Tileset)?, overlays: [Overlay] = [],
        scale: Double = 1
    ) throws -> Frame {
        var sources: [String: any Tileset] = [:]
        if let world { sources["world"] = world }
        if let tiles { sources[Self.streetSource] = tiles }
        return try render(viewport, sources: sources, overlays: overlays, scale: scale)
    }

    /// The PNG bytes of ``render(_:world:tiles:overlays:scale:)``.
    func png(
        _ viewport: Viewport, world: (any Tileset)? = nil, tiles: (any Tileset)?, overlays: [Overlay] = [],
        scale: Double = 1
    ) throws -> [UInt8] {
        try render(viewport, world: world, tiles: tiles, overlays: overlays, scale: scale).png
    }
}

/// Decoded pixels of a frame: `0xAARRGGBB` words, rows top to bottom.
typealias DecodedImage = (width: Int, height: Int, pixels: [UInt32])

/// "Render this style JSON over this data folder at this camera, give back pixels": the set-up the
/// property tests share. The style must load without warnings (checked), and the attribution is off.
/// `rasterizer` draws it (Cairo on the renderer's two bands of rows).
func renderStyle(
    _ json: String, folder: String, at target: Coordinate = Coordinate(latitude: 0, longitude: 0), zoom: Double = 2,
    bearing: Double = 0, tilt: Double = 0, size: ScreenSize = ScreenSize(width: 512, height: 512), scale: Double = 1,
    rasterizer: MapRenderer.Rasterizer = .blend2d
) throws -> DecodedImage {
    let style = try Style(json: Data(json.utf8))
    #expect(style.warnings.isEmpty, "\(style.warnings)")
    var renderer = MapRenderer(style: style)
    renderer.attribution = ""
    renderer.rasterizer = rasterizer
    let view = try Viewport(
        camera: try CameraPosition(target: target, zoom: zoom, bearing: bearing, tilt: tilt), size: size)
    let frame = try renderer.render(
        view, sources: MapSources(style: style, folder: DataFolder(path: folder)), scale: scale)
    return try #require(decodePNG(frame.png))
}

/// A data folder in the temporary directory holding `name.mbtiles`: one vector tile, 0/0/0, of `layers`.
func oneTileFolder(_ name: String, layers: [VectorTile.Layer]) -> String {
    let dir = temporaryPath(name)
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try? FileManager.default.removeItem(atPath: dir + "/\(name).mbtiles")
    try! writeMBTiles(
        dir + "/\(name).mbtiles", metadata: ["format": "pbf", "minzoom": "0", "maxzoom": "0"],
        tiles: [(0, 0, 0, gzip(MVTWriter.tile(layers)))])
    return dir
}
