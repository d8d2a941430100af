import Foundation
@testable import MeridianServer
import MeridianRender
import MeridianTestSupport
import Testing

/// The served style in MapLibre's conventions: zooms as written, the fonts named.
@Suite struct MapLibreConventionsTests {
    static func json(_ value: Any) -> String {
        String(
            decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }

    @Test(
        "layer zooms stay as written (styles are in MapLibre's convention); symbol layers name Meridian's faces, bold from 13 pt for point labels"
    )
    func layers() {
        let width: [Any] = ["interpolate", ["exponential", 2], ["zoom"], 11, 0.5, 15, 8]
        let roads = MapLibreConventions.layer([
            "id": "r", "type": "line", "minzoom": 7, "maxzoom": 0.5, "paint": ["line-width": width],
        ])
        #expect(roads["minzoom"] as? Int == 7 && roads["maxzoom"] as? Double == 0.5)
        #expect(Self.json((roads["paint"] as! [String: Any])["line-width"]!) == Self.json(width))
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
        // A label's look is the style's own: no icon or anchor is added (the shipped styles name their dots).
        #expect(layout["icon-image"] == nil && layout["text-anchor"] == nil && layout["text-font"] != nil)
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
