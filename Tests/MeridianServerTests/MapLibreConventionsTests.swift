import Foundation
@testable import MeridianServer
import Testing

/// The served style in MapLibre's conventions: zooms of 512-pixel tiles, the fonts named.
@Suite struct MapLibreConventionsTests {
    static func json(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    @Test("zoom stops of interpolate and step on [\"zoom\"] and of legacy zoom functions drop by one; data stops do not")
    func zooms() {
        let interpolate: [Any] = ["interpolate", ["exponential", 2], ["zoom"], 12, 0.5, 16, ["step", ["zoom"], 1, 14, 2]]
        #expect(Self.json(MapLibreConventions.shiftZoom(interpolate)) == Self.json(["interpolate", ["exponential", 2], ["zoom"], 11, 0.5, 15, ["step", ["zoom"], 1, 13, 2]] as [Any]))
        let data: [Any] = ["step", ["get", "population"], 11, 30_000_000, 13]
        #expect(Self.json(MapLibreConventions.shiftZoom(data)) == Self.json(data))
        let legacy: [String: Any] = ["base": 1.5, "stops": [[10, 1], [18, 4]]]
        #expect(Self.json(MapLibreConventions.shiftZoom(legacy)) == Self.json(["base": 1.5, "stops": [[9, 1], [17, 4]]] as [String: Any]))
        let property: [String: Any] = ["property": "rank", "stops": [[1, 1], [5, 4]]]
        #expect(Self.json(MapLibreConventions.shiftZoom(property)) == Self.json(property))
    }

    @Test("layer zoom ranges drop by one (never below 0); symbol layers name Meridian's faces, bold from 13 pt for point labels")
    func layers() {
        let roads = MapLibreConventions.layer(["id": "r", "type": "line", "minzoom": 8, "maxzoom": 0.5])
        #expect(roads["minzoom"] as? Double == 7 && roads["maxzoom"] as? Double == 0)
        func font(_ layout: [String: Any]) -> String {
            Self.json((MapLibreConventions.layer(["id": "s", "type": "symbol", "layout": layout])["layout"] as! [String: Any])["text-font"]!)
        }
        #expect(font(["text-size": 11]) == #"["DejaVu Sans Book"]"#)
        #expect(font(["text-size": 13]) == #"["DejaVu Sans Bold"]"#)
        #expect(font(["text-size": 15, "symbol-placement": "line"]) == #"["DejaVu Sans Book"]"#)
        #expect(font(["text-size": ["step", ["get", "population"], 11.5, 1_000_000, 13]])
                == #"["case",[">=",["step",["get","population"],11.5,1000000,13],13],["literal",["DejaVu Sans Bold"]],["literal",["DejaVu Sans Book"]]]"#)
        #expect(font(["text-size": ["interpolate", ["linear"], ["zoom"], 10, 10, 16, 16]]) == #"["DejaVu Sans Book"]"#)
        #expect(font(["text-size": 20, "text-font": ["Noto Sans Regular"]]) == #"["Noto Sans Regular"]"#)
    }
}
