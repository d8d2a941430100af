import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// `line-pattern` on the generated tile's line down the screen (x = 128, y 128…384) with the
/// sheet's flag (10 × 4: red left half, blue right half), and on Helsinki's railways.
@Suite struct LinePatternTests {
    static func render(_ paint: String) throws -> DecodedImage {
        try SpriteIconTests.render(
            ##"{"id": "l", "type": "line", "source": "p", "source-layer": "lines", "paint": {\##(paint)}}"##)
    }

    static func rgb(_ image: DecodedImage, _ x: Int, _ y: Int) -> UInt32 { image.pixels[y * 512 + x] & 0xFF_FFFF }

    @Test("the flag repeats every 10 points along the line from its start, red then blue; line-color is not drawn")
    func repeats() throws {
        let image = try Self.render(##""line-pattern": "flag", "line-width": 4, "line-color": "#00ff00""##)
        for k in 0..<24 {
            let y = 128 + 10 * k
            #expect(Self.rgb(image, 128, y + 2) == 0xFF0000, "red at \(y + 2)")
            #expect(Self.rgb(image, 128, y + 7) == 0x0000FF, "blue at \(y + 7)")
        }
        #expect(!image.pixels.contains { $0 & 0xFF_FFFF == 0x00FF00 }, "no line colour")
        #expect(Self.rgb(image, 128, 100) == 0xFFFFFF && Self.rgb(image, 128, 400) == 0xFFFFFF, "nothing past the ends")
    }

    @Test("the image's height spans the line's width and its repeat scales with it, as MapLibre lays it")
    func across() throws {
        // Width 12: the 10 × 4 flag (12 × 6 with its border) is 30 points long: red 2.5…12.5
        // points from the start, blue 15…25 (each half a bordered pixel from its edge).
        let wide = try Self.render(##""line-pattern": "flag", "line-width": 12"##)
        #expect(Self.rgb(wide, 128 - 5, 136) == 0xFF0000 && Self.rgb(wide, 128 + 5, 136) == 0xFF0000)
        #expect(Self.rgb(wide, 128 - 5, 151) == 0x0000FF && Self.rgb(wide, 128 + 5, 151) == 0x0000FF)
        #expect(Self.rgb(wide, 128 - 8, 136) == 0xFFFFFF && Self.rgb(wide, 128 + 8, 136) == 0xFFFFFF)
        // Width 2: a repeat of 5 points, red 0.4…2.5 points from the start, blue 2.5…4.6; the
        // next repeat's red from 5.4.
        let narrow = try Self.render(##""line-pattern": "flag", "line-width": 2"##)
        #expect(Self.rgb(narrow, 128, 129) == 0xFF0000 && Self.rgb(narrow, 128, 131) == 0x0000FF)
        #expect(Self.rgb(narrow, 128, 134) == 0xFF0000 && Self.rgb(narrow, 131, 131) == 0xFFFFFF)
        // Half opacity: blue over white.
        let faint = try Self.render(##""line-pattern": "flag", "line-width": 4, "line-opacity": 0.5"##)
        let p = Self.rgb(faint, 128, 135)
        #expect(abs(Int(p >> 16 & 0xFF) - 128) <= 3 && p & 0xFF == 0xFF, "\(String(p, radix: 16))")
    }

    @Test("a missing image draws nothing, neither the pattern nor the colour")
    func missing() throws {
        let image = try Self.render(##""line-pattern": "nothing", "line-width": 4, "line-color": "#00ff00""##)
        #expect(image.pixels.allSatisfy { $0 & 0xFF_FFFF == 0xFFFFFF })
    }

    @Test("a background pattern of no name (\"\" below zoom 5 by a step) draws nothing, not its colour, as MapLibre")
    func backgroundWithoutImage() throws {
        let image = try SpriteIconTests.render(
            ##"{"id": "p", "type": "background", "paint": {"background-color": "#00ff00", "background-pattern": ["step", ["zoom"], "", 5, "flag"]}}"##
        )
        // The white background layer below shows through everywhere.
        #expect(image.pixels.allSatisfy { $0 & 0xFF_FFFF == 0xFFFFFF })
    }

    @Test(
        "Helsinki's railways drawn with the project's sprite: the pattern's colours along them, no line colour",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func railways() throws {
        func image(_ paint: String) throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sprite": "\##(TestData.directory)/sprite/meridian",
                 "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "rail", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                   "filter": ["==", ["get", "class"], "rail"], "paint": {"line-width": 8, \##(paint)}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1735, longitude: 24.9405), zoom: 16,
                size: ScreenSize(width: 512, height: 384))
        }
        let plain = try image(##""line-color": "#00ff00""##)
        let patterned = try image(##""line-color": "#00ff00", "line-pattern": "railway_11""##)
        let green = { (p: UInt32) in p & 0xFF_FFFF == 0x00FF00 }
        let drawn = { (p: UInt32) in p & 0xFF_FFFF != 0xFFFFFF }
        let railPixels = plain.pixels.filter(green).count
        #expect(railPixels > 2000, "the station's tracks are in the view: \(railPixels)")
        #expect(!patterned.pixels.contains(where: green), "no line colour")
        // The pattern lies where the tracks are (within their width): most drawn pixels are on them.
        let on = zip(plain.pixels, patterned.pixels).filter { green($0.0) && drawn($0.1) }.count
        let all = patterned.pixels.filter(drawn).count
        #expect(all > railPixels / 5 && on * 10 > all * 8, "drawn \(all), on the tracks \(on)")
    }
}

/// `fill-extrusion-pattern`: prisms filled with the generated sheet's flag (red and blue halves),
/// walls darkened as the light darkens them, on a GeoJSON square and on Helsinki's buildings.
@Suite struct ExtrusionPatternTests {
    static func frame(
        _ source: String, pattern: String, at target: Coordinate, zoom: Double, tilt: Double, folder: String
    ) throws -> (DecodedImage, MapRenderer.Frame) {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sprite": "\##(SpriteIconTests.folder)/sheet", "sources": {"s": \##(source)},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "b", "type": "fill-extrusion", "source": "s", "source-layer": "building",
                   "paint": {"fill-extrusion-pattern": "\##(pattern)", "fill-extrusion-color": "#00ff00",
                             "fill-extrusion-height": 40}}]}
                """##.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: target, zoom: zoom, bearing: 20, tilt: tilt),
            size: ScreenSize(width: 512, height: 384))
        let frame = try renderer.render(view, sources: MapSources(style: style, folder: DataFolder(path: folder)))
        return (try #require(decodePNG(frame.png)), frame)
    }

    static let square =
        #"{"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-0.0005, -0.0005], [0.0005, -0.0005], [0.0005, 0.0005], [-0.0005, 0.0005], [-0.0005, -0.0005]]]}}"#

    static func count(_ image: DecodedImage, _ test: (Int, Int, Int) -> Bool) -> Int {
        image.pixels.filter { test(Int($0 >> 16 & 0xFF), Int($0 >> 8 & 0xFF), Int($0 & 0xFF)) }.count
    }

    @Test("standing, the faces show the image, lit roofs bright and walls darker; the colour is not drawn")
    func standing() throws {
        let (image, _) = try Self.frame(
            Self.square, pattern: "flag", at: Coordinate(latitude: 0, longitude: 0), zoom: 17, tilt: 55,
            folder: NSTemporaryDirectory())
        #expect(Self.count(image) { _, g, _ in g == 255 } < image.pixels.count, "something is drawn")
        #expect(Self.count(image) { r, g, b in g > 200 && r < 100 && b < 100 } == 0, "no fill-extrusion-color")
        // The roof: red and blue at full brightness (within the default light's 0.2 %).
        let brightRed = Self.count(image) { r, g, b in r >= 250 && g < 10 && b < 10 }
        let brightBlue = Self.count(image) { r, g, b in b >= 250 && g < 10 && r < 10 }
        #expect(brightRed > 500 && brightBlue > 500, "roof: \(brightRed) red, \(brightBlue) blue")
        // Walls: the image darkened (to 0.42–0.66 of it by the default light and gradient).
        let darkRed = Self.count(image) { r, g, b in (90...180).contains(r) && g < 10 && b < 10 }
        #expect(darkRed > 300, "walls: \(darkRed) dark red")
    }

    @Test("a missing image draws nothing and is reported")
    func missing() throws {
        let (image, _) = try Self.frame(
            Self.square, pattern: "nothing", at: Coordinate(latitude: 0, longitude: 0), zoom: 17, tilt: 55,
            folder: NSTemporaryDirectory())
        #expect(image.pixels.allSatisfy { $0 & 0xFF_FFFF == 0xFFFFFF })
        let style = try Style(
            json: Data(
                ##"{"version": 8, "sprite": "\##(SpriteIconTests.folder)/sheet", "sources": {"s": \##(Self.square)}, "layers": [{"id": "b", "type": "fill-extrusion", "source": "s", "paint": {"fill-extrusion-pattern": "nothing"}}]}"##
                    .utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 17, tilt: 55),
            size: ScreenSize(width: 256, height: 256))
        let drawn = try MapRenderer(style: style).draw(
            view, sources: MapSources(style: style, folder: DataFolder(path: NSTemporaryDirectory())))
        #expect(drawn.missingImages == ["nothing"])
    }

    @Test(
        "Helsinki's buildings, tilted and flat: the flag over much of the view, no outline or colour",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func helsinki() throws {
        for tilt in [0.0, 55] {
            let (image, _) = try Self.frame(
                #"{"type": "vector", "url": "mbtiles://openmaptiles"}"#, pattern: "flag",
                at: Coordinate(latitude: 60.1699, longitude: 24.9410), zoom: 17, tilt: tilt,
                folder: TestData.directory)
            let red = Self.count(image) { r, g, b in r > 80 && g < 20 && b < 20 }
            let blue = Self.count(image) { r, g, b in b > 80 && g < 20 && r < 20 }
            #expect(red + blue > image.pixels.count / 5, "tilt \(tilt): \(red) red, \(blue) blue")
            #expect(Self.count(image) { r, g, b in g > 200 && r < 100 && b < 100 } == 0, "no colour")
        }
    }
}
