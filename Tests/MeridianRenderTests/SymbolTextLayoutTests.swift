import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// The text side of the symbol layout on the generated points and line of ``SpriteIconTests``:
/// padding, alignment along lines, line height, and texts' blank ends.
extension SpriteIconTests {
    @Test("text-padding keeps room around a label: two names 60 points apart both fit with 2, one with 25")
    func textPadding() throws {
        func names(_ padding: Double) throws -> Int {
            let style = try Style(
                json: Data(
                    ##"""
                    {"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://icons"}},
                     "layers": [{"id": "t", "type": "symbol", "source": "p", "source-layer": "points",
                       "layout": {"text-field": "{name}", "text-size": 20, "text-padding": \##(padding)}}]}
                    """##.utf8))
            let view = try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 2),
                size: ScreenSize(width: 512, height: 512))
            return try MapRenderer(style: style).draw(
                view, sources: MapSources(style: style, folder: DataFolder(path: Self.folder))
            ).labels.count
        }
        #expect(try names(2) == 2)
        #expect(try names(25) == 1, "the texts, 45 points apart, each want 25 around them")
    }

    @Test(
        "text-rotation-alignment on a line: turned with it by default, level with viewport; unsupported values warned")
    func rotationAlignment() throws {
        func ink(_ alignment: String) throws -> (Int, Int, Int, Int) {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://icons"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "t", "type": "symbol", "source": "p", "source-layer": "lines",
                   "layout": {"symbol-placement": "line", "text-field": "HHHH", "text-size": 20 \##(alignment)}}]}
                """##, folder: Self.folder)
            return try #require(Self.box(image) { $0 >> 8 & 0xFF < 128 })
        }
        let along = try ink("")
        #expect(along.3 - along.1 > 2 * (along.2 - along.0), "down the vertical line: \(along)")
        let level = try ink(#", "text-rotation-alignment": "viewport""#)
        #expect(level.2 - level.0 > 2 * (level.3 - level.1), "level: \(level)")
        func warnings(_ layout: String) throws -> [String] {
            try Style(
                json: Data(
                    #"{"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://p"}}, "layers": [{"id": "s", "type": "symbol", "source": "p", "source-layer": "l", "layout": {\#(layout)}}]}"#
                        .utf8)
            ).warnings.compactMap(\.property)
        }
        #expect(try warnings(#""text-rotation-alignment": "map""#).isEmpty)
        #expect(try warnings(#""text-rotation-alignment": "map", "symbol-placement": "line""#).isEmpty)
        #expect(try warnings(#""text-pitch-alignment": "map""#).isEmpty)
        #expect(try warnings(#""text-pitch-alignment": "map", "symbol-placement": "line""#).isEmpty)
        #expect(try warnings(#""text-pitch-alignment": "viewport", "text-rotation-alignment": "viewport""#).isEmpty)
    }

    @Test(
        "text-rotation-alignment map turns a point label with the map, about its anchor, box and all; viewport keeps it level"
    )
    func pointLabelTurnsWithMap() throws {
        func ink(_ alignment: String, bearing: Double) throws -> (Int, Int, Int, Int) {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://icons"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "t", "type": "symbol", "source": "p", "source-layer": "points", "filter": ["==", ["get", "name"], "A"],
                   "layout": {"text-field": "HHHHHH", "text-size": 20, "text-rotation-alignment": "\##(alignment)"}}]}
                """##, folder: Self.folder, bearing: bearing)
            return try #require(Self.box(image) { $0 >> 8 & 0xFF < 128 })
        }
        let level = try ink("viewport", bearing: 90)
        #expect(level.2 - level.0 > 2 * (level.3 - level.1), "level: \(level)")
        // At bearing 90 the map's east points up the screen: the text runs up, centred on its point.
        let turned = try ink("map", bearing: 90)
        #expect(turned.3 - turned.1 > 2 * (turned.2 - turned.0), "turned: \(turned)")
        #expect(abs((turned.0 + turned.2) / 2 - 256) <= 2 && abs((turned.1 + turned.3) / 2 - 256) <= 2, "\(turned)")
        // Unturned at bearing 0.
        let north = try ink("map", bearing: 0)
        #expect(north.2 - north.0 > 2 * (north.3 - north.1), "north up: \(north)")
        // The collision box turns too: a placed label's box is as tall as its ink.
        let box = LabelPlacer.mapped(LabelArea.Box(0, 0, 100, 20), by: .turn(.pi / 2), about: ScreenPoint(x: 50, y: 10))
        #expect(
            abs(box.left - 40) < 1e-9 && abs(box.top + 40) < 1e-9 && abs(box.right - 60) < 1e-9
                && abs(box.bottom - 60) < 1e-9)
    }

    @Test(
        "text-pitch-alignment map lays a point label on the ground under tilt (foreshortened, centred on its point); flat it is unchanged"
    )
    func pointLabelOnGround() throws {
        func ink(_ pitch: String, tilt: Double) throws -> (Int, Int, Int, Int) {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "t", "type": "symbol", "source": "p",
                   "layout": {"text-field": "HHHH", "text-size": 40, "text-pitch-alignment": "\##(pitch)"}}]}
                """##, folder: FileManager.default.temporaryDirectory.path, zoom: 17, tilt: tilt)
            return try #require(Self.box(image) { $0 >> 8 & 0xFF < 128 })
        }
        let facing = try ink("viewport", tilt: 60)
        let lying = try ink("map", tilt: 60)
        let (fw, fh) = (facing.2 - facing.0, facing.3 - facing.1)
        let (lw, lh) = (lying.2 - lying.0, lying.3 - lying.1)
        // At the target the ground is foreshortened by cos 60° up the screen, not across.
        #expect(abs(lw - fw) <= 3 && abs(Double(lh) - Double(fh) / 2) <= 3, "facing \(fw) × \(fh), lying \(lw) × \(lh)")
        #expect(abs((lying.1 + lying.3) / 2 - 256) <= 3, "\(lying)")
        #expect(try ink("map", tilt: 0) == ink("viewport", tilt: 0))
    }

    @Test(
        "names along lines lie on the ground under tilt by default (pitch auto follows the line), face the viewer with viewport"
    )
    func lineNamesOnGround() throws {
        func ink(_ pitch: String) throws -> (Int, Int, Int, Int) {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sources": {"l": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-0.004, 0], [0.004, 0]]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "t", "type": "symbol", "source": "l",
                   "layout": {"symbol-placement": "line", "text-field": "HHHH", "text-size": 24 \##(pitch)}}]}
                """##, folder: FileManager.default.temporaryDirectory.path, zoom: 17, tilt: 60)
            return try #require(Self.box(image) { $0 >> 8 & 0xFF < 128 })
        }
        let facing = try ink(#", "text-pitch-alignment": "viewport""#)
        let lying = try ink("")
        let (fw, fh) = (facing.2 - facing.0, facing.3 - facing.1)
        let (lw, lh) = (lying.2 - lying.0, lying.3 - lying.1)
        // Across the screen at the target the ground keeps its scale; up it, cos 60°.
        #expect(abs(lw - fw) <= 3 && abs(Double(lh) - Double(fh) / 2) <= 3, "facing \(fw) × \(fh), lying \(lw) × \(lh)")
    }

    @Test("text-line-height sets the lines of a broken label apart by ems of its size; keep-upright false is warned")
    func lineHeight() throws {
        func height(_ extra: String) throws -> Int {
            let image = try Self.image(
                #""text-field": "HH HH", "text-size": 20, "text-max-width": 1"# + extra,
                paint: ##""text-color": "#000000""##)
            let ink = try #require(Self.box(image) { $0 >> 8 & 0xFF < 100 })
            return ink.3 - ink.1
        }
        let normal = try height("")
        let wide = try height(#", "text-line-height": 2.4"#)
        #expect(abs(wide - normal - 24) <= 1, "1.2 more ems of 20 points: \(normal) → \(wide)")
        let style = try Style(
            json: Data(
                #"{"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://p"}}, "layers": [{"id": "s", "type": "symbol", "source": "p", "source-layer": "l", "layout": {"text-keep-upright": false}}]}"#
                    .utf8))
        #expect(style.warnings.map(\.property) == ["layout.text-keep-upright"])
    }

    @Test("blank lines and spaces at a label's ends are not set: \"A\\n\" sits where \"A\" does")
    func trimmedText() throws {
        func ink(_ field: String) throws -> (Int, Int, Int, Int) {
            let image = try Self.image(
                #""text-field": "\#(field)", "text-size": 20"#, paint: ##""text-color": "#000000""##)
            return try #require(Self.box(image) { $0 >> 8 & 0xFF < 100 })
        }
        let plain = try ink("{name}")
        #expect(try ink(#"{name}\n"#) == plain && (try ink(#"  {name} "#)) == plain)
        #expect(LabelStyle.trimmed(" \n\t ") == "" && LabelStyle.trimmed("a\nb\n") == "a\nb")
    }
}
