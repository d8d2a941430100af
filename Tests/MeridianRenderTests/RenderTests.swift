import CCairo
import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianMap
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// The colour most common in a 7×7 window around a point (robust against a line crossing it),
/// as 0xRRGGBB.
func dominantColor(_ image: (width: Int, height: Int, pixels: [UInt32]), at p: ScreenPoint, scale: Double = 1) -> UInt32
{
    var counts: [UInt32: Int] = [:]
    let cx = Int(p.x * scale)
    let cy = Int(p.y * scale)
    for y in (cy - 3)...(cy + 3) where y >= 0 && y < image.height {
        for x in (cx - 3)...(cx + 3) where x >= 0 && x < image.width {
            counts[image.pixels[y * image.width + x] & 0xFFFFFF, default: 0] += 1
        }
    }
    return counts.max { $0.value < $1.value }?.key ?? 0
}

/// Colours of the shipped streets style, as 0xRRGGBB, read from the style document itself.
enum Palette {
    static func paint(_ layer: String, _ property: String) -> UInt32 {
        guard let l = MapRenderer.streets.layers.first(where: { $0.id == layer }),
            let name = StylePropertyName(rawValue: property),
            case let .color(c)? = l.paint[name]?.evaluate([:], zoom: 16)
        else { return 0xDEAD }
        return UInt32((c.r * 255).rounded()) << 16 | UInt32((c.g * 255).rounded()) << 8 | UInt32((c.b * 255).rounded())
    }
    static var land: UInt32 { paint("land", "fill-color") }
    static var water: UInt32 { paint("ocean", "background-color") }
    static var park: UInt32 { paint("landuse-green", "fill-color") }
    static var building: UInt32 { paint("buildings", "fill-extrusion-color") }
}

/// A face of a building as MapLibre's light colours it (``ExtrusionLight``): the building colour
/// plus the ambient 0.03, times one brightness for all three channels, from the darkest wall
/// (0.5 × the gradient's 0.84) to the roof (about 1), within 2.5 levels per channel.
func isBuildingColour(_ colour: UInt32) -> Bool {
    let channels = [16, 8, 0].map {
        (Double(colour >> UInt32($0) & 0xff), Double(Palette.building >> UInt32($0) & 0xff) + 0.03 * 255)
    }
    let k = channels[0].0 / channels[0].1
    return k >= 0.4 && k <= 1.01 && channels.allSatisfy { abs($0.0 - $0.1 * k) < 2.5 }
}

/// Every pair of placed labels' boxes is disjoint.
func expectNoOverlap(_ labels: [PlacedLabel], sourceLocation: SourceLocation = #_sourceLocation) {
    /// Whether a point lies inside a label's box.
    func inside(_ p: ScreenPoint, _ l: PlacedLabel) -> Bool {
        (l.parts.isEmpty ? [l.box] : l.parts).contains {
            p.x > $0.left && p.x < $0.right && p.y > $0.top && p.y < $0.bottom
        }
    }
    for (i, a) in labels.enumerated() {
        for b in labels[(i + 1)...] {
            switch (a.glyphs.isEmpty, b.glyphs.isEmpty) {
            case (true, true):
                // Point symbols' parts (text, icon) collide each alone.
                let overlapping = (a.parts.isEmpty ? [a.box] : a.parts).contains { p in
                    (b.parts.isEmpty ? [b.box] : b.parts).contains { q in
                        p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom
                    }
                }
                #expect(!overlapping, "\(a.text) overlaps \(b.text)", sourceLocation: sourceLocation)
            case (false, true), (true, false):
                // A name along a curve takes its glyphs' boxes, not the box around the curve: none
                // of its glyphs lies in the other label's box.
                let (curved, other) = a.glyphs.isEmpty ? (b, a) : (a, b)
                #expect(
                    !curved.glyphs.contains { inside($0.center, other) }, "\(curved.text) overlaps \(other.text)",
                    sourceLocation: sourceLocation)
            case (false, false):
                #expect(
                    !a.glyphs.contains { g in b.glyphs.contains { (g.center - $0.center).length < 3 } },
                    "\(a.text) overlaps \(b.text)", sourceLocation: sourceLocation)
            }
        }
    }
}

