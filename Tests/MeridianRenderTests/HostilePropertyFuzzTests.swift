import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Every drawn property of the catalogue, of every vector layer kind, set to hostile numbers a
/// style may write (±1e308) or only the data knows (a feature's 0/0, ±1/0, 1e308), drawn over a
/// point, a line and a polygon under a turned and tilted camera: every frame is drawn (the bad
/// value clamped or the default taken), never a trap in a conversion to an integer.
struct HostilePropertyFuzzTests {
    static let data = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"zero": 0, "huge": 1e308, "name": "Kauppatori"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "properties": {"zero": 0, "huge": 1e308, "name": "Esplanadi"}, "geometry": {"type": "LineString", "coordinates": [[-8, -4], [0, 1], [8, 3]]}},
          {"type": "Feature", "properties": {"zero": 0, "huge": 1e308, "name": "Tori"}, "geometry": {"type": "Polygon", "coordinates": [[[-5, -5], [5, -5], [5, 5], [-5, 5], [-5, -5]]]}}]}
        """#

    /// Hostile values of a property of `type` (JSON), those of data only where it reads features.
    static func values(_ property: StyleProperty) -> [String] {
        let fromData = property.inputs.contains(.feature)
        switch property.type {
        case .number:
            var v = ["1e308", "-1e308"]
            if fromData {
                v += [
                    #"["/", 0, ["get", "zero"]]"#, #"["/", 1, ["get", "zero"]]"#, #"["/", -1, ["get", "zero"]]"#,
                    #"["get", "huge"]"#,
                ]
            }
            if property.interpolated {
                v.append(#"["interpolate", ["exponential", 1e308], ["zoom"], 0, 0, 1e308, 1e308]"#)
            }
            return v
        case let .array(.number, length):
            let n = length ?? 2
            return [
                "[" + Array(repeating: "1e308", count: n).joined(separator: ",") + "]",
                "[" + Array(repeating: "-1e308", count: n).joined(separator: ",") + "]",
            ]
        case .padding, .numberArray: return ["1e308", "[1e308, -1e308, 1e308, -1e308]"]
        case .formatted:
            return fromData
                ? [#"["to-string", ["/", 0, ["get", "zero"]]]"#, #"["number-format", ["get", "huge"], {}]"#] : []
        default: return []
        }
    }

    static func style(kind: Style.Layer.Kind, property: StyleProperty, value: String) -> String {
        let group = property.group == .paint ? "paint" : "layout"
        let text =
            kind == .symbol && property.name != "text-field" ? #", "layout": {"text-field": ["get", "name"]}"# : ""
        let body = #""\#(group)": {"\#(property.name)": \#(value)}"#
        // A symbol layer keeps its text-field beside a hostile layout property.
        let members =
            kind == .symbol && group == "layout" && property.name != "text-field"
            ? #""layout": {"text-field": ["get", "name"], "\#(property.name)": \#(value)}"# : body + text
        return #"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": \#(data)}},
             "layers": [{"id": "x", "type": "\#(kind.rawValue)", "source": "g", \#(members)}]}
            """#
    }

    @Test("every drawn property at ±1e308 and a feature's 0/0, ±1/0, 1e308: every frame drawn, nothing traps")
    func everyProperty() throws {
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 0, longitude: 0), zoom: 4, bearing: 30, tilt: 50),
            size: ScreenSize(width: 96, height: 96))
        let folder = DataFolder(path: temporaryPath("no-data"))
        var drawn = 0
        var refused = 0
        let kinds: [Style.Layer.Kind] = [.fill, .line, .symbol, .circle, .fillExtrusion, .heatmap]
        for kind in kinds {
            for property in StyleProperty.all(of: kind) where property.drawn {
                for value in Self.values(property) {
                    let json = Self.style(kind: kind, property: property, value: value)
                    guard let style = try? Style(json: Data(json.utf8)) else {
                        refused += 1
                        continue
                    }
                    var renderer = MapRenderer(style: style)
                    renderer.attribution = ""
                    let frame = try renderer.render(view, sources: MapSources(style: style, folder: folder))
                    let image = try #require(decodePNG(frame.png), "\(kind) \(property.name) \(value)")
                    #expect(image.width == 96 && image.height == 96)
                    drawn += 1
                }
            }
        }
        // The generator reaches the renderer for most properties (a style refusing a value is a typed error too).
        #expect(drawn > 250, "drawn \(drawn), refused \(refused)")
    }
}
