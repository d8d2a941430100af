import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// `text-anchor`, `text-offset` and `text-justify` of point labels, and the built-in `dot` icon,
/// on a generated tile: one point at the centre of a 512-point view, labelled "HHHH" at 20 points.
@Suite struct TextAnchorTests {
    static let folder: String = {
        let point = VectorTile.Feature(
            id: 1, type: .point, properties: ["name": .string("HHHH")],
            geometry: [[VectorTile.Point(x: 2048, y: 2048)]])
        return oneTileFolder("points", layers: [VectorTile.Layer(name: "points", extent: 4096, features: [point])])
    }()

    /// The frame's pixels with the label drawn, `layout` and `paint` members added to the layer's.
    static func image(_ layout: String, paint: String = "") throws -> DecodedImage {
        try renderStyle(
            ##"""
            {"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://points"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "t", "type": "symbol", "source": "p", "source-layer": "points",
               "layout": {"text-field": ["get", "name"], "text-size": 20 \##(layout)},
               "paint": {"text-color": "#000000" \##(paint)}}]}
            """##, folder: Self.folder)
    }

    /// The box of the dark pixels (left, top, right, bottom; device pixels) of ``image(_:paint:)``.
    static func ink(_ layout: String, paint: String = "") throws -> (Int, Int, Int, Int) {
        let image = try Self.image(layout, paint: paint)
        var box = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where (image.pixels[y * image.width + x] >> 8 & 0xFF) < 128 {
                box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
            }
        }
        #expect(box.0 <= box.2, "something is drawn")
        return box
    }

    @Test("the anchor is the part of the text put on the point: centre by default, sides and corners as named")
    func anchors() throws {
        let center = try Self.ink("")
        #expect(abs((center.0 + center.2) / 2 - 256) <= 2 && abs((center.1 + center.3) / 2 - 256) <= 3)
        let left = try Self.ink(#", "text-anchor": "left""#)
        #expect(left.0 >= 256 && left.0 <= 260 && abs((left.1 + left.3) / 2 - 256) <= 3)
        let right = try Self.ink(#", "text-anchor": "right""#)
        #expect(right.2 <= 256 && right.2 >= 252)
        let top = try Self.ink(#", "text-anchor": "top""#)
        #expect(top.1 >= 256 && top.1 <= 264 && abs((top.0 + top.2) / 2 - 256) <= 2)
        let bottomRight = try Self.ink(#", "text-anchor": "bottom-right""#)
        #expect(bottomRight.3 <= 256 && bottomRight.2 <= 256)
    }

    @Test("text-offset moves the text by ems of its size; the dot icon sits on the point in icon-color")
    func offsetAndDot() throws {
        let plain = try Self.ink(#", "text-anchor": "left""#)
        let moved = try Self.ink(#", "text-anchor": "left", "text-offset": [2, 1]"#)
        #expect(moved.0 - plain.0 == 40 && moved.1 - plain.1 == 20, "\(plain) → \(moved)")
        let dotted = try Self.ink(
            #", "text-anchor": "left", "text-offset": [0.5, 0], "icon-image": "dot""#,
            paint: ##", "icon-color": "#000000""##)
        // The dot's disc (radius 2.5) now reaches left of the point; the text starts half an em on.
        #expect(dotted.0 <= 254 && dotted.0 >= 252 && dotted.2 - plain.2 == 10)
    }

    @Test("justify: lines of a broken label set left, centred or right within the widest")
    func justify() throws {
        for (name, want) in [("left", TextJustify.left), ("center", .center), ("right", .right)] {
            let p = TextPlacement(anchor: .string("center"), offset: nil, justify: .string(name))
            #expect(p.justify == want)
        }
        #expect(TextPlacement(anchor: .string("top-left"), offset: nil, justify: .string("auto")).justify == .left)
        #expect(TextPlacement(anchor: .string("bottom-right"), offset: nil, justify: nil).justify == .right)
        #expect(TextPlacement(anchor: nil, offset: nil, justify: nil).justify == .center)
        let hostile = TextPlacement(
            anchor: .string("nowhere"), offset: .array([.number(.infinity), .number(1e9)]), justify: nil)
        #expect(hostile.left == 0.5 && hostile.above == 0.5 && hostile.offset == (0, 0))
    }

    @Test("an icon-image other than the built-in dot is a warning naming the layer; the text is drawn without it")
    func otherIcons() throws {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sources": {"p": {"type": "vector", "url": "mbtiles://points"}},
                 "layers": [{"id": "poi", "type": "symbol", "source": "p", "source-layer": "points",
                   "layout": {"text-field": "{name}", "icon-image": "{class}_11"}}]}
                """##.utf8))
        let lines = style.warnings.map(\.description)
        #expect(
            lines.count == 1 && lines[0].contains("layer \"poi\"") && lines[0].contains("layout.icon-image"), "\(lines)"
        )
        #expect(
            style.layers.first?.layout[.iconImage] != nil, "the property is kept (its value decides nothing drawn)")
    }

    @Test("text-halo-blur fades the halo's edge: more pixels touched by it, fewer wholly in its colour")
    func haloBlur() throws {
        func counts(_ blur: Double) throws -> (touched: Int, solid: Int) {
            let image = try Self.image(
                "",
                paint: ##", "text-halo-color": "#ff0000", "text-halo-width": 3, "text-halo-blur": \##(blur)"##)
            var (touched, solid) = (0, 0)
            for p in image.pixels {
                let (r, g) = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF))
                if r - g > 20 { touched += 1 }
                if r > 230 && g < 25 { solid += 1 }
            }
            return (touched, solid)
        }
        let sharp = try counts(0)
        let soft = try counts(2)
        #expect(sharp.solid > 200, "the sharp halo is drawn: \(sharp)")
        #expect(soft.touched > sharp.touched + 50 && soft.solid < sharp.solid, "\(sharp) → \(soft)")
    }
}