enum RenderData {
    static var mbtiles: String { TestData.path("openmaptiles/helsinki.mbtiles") }
    static var available: Bool {
        TestData.available("openmaptiles/helsinki.mbtiles") && TestData.available("world.mbtiles")
    }
    static let cathedral = Coordinate(latitude: 60.170378, longitude: 24.952176)
    static var world: String { TestData.path("world.mbtiles") }

    /// The vector sources of the default data, by the names the streets style gives them
    /// (the full-resolution coast when the data has it).
    static func sources() throws -> [String: MBTiles] {
        var sources = ["openmaptiles": try MBTiles(path: mbtiles), "world": try MBTiles(path: world)]
        if TestData.available("coast.mbtiles") { sources["coast"] = try MBTiles(path: TestData.path("coast.mbtiles")) }
        return sources
    }

    /// A 1024×768 flat frame of both sources at a target and zoom.
    /// The PNG of a style of one background (#f0ece0) and `layers` (JSON, each after a comma)
    /// on the real Helsinki source `openmaptiles`, at the cathedral, without the credit line.
    static func png(layers: String, zoom: Double, width: Double = 512, height: Double = 384) throws -> [UInt8] {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#f0ece0"}}\##(layers)]}
                """##.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let view = try Viewport(
            camera: try CameraPosition(target: cathedral, zoom: zoom), size: ScreenSize(width: width, height: height))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        return try renderer.render(view, sources: ["openmaptiles": try MBTiles(path: mbtiles)]).png
    }

    static func frame(_ target: Coordinate, zoom: Double) throws -> (Viewport, MapRenderer.Frame) {
        let view = try Viewport(
            camera: try CameraPosition(target: target, zoom: zoom), size: ScreenSize(width: 1024, height: 768))
        return (view, try MapRenderer().render(view, sources: try sources()))
    }
}

@Suite struct RenderBasicsTests {
    @Test(
        "size and scale: a 300×200 view at scale 2 is a 600×400 PNG, at the preview scale 0.5 150×100; bad sizes and scales are typed errors"
    )
    func sizes() throws {
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 16),
            size: ScreenSize(width: 300, height: 200))
        let image = try #require(decodePNG(try MapRenderer().png(view, tiles: nil, scale: 2)))
        #expect(image.width == 600 && image.height == 400)
        // No data given: the style's background everywhere but the credit line's corner.
        #expect(dominantColor(image, at: ScreenPoint(x: 100, y: 100), scale: 2) == Palette.water)
        let preview = try #require(decodePNG(try MapRenderer().png(view, tiles: nil, scale: 0.5)))
        #expect(preview.width == 150 && preview.height == 100)
        #expect(throws: RenderError.self) { try MapRenderer().png(view, tiles: nil, scale: 4) }
        #expect(throws: RenderError.self) { try MapRenderer().png(view, tiles: nil, scale: 1.5) }
    }

    @Test("an overlay across the antimeridian is drawn where the camera sees it")
    func antimeridianOverlay() throws {
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 179.99), zoom: 12),
            size: ScreenSize(width: 400, height: 300))
        var square = Polygon(outer: [
            Coordinate(latitude: -0.01, longitude: 179.98), Coordinate(latitude: -0.01, longitude: -179.98),
            Coordinate(latitude: 0.01, longitude: -179.98), Coordinate(latitude: 0.01, longitude: 179.98),
        ])
        square.fillColor = Color(red: 0, green: 1, blue: 0)
        let image = try #require(decodePNG(try MapRenderer().png(view, tiles: nil, overlays: [.polygon(square)])))
        // The square spans 179.98 E to 179.98 W: the view's centre (179.99) is inside it.
        #expect(dominantColor(image, at: ScreenPoint(x: 200, y: 150)) == 0x00FF00)
    }

    @Test("overlays are drawn on their coordinates: a circle's centre shows its fill under tilt")
    func overlays() throws {
        let camera = try CameraPosition(
            target: Coordinate(latitude: 10, longitude: 10), zoom: 14, bearing: 40, tilt: 40)
        let view = try Viewport(camera: camera, size: ScreenSize(width: 400, height: 300))
        var circle = Circle(center: Coordinate(latitude: 10.005, longitude: 10.004), radius: 150)
        circle.fillColor = Color(red: 1, green: 0, blue: 0)
        let image = try #require(decodePNG(try MapRenderer().png(view, tiles: nil, overlays: [.circle(circle)])))
        let centre = try #require(try view.point(for: circle.center))
        #expect(dominantColor(image, at: centre) == 0xFF0000)
        let outside = try #require(try view.point(for: Geodesy.offset(circle.center, distance: 300, heading: 0)))
        #expect(dominantColor(image, at: outside) == Palette.water)
    }
}

@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh")) struct RenderRealDataTests {
    @Test(
        "the Cathedral is drawn as a building where the camera puts it: flat, rotated and tilted, and over-zoomed",
        arguments: [
            (16.0, 0.0, 0.0), (16, 30, 45), (17, 200, 60), (19, 0, 0),
        ])
    func cathedral(zoom: Double, bearing: Double, tilt: Double) throws {
        let tiles = try MBTiles(path: RenderData.mbtiles)
        let camera = try CameraPosition(
            target: Coordinate(latitude: 60.1704, longitude: 24.9518), zoom: zoom, bearing: bearing, tilt: tilt)
        let view = try Viewport(camera: camera, size: ScreenSize(width: 640, height: 480))
        let image = try #require(decodePNG(try MapRenderer().png(view, tiles: tiles)))
        // In the Cathedral's north arm, clear of its name label (drawn at the centroid from zoom 17).
        let p = try #require(try view.point(for: Coordinate(latitude: 60.17052, longitude: 24.95218)))
        // Flat: the roof colour; tilted, the building stands up and its walls may cover its foot.
        #expect(isBuildingColour(dominantColor(image, at: p)), "at \(p)")
    }

    @Test("a cache keeps decoded tiles and label stamps between frames and changes no pixel")
    func cache() throws {
        let sources = try RenderData.sources()
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15, bearing: 10, tilt: 20),
            size: ScreenSize(width: 400, height: 300))
        let cache = RenderCache()
        let uncached = try MapRenderer().render(view, sources: sources).png
        let first = try MapRenderer().render(view, sources: sources, cache: cache).png
        let held = cache.count
        let stamps = cache.stamps.count
        let second = try MapRenderer().render(view, sources: sources, cache: cache)
        #expect(held > 0 && cache.count == held)
        #expect(
            stamps >= second.labels.count && second.labels.count >= 5 && cache.stamps.count == stamps,
            "\(stamps) stamps, \(second.labels.count) labels")
        #expect(first == uncached && second.png == uncached)
    }

    @Test("Kaisaniemi park is green; the same input gives the same bytes")
    func parkAndDeterminism() throws {
        let tiles = try MBTiles(path: RenderData.mbtiles)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 60.1735, longitude: 24.946), zoom: 16, tilt: 30),
            size: ScreenSize(width: 640, height: 480))
        let first = try MapRenderer().png(view, tiles: tiles)
        let second = try MapRenderer().png(view, tiles: tiles)
        #expect(first == second)
        let image = try #require(decodePNG(first))
        // Inside the park's lawns, south-west of the botanic garden.
        let lawn = try #require(try view.point(for: Coordinate(latitude: 60.1742, longitude: 24.9438)))
        #expect(dominantColor(image, at: lawn) == Palette.park, "at \(lawn)")
    }

    @Test(
        "the world at zoom 3: land on the continents, ocean between them, the Caspian a lake, tilted too",
        arguments: [0.0, 30])
    func world(tilt: Double) throws {
        let world = try MBTiles(path: RenderData.world)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 50, longitude: 10), zoom: 3, tilt: tilt),
            size: ScreenSize(width: 1024, height: 768))
        let image = try #require(decodePNG(try MapRenderer().png(view, world: world, tiles: nil)))
        for (name, c, color) in [
            ("Paris", Coordinate(latitude: 48.85, longitude: 2.35), Palette.land),
            ("Central Africa", Coordinate(latitude: 5, longitude: 20), Palette.land),
            ("Atlantic", Coordinate(latitude: 40, longitude: -35), Palette.water),
            ("Caspian Sea", Coordinate(latitude: 42, longitude: 51), Palette.water),
            ("Mediterranean", Coordinate(latitude: 35, longitude: 18), Palette.water),
        ] {
            let p = try #require(try view.point(for: c))
            #expect(dominantColor(image, at: p) == color, "\(name) at \(p)")
        }
    }

    @Test(
        "labels at zoom 5 over the Baltic: the capitals, each on its city, none overlapping; also under tilt",
        arguments: [0.0, 25])
    func labels(tilt: Double) throws {
        let world = try MBTiles(path: RenderData.world)
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 58, longitude: 20), zoom: 5, bearing: tilt, tilt: tilt),
            size: ScreenSize(width: 1024, height: 768))
        let frame = try MapRenderer().render(view, world: world, tiles: nil)
        let names = Set(frame.labels.map(\.text))
        // Country names come first; a city whose label would collide with one (Riga, under "Latvia") gives way.
        #expect(
            names.isSuperset(of: ["Helsinki", "Stockholm", "Tallinn", "Oslo", "Saint Petersburg", "Finland", "Latvia"]),
            "\(names.sorted())")
        // GeoNames puts Helsinki at (60.16952, 24.93545); tiles quantise points to 1/4096 of a z9 tile.
        let helsinki = try #require(frame.labels.first { $0.text == "Helsinki" })
        expectClose(
            helsinki.anchor, try #require(try view.point(for: Coordinate(latitude: 60.16952, longitude: 24.93545))),
            within: 0.5, "anchor")
        expectNoOverlap(frame.labels)
        // The label's box holds dark text pixels.
        let image = try #require(decodePNG(frame.png))
        let b = helsinki.box
        let dark = stride(from: Int(b.left), to: Int(b.right), by: 1).flatMap { x in
            stride(from: Int(b.top), to: Int(b.bottom), by: 1).map { (x, $0) }
        }
        .filter { image.pixels[$0.1 * image.width + $0.0] & 0xFF < 0x80 }
        #expect(dark.count > 20)
    }

    /// The tallest building outline of the imported Helsinki tiles (zoom 14): its height
    /// (`render_height`, metres) and the average of its outer ring's corners.
    static func tallestBuilding() throws -> (height: Double, at: Coordinate) {
        let tiles = try MBTiles(path: RenderData.mbtiles)
        var best: (height: Double, at: Coordinate) = (0, RenderData.cathedral)
        for x in 9326...9327 {
            for y in 4741...4742 {
                let id = TileID(z: 14, x: x, y: y)
                guard let layer = try tiles.vectorTile(id)?.layer(named: "building") else { continue }
                for f in layer.features {
                    guard let h = f.properties["render_height"]?.number, h > best.height, let ring = f.geometry.first,
                        !ring.isEmpty
                    else { continue }
                    let n = Double(1 << 14)
                    let e = Double(layer.extent)
                    let mx = ring.reduce(0) { $0 + Double($1.x) } / Double(ring.count)
                    let my = ring.reduce(0) { $0 + Double($1.y) } / Double(ring.count)
                    best = (
                        h,
                        WebMercator.unproject(MercatorPoint(x: (Double(x) + mx / e) / n, y: (Double(y) + my / e) / n))
                    )
                }
            }
        }
        return best
    }

    @Test("under tilt buildings stand up: four fifths of the way up the tallest building is building, not ground")
    func extrusion() throws {
        let tiles = try MBTiles(path: RenderData.mbtiles)
        let (height, tower) = try Self.tallestBuilding()
        #expect(height > 30, "the tallest outline is \(height) m")
        let view = try Viewport(
            camera: try CameraPosition(target: tower, zoom: 17, bearing: 30, tilt: 60),
            size: ScreenSize(width: 640, height: 480))
        let metres = 0.8 * height
        let pointsPerMetre = 1 / WebMercator.metersPerPoint(latitude: tower.latitude, zoom: 17)
        let up = try #require(view.point(forWorld: WebMercator.project(tower), elevation: metres * pointsPerMetre))
        // The shipped style without its labels, so no label lies over the sampled point.
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(DefaultStyles.streets.utf8)) as? [String: Any])
        document["layers"] = (document["layers"] as? [[String: Any]])?.filter { $0["type"] as? String != "symbol" }
        let unlabelled = try Style(json: try JSONSerialization.data(withJSONObject: document))
        let standing = try #require(decodePNG(try MapRenderer(style: unlabelled).png(view, tiles: tiles)))
        var flatRenderer = MapRenderer(style: unlabelled)
        flatRenderer.extrusionMinZoom = 99
        let flat = try #require(decodePNG(try flatRenderer.png(view, tiles: tiles)))
        let colour = dominantColor(standing, at: up)
        let flatColour = dominantColor(flat, at: up)
        #expect(colour != flatColour, "nothing stands at \(up)")
        #expect(isBuildingColour(colour), "colour \(String(colour, radix: 16)) at \(up)")
    }

    @Test("street names run along their streets at zoom 16, upright and apart from every other label")
    func streetNames() throws {
        let (_, frame) = try RenderData.frame(Coordinate(latitude: 60.1695, longitude: 24.945), zoom: 16)
        let names = Set(frame.labels.map(\.text))
        #expect(names.isSuperset(of: ["Mikonkatu", "Unioninkatu", "Kaivokatu"]), "\(names.sorted())")
        #expect(frame.labels.count >= 6)
        expectNoOverlap(frame.labels)
    }

    @Test("country names at zoom 3.5 sit inside their countries, centred, without a dot")
    func countryNames() throws {
        let world = try MBTiles(path: RenderData.world)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 50, longitude: 15), zoom: 3.5),
            size: ScreenSize(width: 1024, height: 768))
        let frame = try MapRenderer().render(view, world: world, tiles: nil)
        // Rough boxes (south, west, north, east) around each country's main landmass.
        for (name, box) in [
            ("France", (42.3, -4.8, 51.1, 8.2)), ("Germany", (47.3, 5.9, 55.1, 15.0)),
            ("Spain", (36.0, -9.3, 43.8, 3.3)),
            ("Finland", (59.8, 20.6, 70.1, 31.6)),
        ] {
            let label = try #require(frame.labels.first { $0.text == name }, "\(name) not placed")
            let c = try #require(try view.coordinate(for: label.anchor))
            #expect(
                c.latitude >= box.0 && c.latitude <= box.2 && c.longitude >= box.1 && c.longitude <= box.3,
                "\(name) at \(c)")
            // Centred: the anchor is the middle of the text box (within the box padding).
            expectClose((label.box.left + label.box.right) / 2, label.anchor.x, within: 0.5, "\(name) centred")
        }
    }

    @Test("at zoom 18 buildings carry their names: the Cathedral's label sits on the Cathedral")
    func buildingNames() throws {
        let (view, frame) = try RenderData.frame(Coordinate(latitude: 60.1700, longitude: 24.9505), zoom: 18)
        let label = try #require(frame.labels.first { $0.text == "Helsingin tuomiokirkko" })
        let c = try #require(try view.coordinate(for: label.anchor))
        // The Cathedral's outline spans 60.17011–60.17064 N, 24.95165–24.95271 E (OSM way 419479428).
        #expect(
            c.latitude > 60.17011 && c.latitude < 60.17064 && c.longitude > 24.95165 && c.longitude < 24.95271,
            "at \(c)")
        // Other buildings' names too. (Kansalliskirjasto's now yields to the seven-line block of
        // the faculty names beside it, broken at text-max-width as MapLibre breaks them.)
        #expect(
            ["Helsingin yliopiston päärakennus", "Porthania", "Hallintorakennus"].allSatisfy { name in
                frame.labels.contains { $0.text == name }
            })
    }
}
