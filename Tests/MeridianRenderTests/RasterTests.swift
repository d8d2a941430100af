import CCairo
import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// A solid-colour PNG tile made with Cairo (tests only).
func solidPNG(_ rgb: (Double, Double, Double), size: Int = 256) -> [UInt8] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size))!
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, rgb.0, rgb.1, rgb.2)
    cairo_paint(cr)
    cairo_destroy(cr)
    return pngBytes(surface)
}

let rasterStyle = try! Style(
    json: Data(
        #"""
        { "version": 8, "sources": { "img": { "type": "raster", "url": "mbtiles://img.mbtiles" } },
          "layers": [ { "id": "bg", "type": "background", "paint": { "background-color": "#000000" } },
                      { "id": "img", "type": "raster", "source": "img", "paint": { "raster-opacity": ["interpolate", ["linear"], ["zoom"], 0, 1, 2, 0.5] } } ] }
        """#.utf8))

@Suite struct RasterTests {
    /// A z1 raster source: the four tiles red, green, blue, white (x, y order).
    static func quadrants(_ name: String, corrupt: Bool = false) throws -> MBTiles {
        let colours = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 1.0, 1.0)]
        var tiles = (0..<4).map { i in (z: 1, x: i % 2, y: i / 2, data: solidPNG(colours[i])) }
        if corrupt { tiles[0].data = Array(tiles[0].data.prefix(60)) }
        let path = temporaryPath(name)
        try writeMBTiles(
            path, metadata: ["format": "png", "minzoom": "1", "maxzoom": "1", "tilesize": "256"], tiles: tiles)
        return try MBTiles(path: path)
    }

    @Test("raster tiles land in their quadrants, seamless, flat and under bearing and tilt; opacity follows the zoom")
    func quadrants() throws {
        let source = try Self.quadrants("quadrants.mbtiles")
        for (bearing, tilt) in [(0.0, 0.0), (30, 25)] {
            let view = try Viewport(
                camera: try CameraPosition(
                    target: Coordinate(latitude: 0, longitude: 0), zoom: 1.5, bearing: bearing, tilt: tilt),
                size: ScreenSize(width: 400, height: 300))
            let image = try #require(
                decodePNG(try MapRenderer(style: rasterStyle).render(view, sources: ["img": source]).png))
            // Each quadrant's centre shows its tile's colour over black at the opacity the style gives
            // camera zoom 1.5 (style zoom 0.5): 1 − 0.5 × 0.5 / 2 = 0.875, so 223 of 255 (±2).
            let expected: [(Coordinate, UInt32)] = [
                (Coordinate(latitude: 40, longitude: -90), 0xDF0000),
                (Coordinate(latitude: 40, longitude: 90), 0x00DF00),
                (Coordinate(latitude: -40, longitude: -90), 0x0000DF),
                (Coordinate(latitude: -40, longitude: 90), 0xDFDFDF),
            ]
            for (place, colour) in expected {
                guard let p = try view.point(for: place), p.x > 5, p.x < 395, p.y > 5, p.y < 295 else { continue }
                let c = dominantColor(image, at: p)
                for shift in [16, 8, 0] {
                    #expect(
                        abs(Int(c >> UInt32(shift) & 0xff) - Int(colour >> UInt32(shift) & 0xff)) <= 2,
                        "\(place) at bearing \(bearing)")
                }
            }
            // No black seam along the tiles' shared edges: sample the equator and the meridian.
            for t in stride(from: -60.0, through: 60, by: 7.5) {
                for place in [Coordinate(latitude: 0.001, longitude: t * 2), Coordinate(latitude: t, longitude: 0.001)]
                {
                    guard let p = try view.point(for: place), p.x > 1, p.x < 399, p.y > 1, p.y < 299 else { continue }
                    #expect(image.pixels[Int(p.y) * image.width + Int(p.x)] & 0xFFFFFF != 0, "seam at \(place)")
                }
            }
        }
    }

    @Test("a flat view wider than the world shows raster tiles in every world copy, as MapLibre does")
    func worldCopies() throws {
        let source = try Self.quadrants("copies.mbtiles")
        // Zoom 0.5: the world 362 points wide in a 600-point view centred on 30° E, so the view
        // shows the western copy's east (green, white) and the eastern copy's west (red, blue).
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 30), zoom: 0.5),
            size: ScreenSize(width: 600, height: 300))
        let image = try #require(
            decodePNG(try MapRenderer(style: rasterStyle).render(view, sources: ["img": source]).png))
        // Camera zoom 0.5 is style zoom −0.5, below the opacity's first stop: opaque (±2 of 255).
        // The target's copy spans `left` to `left + w`; a quarter world past each edge lies in
        // the next copy's quadrants, 40 points past the left edge in the western copy's east.
        let w = view.worldSize
        let left = 300 - (180 + 30) / 360 * w
        let expected: [(ScreenPoint, Int)] = [
            (ScreenPoint(x: left + w + w / 4, y: 150 - w / 4), 0xFF0000),
            (ScreenPoint(x: left + w + w / 4, y: 150 + w / 4), 0x0000FF),
            (ScreenPoint(x: left - 40, y: 150 - w / 4), 0x00FF00),
            (ScreenPoint(x: left - 40, y: 150 + w / 4), 0xFFFFFF),
        ]
        for (p, colour) in expected {
            let c = dominantColor(image, at: p)
            for shift in [16, 8, 0] {
                #expect(abs(Int(c >> UInt32(shift) & 0xff) - (colour >> shift & 0xff)) <= 2, "at \(p)")
            }
        }
    }

    @Test(
        "a missing raster tile is stood in for by its nearest ancestor, under the tiles that are there, as MapLibre does"
    )
    func fallback() throws {
        // Zoom 0 yellow; zoom 1 red, green, blue and no south-east tile.
        let colours = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
        var tiles = (0..<3).map { i in (z: 1, x: i % 2, y: i / 2, data: solidPNG(colours[i])) }
        tiles.append((z: 0, x: 0, y: 0, data: solidPNG((1, 1, 0))))
        let path = temporaryPath("fallback.mbtiles")
        try writeMBTiles(
            path, metadata: ["format": "png", "minzoom": "0", "maxzoom": "1", "tilesize": "256"], tiles: tiles)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 1.5),
            size: ScreenSize(width: 400, height: 300))
        let image = try #require(
            decodePNG(try MapRenderer(style: rasterStyle).render(view, sources: ["img": try MBTiles(path: path)]).png))
        // Opacity 0.875 at style zoom 0.5 (as `quadrants`): 223 of 255 (±2).
        let expected: [(Coordinate, UInt32)] = [
            (Coordinate(latitude: 30, longitude: -60), 0xDF0000),
            (Coordinate(latitude: -30, longitude: -60), 0x0000DF),
            (Coordinate(latitude: -30, longitude: 60), 0xDFDF00),
        ]
        for (place, colour) in expected {
            let c = dominantColor(image, at: try #require(try view.point(for: place)))
            for shift in [16, 8, 0] {
                #expect(abs(Int(c >> UInt32(shift) & 0xff) - Int(colour >> UInt32(shift) & 0xff)) <= 2, "\(place)")
            }
        }
    }

    @Test("a raster tile that is not a PNG is a typed error naming the tile")
    func corrupt() throws {
        let source = try Self.quadrants("corrupt.mbtiles", corrupt: true)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 1),
            size: ScreenSize(width: 200, height: 200))
        #expect { try MapRenderer(style: rasterStyle).render(view, sources: ["img": source]) } throws: { error in
            guard case let .badImage(why)? = error as? RenderError else { return false }
            return why.contains("1/0/0")
        }
    }
}

@Suite(
    .enabled(
        if: RenderData.available && TestData.available("satellite.mbtiles") && TestData.available("terrain.mbtiles"),
        "no default data: run scripts/build-data.sh"))
struct RasterRealDataTests {
    static func frame(
        _ mapType: String
    ) throws -> (Viewport, (width: Int, height: Int, pixels: [UInt32]), MapRenderer.Frame) {
        let style = try Style(json: Data(MapType(named: mapType)!.document.utf8))
        var sources = try RenderData.sources()
        for name in ["satellite", "terrain"] { sources[name] = try MBTiles(path: TestData.path("\(name).mbtiles")) }
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 20, longitude: 0), zoom: 3),
            size: ScreenSize(width: 1024, height: 768))
        let frame = try MapRenderer(style: style).render(view, sources: sources)
        return (view, try #require(decodePNG(frame.png)), frame)
    }

    static func rgb(_ c: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int(c >> 16 & 0xff), Int(c >> 8 & 0xff), Int(c & 0xff))
    }

    @Test(
        "satellite and hybrid at zoom 3: the Sahara is sand, the Atlantic deep blue; hybrid names the countries, satellite does not",
        arguments: ["satellite", "hybrid"])
    func imagery(mapType: String) throws {
        let (view, image, frame) = try Self.frame(mapType)
        let sahara = Self.rgb(
            dominantColor(image, at: try #require(try view.point(for: Coordinate(latitude: 24, longitude: 12)))))
        #expect(sahara.r > sahara.b + 40 && sahara.g > sahara.b, "sand is warm: \(sahara)")
        let atlantic = Self.rgb(
            dominantColor(image, at: try #require(try view.point(for: Coordinate(latitude: 25, longitude: -45)))))
        #expect(atlantic.b > atlantic.r + 30 && atlantic.b < 160, "deep ocean is dark blue: \(atlantic)")
        #expect(frame.labels.contains { $0.text == "Egypt" } == (mapType == "hybrid"))
    }

    @Test("terrain at zoom 3: blue sea, tan desert from the relief image, with the country names over it")
    func terrain() throws {
        let (view, image, frame) = try Self.frame("terrain")
        let sea = Self.rgb(
            dominantColor(image, at: try #require(try view.point(for: Coordinate(latitude: 25, longitude: -45)))))
        #expect(sea.b > sea.r + 20, "the sea is blue: \(sea)")
        let sahara = Self.rgb(
            dominantColor(image, at: try #require(try view.point(for: Coordinate(latitude: 24, longitude: 12)))))
        #expect(sahara.r > sahara.b + 20, "the desert is tan: \(sahara)")
        #expect(frame.labels.contains { $0.text == "Egypt" })
    }
}

@Suite(
    .enabled(
        if: RenderData.available && TestData.available("coast.mbtiles"), "no default data: run scripts/build-data.sh"))
struct CoastTests {
    @Test(
        "the full-resolution coast at zoom 12: Santahamina is an island, the sea south of Eira is water, Katajanokka is land"
    )
    func suomenlinna() throws {
        let (view, frame) = try RenderData.frame(Coordinate(latitude: 60.155, longitude: 24.97), zoom: 12)
        let image = try #require(decodePNG(frame.png))
        let colour = { (c: Coordinate) throws -> UInt32 in
            dominantColor(image, at: try #require(try view.point(for: c)))
        }
        #expect(try colour(Coordinate(latitude: 60.1430, longitude: 25.0450)) == Palette.land)
        #expect(try colour(Coordinate(latitude: 60.1350, longitude: 24.9300)) == Palette.water)
        #expect(try colour(Coordinate(latitude: 60.1670, longitude: 24.9690)) == Palette.land)
    }
}

/// Raster tiles on the pixel grid, as MapLibre's aligned projection draws them.
@Suite struct RasterAlignmentTests {
    @Test("at a whole zoom, a tile's pixels land on the screen's whatever the target: one-pixel stripes stay pure")
    func crispStripes() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 256, 256)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        for x in stride(from: 0, to: 256, by: 2) { cairo_rectangle(cr, Double(x), 0, 1, 256) }
        cairo_fill(cr)
        cairo_destroy(cr)
        let png = pngBytes(surface)
        let path = temporaryPath("stripes.mbtiles")
        let tiles = (0..<4).map { i in (z: 1, x: i % 2, y: i / 2, data: png) }
        try writeMBTiles(
            path, metadata: ["format": "png", "minzoom": "1", "maxzoom": "1", "tilesize": "256"], tiles: tiles)
        let style = try Style(
            json: Data(
                #"{"version": 8, "sources": {"img": {"type": "raster", "url": "mbtiles://img.mbtiles"}}, "layers": [{"id": "img", "type": "raster", "source": "img"}]}"#
                    .utf8))
        // The target 0.37 of a world pixel east of a whole one (the world is 512 points at zoom 1).
        for fraction in [0.37, 0.81] {
            let longitude = fraction / 512 * 360
            let view = try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: 10, longitude: longitude), zoom: 1),
                size: ScreenSize(width: 200, height: 100))
            let image = try #require(
                decodePNG(try MapRenderer(style: style).render(view, sources: ["img": try MBTiles(path: path)]).png))
            var blended = 0
            for y in 20..<80 {
                for x in 20..<180 {
                    let r = Int(image.pixels[y * image.width + x] >> 16 & 0xFF)
                    if r > 3 && r < 252 { blended += 1 }
                }
            }
            #expect(blended == 0, "\(blended) pixels between black and white at \(fraction) of a pixel")
            // The alignment itself: the fraction rounded away, within half a pixel.
            let shift = RasterPainter.pixelAlignment(view).x * view.worldSize
            #expect(abs(shift - (fraction > 0.5 ? fraction - 1 : fraction)) < 1e-6, "\(shift)")
        }
    }
}
