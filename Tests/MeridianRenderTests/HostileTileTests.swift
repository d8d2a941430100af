import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// The conversions an audit of the renderer found reachable from a tile, a style or a sprite
/// (issue 49): each input used to trap; now the frame is drawn (or the source read) and the bad
/// value left out or refused by name.
struct HostileTileTests {
    typealias P = VectorTile.Point

    static func frame(_ json: String, folder: String, tilt: Double = 0, zoom: Double = 0) throws -> DecodedImage {
        let style = try Style(json: Data(json.utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: zoom, tilt: tilt),
            size: ScreenSize(width: 128, height: 128))
        return try #require(
            decodePNG(
                try renderer.render(view, sources: MapSources(style: style, folder: DataFolder(path: folder))).png))
    }

    @Test(
        "a polygon's label point: vertices 4e9 apart, and lobes whose centroid leaves 32 bits, give a point, not a trap"
    )
    func labelPoints() {
        let far = VectorTile.Feature(
            type: .polygon, geometry: [[P(x: -2_000_000_000, y: 0), P(x: 2_000_000_000, y: 0), P(x: 0, y: 1000)]])
        let p = LabelPlacer.labelPoint(far)
        #expect(p.map { abs(Int($0.x)) < 10 && abs(Int($0.y) - 333) <= 1 } == true, "\(String(describing: p))")
        let lobes = [(0, 0), (100_000, 0), (100_000, 100_000), (0, 0), (0, 100_000), (99_999, 100_000)].map {
            P(x: Int32($0.0), y: Int32($0.1))
        }
        #expect(LabelPlacer.labelPoint(VectorTile.Feature(type: .polygon, geometry: [lobes])) == lobes[0])
    }

    @Test("icons along a line 4e9 units long under tilt, and a within filter on a layer of extent 2^63: drawn")
    func tileGeometry() throws {
        let line = VectorTile.Feature(
            type: .lineString, geometry: [[P(x: -2_000_000_000, y: 2048), P(x: 2_000_000_000, y: 2048)]])
        let square = VectorTile.Feature(
            type: .polygon, geometry: [[P(x: 0, y: 0), P(x: 100, y: 0), P(x: 100, y: 100), P(x: 0, y: 0)]])
        let folder = oneTileFolder(
            "hostile-tile",
            layers: [
                VectorTile.Layer(name: "l", features: [line]),
                VectorTile.Layer(name: "huge", extent: .max, features: [square]),
            ])
        let icons = #"""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://hostile-tile"}},
             "layers": [{"id": "i", "type": "symbol", "source": "v", "source-layer": "l",
                         "layout": {"symbol-placement": "line", "icon-image": "dot", "icon-allow-overlap": true}}]}
            """#
        #expect(try Self.frame(icons, folder: folder, tilt: 45).width == 128)
        let within = #"""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "mbtiles://hostile-tile"}},
             "layers": [{"id": "f", "type": "fill", "source": "v", "source-layer": "huge",
                         "filter": ["within", {"type": "Polygon", "coordinates": [[[-180, -85], [180, -85], [180, 85], [-180, 85], [-180, -85]]]}]}]}
            """#
        #expect(try Self.frame(within, folder: folder).width == 128)
    }

    @Test("a tile joined into a 512 tile whose first move is Int64.max: an error naming the tile, not a trap")
    func quadOverflow() {
        var feature = MVTWriter()
        feature.key(3, 0)
        feature.varint(1)
        feature.message(4, MVTWriter.packed([9, 0xFFFF_FFFF_FFFF_FFFE, 0]))
        var layer = MVTWriter()
        layer.string(1, "a")
        layer.message(2, feature.bytes)
        layer.key(5, 0)
        layer.varint(4096)
        var tile = MVTWriter()
        tile.message(3, layer.bytes)
        #expect(throws: TileError.self) { try TileQuad.join([(dx: 1, dy: 0, bytes: tile.bytes)]) }
    }

    @Test("a sprite PNG claiming 2^32 − 1 pixels a side is refused by name; an icon of pixel ratio 1e-300 is not drawn")
    func spriteSizes() throws {
        let dir = try emptyFolder("hostile-sprite")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 6, 0, 0, 0]
        try Data(header).write(to: URL(fileURLWithPath: dir + "/big.png"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/big.json"))
        #expect(throws: RenderError.self) { try SpriteSheet.read(dir + "/big") }
        let png = try [UInt32](repeating: 0xFF00_0000, count: 256).withUnsafeBytes {
            try PNGEncoder.encode(base: $0.bindMemory(to: UInt8.self).baseAddress!, width: 16, height: 16, stride: 64)
        }
        let sheet = try SpriteSheet(
            json: Data(#"{"pin": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1e-300}}"#.utf8), png: png,
            name: "tiny-ratio")
        let entry = try #require(sheet.entries["pin"])
        let key = IconStamp.Key(
            image: "pin", size: 1, scale: 1, color: RGBA(0, 0, 0), opacity: 1, halo: RGBA(0, 0, 0, 0), haloWidth: 0,
            haloBlur: 0)
        #expect(IconStamp.make(key, StyleImages.Image(sheet: sheet, entry: entry, key: "pin")) == nil)
    }

    @Test("a clusterRadius of 1e-300 reads the source (nothing clustered); NaN colours from a ramp draw, never trap")
    func radiusAndColours() throws {
        let point = #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [10, 10]}}"#
        let options = try #require(
            try Style.testGeoJSONOptions(point, members: #", "cluster": true, "clusterRadius": 1e-300"#))
        let tileset = try GeoJSONTileset(name: "c", options: options, base: nil, folders: [])
        let tile = try tileset.vectorTile(TileID(z: 3, x: 4, y: 3))
        #expect(tile?.layers.first?.features.count == 1, "the point, single")
        let nanColours = #"""
            {"version": 8, "sources": {"g": {"type": "geojson", "cluster": true,
               "clusterProperties": {"c": [["interpolate-lab", ["exponential", -1], 0.5, 0, "red", 1, "blue"], 1]},
               "data": {"type": "FeatureCollection", "features": [\#(point), \#(point)]}}},
             "layers": [
              {"id": "bg", "type": "background", "paint": {"background-color": ["interpolate", ["exponential", 1e300], ["zoom"], -2, "red", 100, "blue"]}},
              {"id": "h", "type": "heatmap", "source": "g", "paint": {"heatmap-color": ["interpolate", ["exponential", -2], ["heatmap-density"], 0, "blue", 1, "red"]}},
              {"id": "t", "type": "symbol", "source": "g", "layout": {"text-field": "x", "text-allow-overlap": true},
               "paint": {"text-color": ["interpolate", ["exponential", -2], ["zoom"], 0, "blue", 1, "red"]}}]}
            """#
        for zoom in [0.5, 3.5] {
            #expect(try Self.frame(nanColours, folder: temporaryPath("no-data"), zoom: zoom).width == 128)
        }
        // The ramp's NaN factor is a runtime error: the property falls back.
        let ramp = try StyleExpression.compile(
            try JSONDecoder().decode(
                StyleValue.self, from: Data(#"["interpolate", ["exponential", -2], ["zoom"], 0, 0, 1, 1]"#.utf8)))
        #expect(ramp.evaluate([:], zoom: 0.5) == .null)
        #expect(RGBA(.nan, 0.5, .nan, .nan) == RGBA(0, 0.5, 0, 0))
    }

    @Test("a cache given keys not equal to themselves keeps none of them and never spins evicting")
    func nanKeys() {
        let cache = LRUCache<Double, Int>(capacity: 10)
        for i in 0..<100 { cache.insert(i, for: .nan, cost: 4) }
        for i in 0..<100 { cache.insert(i, for: Double(i), cost: 4) }
        #expect(cache.count == 2 && cache.value(for: 99) == 99)
    }
}
