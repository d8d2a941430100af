import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import RealModule
import Testing

/// Icons from a style's sprite, on a generated tile and sprite: points at the centre of a
/// 512-point view (and one 60 points right of it), a sprite of a 10 × 10 red square (`square`) and
/// a signed-distance-field disc (`sdf`).
@Suite struct SpriteIconTests {
    static let folder: String = {
        let points = [(2048, 2048, "A"), (2048 + 240, 2048, "B")].enumerated().map { i, p in
            VectorTile.Feature(
                id: UInt64(i + 1), type: .point, properties: ["name": .string(p.2)],
                geometry: [[VectorTile.Point(x: Int32(p.0), y: Int32(p.1))]])
        }
        // A line down the screen at x = 128, from y = 128 to 384 (tile units are screen points × 4 + 1024).
        let line = VectorTile.Feature(
            id: 9, type: .lineString, properties: [:],
            geometry: [[VectorTile.Point(x: 1536, y: 1536), VectorTile.Point(x: 1536, y: 2560)]])
        // A square from (100, 100) to (400, 400) on the screen.
        let area = VectorTile.Feature(
            id: 10, type: .polygon, properties: [:],
            geometry: [
                [(1424, 1424), (2624, 1424), (2624, 2624), (1424, 2624), (1424, 1424)].map {
                    VectorTile.Point(x: Int32($0.0), y: Int32($0.1))
                }
            ])
        let dir = oneTileFolder(
            "icons",
            layers: [
                VectorTile.Layer(name: "points", extent: 4096, features: points),
                VectorTile.Layer(name: "lines", extent: 4096, features: [line]),
                VectorTile.Layer(name: "areas", extent: 4096, features: [area]),
            ])
        // The sheet: the square at (0, 0), a 10 × 4 bar at (0, 11), the SDF disc (radius 6, 32 levels a
        // pixel) at (10, 0), 16 × 16, and a 10 × 4 flag at (26, 0), red on its left half, blue on its right.
        let w = 36
        var words = [UInt32](repeating: 0, count: w * 16)
        for y in 0..<10 { for x in 0..<10 { words[y * w + x] = 0xFFFF_0000 } }
        for y in 11..<15 { for x in 0..<10 { words[y * w + x] = 0xFFFF_0000 } }
        for y in 0..<4 { for x in 26..<36 { words[y * w + x] = x < 31 ? 0xFFFF_0000 : 0xFF00_00FF } }
        for y in 0..<16 {
            for x in 0..<16 {
                let d =
                    ((Double(x) + 0.5 - 8) * (Double(x) + 0.5 - 8) + (Double(y) + 0.5 - 8) * (Double(y) + 0.5 - 8))
                    .squareRoot() - 6
                words[y * w + 10 + x] = UInt32(max(0, min(255, (191 - 32 * d).rounded()))) << 24
            }
        }
        let png = try! words.withUnsafeBytes {
            try PNGEncoder.encode(base: $0.bindMemory(to: UInt8.self).baseAddress!, width: w, height: 16, stride: w * 4)
        }
        try! Data(png).write(to: URL(fileURLWithPath: dir + "/sheet.png"))
        let index =
            #"{"square": {"x": 0, "y": 0, "width": 10, "height": 10, "pixelRatio": 1},"#
            + #" "bar": {"x": 0, "y": 11, "width": 10, "height": 4},"#
            + #" "sdf": {"x": 10, "y": 0, "width": 16, "height": 16, "pixelRatio": 1, "sdf": true},"#
            + #" "flag": {"x": 26, "y": 0, "width": 10, "height": 4, "pixelRatio": 1}}"#
        try! Data(index.utf8).write(to: URL(fileURLWithPath: dir + "/sheet.json"))
        return dir
    }()

