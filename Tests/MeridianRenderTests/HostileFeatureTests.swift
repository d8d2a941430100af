import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// What a feature's data (not the operator) can make the renderer do: a data-driven NaN into a
/// ramp, and GeoJSON positions at ±1e308 or latitude 91, drawn at every zoom. Each used to end
/// the process; now the bad feature is left out (named in a warning) or its property falls back
/// to the default, and the rest of the frame is drawn.
struct HostileFeatureTests {
    /// A style over one GeoJSON source of `features` (a FeatureCollection's list), with a line, a
    /// fill and a circle layer whose radius is `radius` (JSON).
    static func style(_ features: String, radius: String = "4") -> String {
        #"""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\#(features)]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
           {"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "#00ff00"}},
           {"id": "l", "type": "line", "source": "g", "paint": {"line-color": "#0000ff", "line-width": 3}},
           {"id": "c", "type": "circle", "source": "g", "paint": {"circle-radius": \#(radius), "circle-color": "#ff0000"}}]}
        """#
    }

    static let hostile = #"""
        {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[24.9, 60.1], [1e308, 91], [-1e308, -91]]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[24.9, 60.1], [1e308, 91], [25, 60], [24.9, 60.1]]]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [-1e308, 0]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [24.94, 91]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[24.9, 91], [25.0, -91], [540, 0]]}}
        """#

    /// The frame of `json` at a camera, and the sources' warnings.
    static func draw(_ json: String, at target: Coordinate, zoom: Double) throws -> (DecodedImage, [String]) {
        let style = try Style(json: Data(json.utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let sources = try MapSources(style: style, folder: DataFolder(path: temporaryPath("no-data")))
        let view = try Viewport(
            camera: try CameraPosition(target: target, zoom: zoom), size: ScreenSize(width: 128, height: 128))
        let frame = try renderer.render(view, sources: sources)
        return (try #require(decodePNG(frame.png)), sources.warnings)
    }

    @Test(
        "GeoJSON positions at ±1e308 are left out (named); latitude 91 is clamped; drawn at every zoom without a trap")
    func geoJSONPositions() throws {
        for zoom in [0.0, 3, 8, 15, 22] {
            let (image, warnings) = try Self.draw(
                Self.style(Self.hostile), at: Coordinate(latitude: 60.17, longitude: 24.94), zoom: zoom)
            #expect(image.width == 128)
            // The line, the polygon and the point at −1e308 are left out, and said to be.
            #expect(warnings.contains { $0.contains("source g: 3 features left out") }, "\(warnings)")
        }
        // Every tile the tiler can be asked for, at every zoom: no trap, only points inside the tile's buffer.
        let read = try GeoJSONFeatures.read(
            try JSONDecoder().decode(
                StyleValue.self, from: Data("{\"type\": \"FeatureCollection\", \"features\": [\(Self.hostile)]}".utf8)),
            source: "g")
        #expect(read.skipped == 3 && read.features.count == 2)
        // The point at latitude 91 is clamped to the top of the Mercator world, at its longitude.
        let world = GeoJSONTiler(buffer: 128, tolerance: 0.375).tile(TileID(z: 0, x: 0, y: 0), features: read.features)
        let top = world.layers[0].features.first { $0.type == .point }?.geometry.first?.first
        #expect(top.map { abs(Int($0.x) - 4665) <= 1 && $0.y == 0 } == true, "\(String(describing: top))")
        for lineMetrics in [false, true] {
            let tiler = GeoJSONTiler(buffer: 128, tolerance: 0.375, lineMetrics: lineMetrics)
            for z in [0, 1, 5, 12, 20, 24] {
                let n = 1 << z
                for (x, y) in [(0, 0), (n / 2, 0), (n - 1, n - 1), (n / 2 + n / 28, n / 4)] {
                    let tile = tiler.tile(TileID(z: z, x: x, y: y), features: read.features)
                    let points = tile.layers.flatMap(\.features).flatMap(\.geometry).joined()
                    #expect(
                        points.allSatisfy {
                            abs($0.x) <= 3 * GeoJSONTiler.extent && abs($0.y) <= 3 * GeoJSONTiler.extent
                        }, "\(z)/\(x)/\(y)")
                }
            }
        }
    }

    @Test("a data-driven 0/0 into interpolate or step: the circle takes the property's default radius (5)")
    func nanRamp() throws {
        let point =
            #"{"type": "Feature", "properties": {"zero": 0}, "geometry": {"type": "Point", "coordinates": [0, 0]}}"#
        for radius in [
            #"["interpolate", ["linear"], ["/", 0, ["get", "zero"]], 1, 1, 2, 2]"#,
            #"["step", ["/", 0, ["get", "zero"]], 1, 1, 20, 2, 30]"#,
        ] {
            let (image, _) = try Self.draw(
                Self.style(point, radius: radius), at: Coordinate(latitude: 0, longitude: 0), zoom: 2)
            let (fallback, _) = try Self.draw(
                Self.style(point, radius: "5"), at: Coordinate(latitude: 0, longitude: 0), zoom: 2)
            // Drawn as a circle of the specification's default radius: the same pixels.
            let differing = zip(image.pixels, fallback.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(radius): \(differing) pixels differ from the default radius")
            #expect(image.pixels.contains { ($0 >> 16) & 0xFF > 200 && ($0 >> 8) & 0xFF < 80 }, "no circle drawn")
        }
    }
}
