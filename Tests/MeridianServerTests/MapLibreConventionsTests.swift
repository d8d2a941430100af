import Foundation
@testable import MeridianServer
import MeridianRender
import MeridianTestSupport
import Testing

/// The served style in MapLibre's conventions: zooms of 512-pixel tiles, the fonts named.
@Suite struct MapLibreConventionsTests {
    static func json(_ value: Any) -> String {
        String(
            decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }

    @Test(
        "zoom stops of interpolate and step on [\"zoom\"] and of legacy zoom functions drop by one; data stops do not")
    func zooms() {
        let interpolate: [Any] = [
            "interpolate", ["exponential", 2], ["zoom"], 12, 0.5, 16, ["step", ["zoom"], 1, 14, 2],
        ]
        #expect(
            Self.json(MapLibreConventions.shiftZoom(interpolate))
                == Self.json(
                    ["interpolate", ["exponential", 2], ["zoom"], 11, 0.5, 15, ["step", ["zoom"], 1, 13, 2]] as [Any]))
        let data: [Any] = ["step", ["get", "population"], 11, 30_000_000, 13]
        #expect(Self.json(MapLibreConventions.shiftZoom(data)) == Self.json(data))
        let legacy: [String: Any] = ["base": 1.5, "stops": [[10, 1], [18, 4]]]
        #expect(
            Self.json(MapLibreConventions.shiftZoom(legacy))
                == Self.json(["base": 1.5, "stops": [[9, 1], [17, 4]]] as [String: Any]))
        let property: [String: Any] = ["property": "rank", "stops": [[1, 1], [5, 4]]]
        #expect(Self.json(MapLibreConventions.shiftZoom(property)) == Self.json(property))
    }

    @Test(
        "layer zoom ranges drop by one (never below 0); symbol layers name Meridian's faces, bold from 13 pt for point labels"
    )
    func layers() {
        let roads = MapLibreConventions.layer(["id": "r", "type": "line", "minzoom": 8, "maxzoom": 0.5])
        #expect(roads["minzoom"] as? Double == 7 && roads["maxzoom"] as? Double == 0)
        func font(_ layout: [String: Any]) -> String {
            Self.json(
                (MapLibreConventions.layer(["id": "s", "type": "symbol", "layout": layout])["layout"] as! [String: Any])[
                    "text-font"]!)
        }
        #expect(font(["text-size": 11]) == #"["DejaVu Sans Book"]"#)
        #expect(font(["text-size": 13]) == #"["DejaVu Sans Bold"]"#)
        #expect(font(["text-size": 15, "symbol-placement": "line"]) == #"["DejaVu Sans Book"]"#)
        #expect(
            font(["text-size": ["step", ["get", "population"], 11.5, 1_000_000, 13]])
                == #"["case",[">=",["step",["get","population"],11.5,1000000,13],13],["literal",["DejaVu Sans Bold"]],["literal",["DejaVu Sans Book"]]]"#
        )
        #expect(font(["text-size": ["interpolate", ["linear"], ["zoom"], 10, 10, 16, 16]]) == #"["DejaVu Sans Book"]"#)
        #expect(font(["text-size": 20, "text-font": ["Noto Sans Regular"]]) == #"["Noto Sans Regular"]"#)
        // A point label not centred gets Meridian's dot in its text colour, the text to its right.
        let place = MapLibreConventions.layer([
            "id": "p", "type": "symbol", "layout": ["text-size": 11], "paint": ["text-color": "#222222"],
        ])
        let layout = place["layout"] as! [String: Any]
        let paint = place["paint"] as! [String: Any]
        #expect(
            layout["icon-image"] as? String == "dot" && layout["text-anchor"] as? String == "left"
                && paint["icon-color"] as? String == "#222222")
        let centred = MapLibreConventions.layer(["id": "c", "type": "symbol", "layout": ["text-anchor": "center"]])
        #expect((centred["layout"] as! [String: Any])["icon-image"] == nil)
    }

    @Test("the dot sprite: an SDF disc of 2.5 pt at ratios 1 and 2, the outline at 191, its index naming it")
    func sprite() throws {
        for ratio in [1, 2] {
            let sheet = try Sprite.sheet(pixelRatio: ratio)
            let index = try #require(
                try JSONSerialization.jsonObject(with: Data(sheet.json.utf8)) as? [String: [String: Any]])
            let dot = try #require(index["dot"])
            let side = try #require(dot["width"] as? Int)
            #expect(dot["sdf"] as? Bool == true && dot["pixelRatio"] as? Int == ratio && dot["height"] as? Int == side)
            let image = try #require(decodePNG(sheet.png))
            #expect(image.width == side && image.height == side)
            let alpha = { (x: Int, y: Int) in Int(image.pixels[y * side + x] >> 24) }
            // The centre is 2.5 × ratio px inside (191 + 32 × that, clamped to 255); a corner of the
            // 3 px border over 3 px outside (under 191 − 3 × 32).
            #expect(alpha(side / 2, side / 2) == 255 && alpha(0, 0) < 191 - 3 * 32, "\(alpha(0, 0))")
            // Along the middle row the field falls 32 a pixel across the outline.
            let row = (0..<side).map { alpha($0, side / 2) }
            #expect(row.contains { (160...222).contains($0) }, "\(row)")
        }
        #expect(throws: RenderError.self) { try Sprite.sheet(pixelRatio: 3) }
    }
}