    /// The frame of one `layer` (JSON, over source `p`) on white, with the generated sprite.
    static func render(_ layer: String, bearing: Double = 0) throws -> DecodedImage {
        try renderStyle(
            ##"""
            {"version": 8, "sprite": "\##(folder)/sheet", "sources": {"p": {"type": "vector", "url": "mbtiles://icons"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}, \##(layer)]}
            """##, folder: folder, bearing: bearing)
    }

    /// The frame with a symbol layer of `layout` and `paint` members over the points named `only`.
    static func image(_ layout: String, paint: String = "", only: String = #""A""#) throws -> DecodedImage {
        try render(
            ##"""
            {"id": "i", "type": "symbol", "source": "p", "source-layer": "points",
             "filter": ["in", ["get", "name"], ["literal", [\##(only)]]], "layout": {\##(layout)}, "paint": {\##(paint)}}
            """##)
    }

    /// The box (left, top, right, bottom) of pixels matching `test`, or nil for none.
    static func box(_ image: DecodedImage, _ test: (UInt32) -> Bool) -> (Int, Int, Int, Int)? {
        var box = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where test(image.pixels[y * image.width + x]) {
                box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
            }
        }
        return box.0 <= box.2 ? box : nil
    }

    static func red(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 200 && p >> 8 & 0xFF < 60 }

    @Test("an image is drawn centred on its point at its size; icon-size scales it, icon-anchor sets it on the point")
    func sizeAndAnchor() throws {
        let plain = try #require(Self.box(try Self.image(#""icon-image": "square""#), Self.red))
        #expect(plain == (251, 251, 260, 260), "10 × 10 points centred on (256, 256)")
        let double = try #require(Self.box(try Self.image(#""icon-image": "square", "icon-size": 2"#), Self.red))
        #expect(double == (246, 246, 265, 265))
        let bottom = try #require(
            Self.box(try Self.image(#""icon-image": "square", "icon-anchor": "bottom-left""#), Self.red))
        #expect(bottom == (256, 246, 265, 255), "its bottom-left corner on the point")
        let moved = try #require(
            Self.box(try Self.image(#""icon-image": "square", "icon-size": 2, "icon-offset": [5, -3]"#), Self.red))
        #expect(moved.0 - double.0 == 10 && moved.1 - double.1 == -6, "the offset is scaled by icon-size")
    }

    @Test("icon-rotate turns it about the point; icon-opacity fades it; an SDF image takes icon-color")
    func rotateOpacityTint() throws {
        let turned = try #require(Self.box(try Self.image(#""icon-image": "square", "icon-rotate": 45"#), Self.red))
        // A 10-point square turned 45° spans 10√2 ≈ 14.1 points.
        #expect(turned.2 - turned.0 >= 11 && turned.2 - turned.0 <= 15, "\(turned)")
        let faded = try Self.image(#""icon-image": "square""#, paint: #""icon-opacity": 0.5"#)
        let centre = faded.pixels[256 * faded.width + 256]
        #expect(abs(Int(centre >> 8 & 0xFF) - 128) <= 3 && centre >> 16 & 0xFF == 255, "half red on white")
        let tinted = try Self.image(#""icon-image": "sdf""#, paint: ##""icon-color": "#0000ff""##)
        let blue = try #require(Self.box(tinted) { $0 & 0xFF > 200 && $0 >> 16 & 0xFF < 60 })
        // The disc's outline is at radius 6 sheet pixels: about 12 points across.
        #expect(blue.2 - blue.0 >= 10 && blue.2 - blue.0 <= 13, "\(blue)")
        // A halo 2 points wide rings it in red: 4 points wider, the blue inside as it was.
        let haloed = try Self.image(
            #""icon-image": "sdf""#,
            paint: ##""icon-color": "#0000ff", "icon-halo-color": "#ff0000", "icon-halo-width": 2"##)
        let ring = try #require(Self.box(haloed, Self.red))
        let core = try #require(Self.box(haloed) { $0 & 0xFF > 200 && $0 >> 16 & 0xFF < 60 })
        #expect(abs((ring.2 - ring.0) - (blue.2 - blue.0) - 4) <= 1 && core == blue, "\(blue) → \(core) in \(ring)")
        // icon-halo-blur fades the ring's edges (within the image: an SDF icon ends at its image's
        // side, in MapLibre too): many more partly red pixels than the sharp ring's antialiasing.
        let blurred = try Self.image(
            #""icon-image": "sdf""#,
            paint:
                ##""icon-color": "#0000ff", "icon-halo-color": "#ff0000", "icon-halo-width": 2, "icon-halo-blur": 2"##)
        let pink = { (p: UInt32) in p >> 16 & 0xFF > 200 && p >> 8 & 0xFF > 60 && p >> 8 & 0xFF < 220 && p & 0xFF > 60 }
        let fadedSharp = haloed.pixels.filter(pink).count
        let fadedBlurred = blurred.pixels.filter(pink).count
        #expect(fadedBlurred > fadedSharp * 2 + 10, "\(fadedSharp) → \(fadedBlurred) pixels of the fade")
    }

    @Test("icon and text collide together: the second symbol is dropped, unless allowed to overlap or optional")
    func collision() throws {
        // B's icon (60 points right) does not touch A's; their texts, wide and set below the icons, do.
        let common =
            #""icon-image": "square", "text-field": ["concat", ["get", "name"], "WWWW"], "text-size": 30,"#
            + #" "text-anchor": "top", "text-offset": [0, 1]"#
        let both = try Self.image(common, only: #""A", "B""#)
        let icons = try #require(Self.box(both, Self.red))
        #expect(icons.2 < 270, "B is dropped whole: its icon is not drawn either")
        let optional = try Self.image(common + #", "text-optional": true"#, only: #""A", "B""#)
        #expect(try #require(Self.box(optional, Self.red)).2 > 280, "B's icon drawn without its text")
        let overlap = try Self.image(common + #", "text-allow-overlap": true"#, only: #""A", "B""#)
        #expect(try #require(Self.box(overlap, Self.red)).2 > 280, "B drawn over A's text")
    }

    @Test("an image no sprite has is reported by the frame, each name once; the text is drawn without it")
    func missing() throws {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sprite": "\##(Self.folder)/sheet", "sources": {"p": {"type": "vector", "url": "mbtiles://icons"}},
                 "layers": [{"id": "i", "type": "symbol", "source": "p", "source-layer": "points",
                   "layout": {"icon-image": "{name}_11", "text-field": "{name}"}}]}
                """##.utf8))
        #expect(style.warnings.isEmpty, "with a sprite, icon-image is drawn: \(style.warnings)")
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 2),
            size: ScreenSize(width: 512, height: 512))
        let image = try MapRenderer(style: style).draw(
            view, sources: MapSources(style: style, folder: DataFolder(path: Self.folder)))
        #expect(image.missingImages == ["A_11", "B_11"])
        #expect(image.labels.map(\.text).sorted() == ["A", "B"])
    }

    @Test("icons along a line: where MapLibre anchors them, one every symbol-spacing points, turned with the line")
    func alongLines() throws {
        func image(_ layout: String) throws -> DecodedImage {
            try Self.render(
                #"{"id": "i", "type": "symbol", "source": "p", "source-layer": "lines", "layout": {"symbol-placement": "line", "icon-image": "bar", "symbol-spacing": 64 \#(layout)}}"#
            )
        }
        // Rows of red per icon: the line runs down, so the turned bar is 4 wide and 10 tall.
        // MapLibre's anchors: the tile is 1024 points across at the layout zoom (overscaled twice,
        // 4 units a point); a line of its own starts (10 / 2 + 48) · (4 · 16 / 24) · 2 = 282.7 units
        // in, modulo the spacing (64 points, 256 units): 26.7 units, 6.7 points below y = 128;
        // then every 64 points while half the bar (3.3 points) still fits on the 256-point line.
        let along = try image("")
        let rows = (0..<512).filter { y in (120..<136).contains { Self.red(along.pixels[y * 512 + $0]) } }
        let runs = rows.reduce(into: [[Int]]()) { runs, y in
            if let last = runs.last?.last, last == y - 1 { runs[runs.count - 1].append(y) } else { runs.append([y]) }
        }
        #expect(
            zip(runs.map { Double($0.first! + $0.last! + 1) / 2 }, [134.7, 198.7, 262.7, 326.7]).allSatisfy {
                abs($0 - $1) <= 1
            } && runs.count == 4, "\(runs.map { ($0.first!, $0.last!) })"
        )
        #expect(runs.allSatisfy { $0.count >= 9 && $0.count <= 11 }, "10 points tall")
        let width = (120..<136).filter { Self.red(along.pixels[135 * 512 + $0]) }.count
        #expect(width >= 3 && width <= 5, "4 points wide: \(width)")
        // Upright with the viewport alignment: 10 wide, 4 tall.
        let upright = try image(#", "icon-rotation-alignment": "viewport""#)
        #expect((118..<140).filter { Self.red(upright.pixels[135 * 512 + $0]) }.count >= 9)
    }

    @Test("icon-keep-upright turns an icon along a line half a turn where the line runs leftwards on screen")
    func keepUpright() throws {
        // Seen at bearing 225 the line (down the map) runs left and up: the flag's right (blue) half
        // follows it, left of its red half, unless kept upright.
        func blueRightOfRed(_ layout: String) throws -> Double {
            let image = try Self.render(
                #"{"id": "i", "type": "symbol", "source": "p", "source-layer": "lines", "layout": {"symbol-placement": "line", "icon-image": "flag", "symbol-spacing": 64 \#(layout)}}"#,
                bearing: 225)
            var (red, blue) = ((x: 0.0, n: 0.0), (x: 0.0, n: 0.0))
            for (i, p) in image.pixels.enumerated() {
                let (r, b) = (p >> 16 & 0xFF, p & 0xFF)
                if r > 200 && b < 60 { red = (red.x + Double(i % image.width), red.n + 1) }
                if b > 200 && r < 60 { blue = (blue.x + Double(i % image.width), blue.n + 1) }
            }
            #expect(red.n > 20 && blue.n > 20, "icons drawn: \(red.n) red, \(blue.n) blue pixels")
            return blue.x / max(blue.n, 1) - red.x / max(red.n, 1)
        }
        #expect(try blueRightOfRed("") < -1, "along the line: blue leads, to the left")
        #expect(try blueRightOfRed(#", "icon-keep-upright": true"#) > 1, "kept upright: blue on the right")
    }

    @Test(
        "symbol-z-order: overlapping symbols are drawn in data order (source), or down the screen (viewport-y, and auto when they may overlap)"
    )
    func zOrder() throws {
        // Two discs 30 points in radius, the lower one (red) first in the data, the upper (blue) second,
        // 23 points apart: where they overlap, the one drawn last shows.
        func middle(_ layout: String) throws -> UInt32 {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sprite": "\##(Self.folder)/sheet",
                 "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
                   {"type": "Feature", "properties": {"c": "#ff0000"}, "geometry": {"type": "Point", "coordinates": [0, -4]}},
                   {"type": "Feature", "properties": {"c": "#0000ff"}, "geometry": {"type": "Point", "coordinates": [0, 4]}}]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                   {"id": "d", "type": "symbol", "source": "g",
                    "layout": {"icon-image": "sdf", "icon-size": 5, "icon-allow-overlap": true\##(layout)},
                    "paint": {"icon-color": ["get", "c"]}}]}
                """##, folder: Self.folder)
            return image.pixels[256 * image.width + 256]
        }
        let blue = { (p: UInt32) in p & 0xFF > 200 && p >> 16 & 0xFF < 60 }
        let red = { (p: UInt32) in p >> 16 & 0xFF > 200 && p & 0xFF < 60 }
        #expect(red(try middle("")), "auto, overlapping, no sort key: down the screen, the lower (red) last")
        #expect(red(try middle(#", "symbol-z-order": "viewport-y""#)))
        #expect(blue(try middle(#", "symbol-z-order": "source""#)), "in data order: blue last")
    }

    @Test(
        "icon-text-fit stretches the icon over its text, widened by icon-text-fit-padding; width keeps the image's height unpadded"
    )
    func textFit() throws {
        let dark = { (p: UInt32) in p >> 16 & 0xFF < 100 && p >> 8 & 0xFF < 100 }
        let text = #""text-field": "AAAA", "text-size": 20"#
        let ink = try #require(Self.box(try Self.image(text, paint: ##""text-color": "#000000""##), dark))
        func red(_ fit: String) throws -> (Int, Int, Int, Int) {
            let layout =
                text + #", "icon-image": "square", "icon-text-fit": "\#(fit)", "icon-text-fit-padding": [2, 6, 2, 6]"#
            // The text laid out but not drawn (its glyphs would hide some of the red).
            return try #require(Self.box(try Self.image(layout, paint: #""text-opacity": 0"#), Self.red))
        }
        let both = try red("both")
        // Around the text's box (its advances, a little inside the ink of the A's), 6 points more each
        // side across and 2 above and below.
        #expect(
            both.0 <= ink.0 - 3 && both.2 >= ink.2 + 3 && both.2 - both.0 <= ink.2 - ink.0 + 24, "\(both) \(ink)")
        #expect(both.1 <= ink.1 - 2 && both.3 >= ink.3 + 2 && both.3 - both.1 <= ink.3 - ink.1 + 20, "\(both) \(ink)")
        let width = try red("width")
        #expect(
            abs((width.3 - width.1 + 1) - 10) <= 1,
            "the image's own 10 points tall, unpadded (MapLibre pads the fitted axis only): \(width)")
        #expect(width.0 == both.0 && width.2 == both.2)
        let plain = try #require(
            Self.box(try Self.image(text + #", "icon-image": "square""#, paint: #""text-opacity": 0"#), Self.red))
        #expect(plain.2 - plain.0 + 1 == 10, "without the fit, the image's own size")
    }

    @Test(
        "icon-overlap: cooperative shows over always and cooperative, never over never; never hides under any; unset follows icon-allow-overlap"
    )
    func overlapModes() throws {
        // The later layer (red, placed first) and the earlier one (blue) over it, discs overlapping:
        // whether blue shows.
        func blueShows(first: String, then: String) throws -> Bool {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sprite": "\##(Self.folder)/sheet",
                 "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
                             "h": {"type": "geojson", "data": {"type": "Point", "coordinates": [4, 0]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                   {"id": "b", "type": "symbol", "source": "h",
                    "layout": {"icon-image": "sdf", "icon-size": 3\##(then)}, "paint": {"icon-color": "#0000ff"}},
                   {"id": "a", "type": "symbol", "source": "g",
                    "layout": {"icon-image": "sdf", "icon-size": 3\##(first)}, "paint": {"icon-color": "#ff0000"}}]}
                """##, folder: Self.folder)
            return image.pixels.contains { $0 & 0xFF > 200 && $0 >> 16 & 0xFF < 60 }
        }
        func mode(_ m: String) -> String { #", "icon-overlap": "\#(m)""# }
        #expect(try !blueShows(first: mode("never"), then: mode("cooperative")))
        #expect(try blueShows(first: mode("always"), then: mode("cooperative")))
        #expect(try blueShows(first: mode("cooperative"), then: mode("cooperative")))
        #expect(try !blueShows(first: mode("cooperative"), then: mode("never")))
        #expect(try blueShows(first: "", then: mode("always")))
        #expect(try !blueShows(first: "", then: ""), "unset, no icon-allow-overlap: never")
        #expect(try blueShows(first: "", then: #", "icon-allow-overlap": true"#))
        #expect(try !blueShows(first: "", then: #", "icon-allow-overlap": true, "icon-overlap": "never""#))
    }

    @Test("text-translate and icon-translate move each part on the screen; the map anchor turns with the bearing")
    func translate() throws {
        let plain = try #require(Self.box(try Self.image(#""icon-image": "square""#), Self.red))
        let moved = try #require(
            Self.box(try Self.image(#""icon-image": "square""#, paint: #""icon-translate": [10, 20]"#), Self.red))
        #expect(moved.0 - plain.0 == 10 && moved.1 - plain.1 == 20, "\(plain) → \(moved)")
        // At bearing 90 the map's east is up on the screen: [10, 0] with the map anchor moves it up.
        func turned(_ paint: String) throws -> (Int, Int, Int, Int) {
            let image = try Self.render(
                #"{"id": "i", "type": "symbol", "source": "p", "source-layer": "points", "filter": ["==", ["get", "name"], "A"], "layout": {"icon-image": "square"}, "paint": {\#(paint)}}"#,
                bearing: 90)
            return try #require(Self.box(image, Self.red))
        }
        let base = try turned("")
        let map = try turned(#""icon-translate": [10, 0]"#)
        let screen = try turned(#""icon-translate": [10, 0], "icon-translate-anchor": "viewport""#)
        #expect(map.1 - base.1 == -10 && map.0 == base.0, "\(base) → \(map)")
        #expect(screen.0 - base.0 == 10 && screen.1 == base.1, "\(base) → \(screen)")
        // Text moves by text-translate alone; the icon stays.
        let text = try Self.image(#""text-field": "{name}", "text-size": 20"#, paint: ##""text-color": "#000000""##)
        let shifted = try Self.image(
            #""text-field": "{name}", "text-size": 20"#, paint: ##""text-color": "#000000", "text-translate": [0, 30]"##
        )
        let dark = { (p: UInt32) in p >> 8 & 0xFF < 100 }
        let (a, b) = (try #require(Self.box(text, dark)), try #require(Self.box(shifted, dark)))
        #expect(b.1 - a.1 == 30 && b.0 == a.0, "\(a) → \(b)")
    }

    @Test("fill-pattern repeats the image over the fill, every 16 points each way; a missing image draws nothing")
    func fillPattern() throws {
        func image(_ name: String) throws -> DecodedImage {
            try Self.render(
                ##"{"id": "f", "type": "fill", "source": "p", "source-layer": "areas", "paint": {"fill-pattern": "\##(name)", "fill-color": "#ff0000"}}"##
            )
        }
        // The disc image (black, its alpha the distance field) as a plain image: dark discs on white.
        let filled = try image("sdf")
        let green = { (x: Int, y: Int) in Int(filled.pixels[y * 512 + x] >> 8 & 0xFF) }
        var same = 0
        var values: Set<Int> = []
        for y in stride(from: 120, to: 360, by: 7) {
            for x in stride(from: 120, to: 360, by: 5) {
                values.insert(green(x, y))
                if abs(green(x, y) - green(x + 16, y)) <= 2 && abs(green(x, y) - green(x, y + 16)) <= 2 { same += 1 }
            }
        }
        #expect(same >= 34 * 48 * 95 / 100, "the image repeats every 16 points: \(same)")
        #expect(values.contains { $0 < 60 } && values.contains { $0 > 200 }, "dark and light parts")
        #expect(green(50, 50) == 255, "nothing outside the fill")
        // A missing image: not the fill's colour either.
        let missing = try image("nothing")
        #expect(!missing.pixels.contains { $0 >> 16 & 0xFF > 200 && $0 >> 8 & 0xFF < 60 }, "no red")
    }

    @Test(
        "background-pattern repeats the image over the whole view instead of the colour; a missing image draws no colour"
    )
    func backgroundPattern() throws {
        func image(_ name: String) throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sprite": "\##(Self.folder)/sheet", "sources": {},
                 "layers": [{"id": "white", "type": "background", "paint": {"background-color": "#ffffff"}},
                            {"id": "bg", "type": "background", "paint": {"background-pattern": "\##(name)", "background-color": "#ff0000"}}]}
                """##, folder: Self.folder)
        }
        let filled = try image("sdf")
        let green = { (x: Int, y: Int) in Int(filled.pixels[y * 512 + x] >> 8 & 0xFF) }
        var (same, values) = (0, Set<Int>())
        for y in stride(from: 8, to: 480, by: 11) {
            for x in stride(from: 8, to: 480, by: 13) {
                values.insert(green(x, y))
                if abs(green(x, y) - green(x + 16, y)) <= 2 && abs(green(x, y) - green(x, y + 16)) <= 2 { same += 1 }
            }
        }
        #expect(same >= 43 * 37 * 95 / 100, "the image repeats every 16 points over the view: \(same)")
        #expect(values.contains { $0 < 60 } && values.contains { $0 > 200 }, "dark and light parts")
        let missing = try image("nothing")
        #expect(!missing.pixels.contains(where: Self.red), "no red")
    }

    @Test("between whole zooms a pattern grows with the map: at zoom 2 + log₂ 1.5 it repeats every 24 points, not 16")
    func patternBetweenZooms() throws {
        let filled = try renderStyle(
            ##"""
            {"version": 8, "sprite": "\##(Self.folder)/sheet", "sources": {},
             "layers": [{"id": "white", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "bg", "type": "background", "paint": {"background-pattern": "sdf"}}]}
            """##, folder: Self.folder, zoom: 2 + Double.log2(1.5))
        let green = { (x: Int, y: Int) in Int(filled.pixels[y * 512 + x] >> 8 & 0xFF) }
        // How many samples equal the ones `period` points right and down (within 2 levels).
        func repeating(_ period: Int) -> Int {
            var same = 0
            for y in stride(from: 8, to: 470, by: 11) {
                for x in stride(from: 8, to: 470, by: 13)
                where abs(green(x, y) - green(x + period, y)) <= 2 && abs(green(x, y) - green(x, y + period)) <= 2 {
                    same += 1
                }
            }
            return same
        }
        let samples = 42 * 36
        #expect(filled.pixels.contains { $0 >> 8 & 0xFF < 60 } && filled.pixels.contains { $0 >> 8 & 0xFF > 200 })
        #expect(repeating(24) >= samples * 95 / 100, "every 24 points: \(repeating(24)) of \(samples)")
        #expect(repeating(16) < samples * 60 / 100, "not every 16: \(repeating(16)) of \(samples)")
    }

    @Test("under tilt a fill pattern lies on the ground: its repeats shrink with distance, up the view")
    func groundPattern() throws {
        let image = try renderStyle(
            ##"""
            {"version": 8, "sprite": "\##(Self.folder)/sheet",
             "sources": {"g": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1]]]}}},
             "layers": [{"id": "white", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "f", "type": "fill", "source": "g", "paint": {"fill-pattern": "sdf"}}]}
            """##, folder: Self.folder, zoom: 17, tilt: 60)
        // Dark runs (the discs) crossed along a row: more of them far up the view than near its foot.
        func runs(_ y: Int) -> Int {
            var (count, dark) = (0, false)
            for x in 0..<512 {
                let d = image.pixels[y * 512 + x] >> 8 & 0xFF < 100
                if d && !dark { count += 1 }
                dark = d
            }
            return count
        }
        let (near, far) = (runs(480), runs(240))
        let samples = [(100, 480), (256, 480), (256, 240), (256, 100)].map {
            String(image.pixels[$0.1 * 512 + $0.0], radix: 16)
        }
        #expect(
            near >= 20 && Double(far) > 1.3 * Double(near), "runs near the foot \(near), halfway up \(far); \(samples)")
    }

    @Test("icon-pitch-alignment map lays an icon on the ground under tilt: the square foreshortened, the box with it")
    func iconOnGround() throws {
        func red(_ pitch: String) throws -> (Int, Int, Int, Int) {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sprite": "\##(Self.folder)/sheet",
                 "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
                 "layers": [{"id": "white", "type": "background", "paint": {"background-color": "#ffffff"}},
                            {"id": "i", "type": "symbol", "source": "g",
                             "layout": {"icon-image": "square", "icon-size": 4, "icon-pitch-alignment": "\##(pitch)"}}]}
                """##, folder: Self.folder, zoom: 17, tilt: 60)
            return try #require(Self.box(image, Self.red))
        }
        let facing = try red("viewport")
        let lying = try red("map")
        let (fw, fh) = (facing.2 - facing.0, facing.3 - facing.1)
        let (lw, lh) = (lying.2 - lying.0, lying.3 - lying.1)
        #expect(abs(fw - fh) <= 2 && abs(lw - fw) <= 3, "facing \(fw) × \(fh), lying \(lw) × \(lh)")
        #expect(abs(Double(lh) - Double(fh) / 2) <= 3, "cos 60° up the screen: \(lh) of \(fh)")
    }
}
