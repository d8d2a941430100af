import CCairo
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

@testable import MeridianRender

/// Raster tiles laid on the tilted ground pixel by pixel (`GroundTile`), checked against the
/// camera's own unprojection of each pixel's centre.
@Suite struct GroundTileTests {
    /// A `size`² image whose pixel (x, y) is `pixel(x, y)` (premultiplied ARGB).
    static func image(size: Int, _ pixel: (Int, Int) -> UInt32) throws -> RasterImage {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)))
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<size { for x in 0..<size { words[y * stride + x] = pixel(x, y) } }
        cairo_surface_mark_dirty(surface)
        return RasterImage(surface: surface)
    }

    /// Transparent pixels of `view`'s size, with `tiles` drawn into rows `top ..< bottom` of them.
    static func draw(_ tiles: [GroundTile], in view: Viewport, rows: Range<Int>? = nil) -> [UInt32] {
        let (w, h) = (Int(view.size.width), Int(view.size.height))
        var pixels = [UInt32](repeating: 0, count: w * h)
        let band = rows ?? 0..<h
        pixels.withUnsafeMutableBufferPointer { buffer in
            let target = PixelRows(
                pixels: buffer.baseAddress! + band.lowerBound * w, width: w, height: band.count, stride: w, left: 0,
                top: band.lowerBound)
            for tile in tiles { tile.draw(into: target, scale: 1) }
        }
        return pixels
    }

    static func view(zoom: Double, bearing: Double, tilt: Double, padding: EdgeInsets = .zero) throws -> Viewport {
        try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 20, longitude: 10), zoom: zoom, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 400, height: 300), padding: padding)
    }

    @Test("each pixel shows the tile's image where the camera puts its centre on the ground (within a level)")
    func exact() throws {
        // Red counts image columns, green image rows: bilinear sampling of a ramp is the ramp.
        let ramp = try Self.image(size: 256) { x, y in 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 }
        let view = try Self.view(zoom: 2.3, bearing: 30, tilt: 55)
        let id = TileID(z: 2, x: 2, y: 1)
        let tile = GroundTile(
            image: ramp, map: view.groundMap, tiles: 4, column: Double(id.x), row: Double(id.y), opacity: 1,
            nearest: false)
        let pixels = Self.draw([tile], in: view)
        var drawn = 0
        for y in 0..<300 {
            for x in 0..<400 {
                let p = pixels[y * 400 + x]
                let ground = try #require(view.worldPoint(for: ScreenPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)))
                let (s, t) = (ground.x * 4 - 2, ground.y * 4 - 1)
                let margin = 1e-6  // pixel centres this near an edge may fall either side
                if s > margin, s < 1 - margin, t > margin, t < 1 - margin {
                    drawn += 1
                    let (u, v) = (min(max(s * 256 - 0.5, 0), 255), min(max(t * 256 - 0.5, 0), 255))
                    #expect(p >> 24 == 255, "(\(x), \(y)) inside the tile is drawn")
                    #expect(abs(Double(p >> 16 & 0xFF) - u) <= 1.01, "(\(x), \(y)) red \(p >> 16 & 0xFF) for u \(u)")
                    #expect(abs(Double(p >> 8 & 0xFF) - v) <= 1.01, "(\(x), \(y)) green \(p >> 8 & 0xFF) for v \(v)")
                } else if s < -margin || s > 1 + margin || t < -margin || t > 1 + margin {
                    #expect(p == 0, "(\(x), \(y)) outside the tile is left alone")
                }
            }
        }
        #expect(drawn > 5000, "the tile covers a good part of the view (\(drawn) pixels)")
    }

    @Test("tiles that meet share no pixel and leave none out, and nothing is drawn above the horizon")
    func seams() throws {
        // Translucent tiles: a pixel drawn twice would be more opaque, one left out transparent.
        let half = try Self.image(size: 64) { _, _ in 0x8040_2010 }
        // A padded centre low in the view brings the horizon into it (at zoom 16's 65° tilt).
        let view = try Self.view(
            zoom: 16, bearing: 20, tilt: 65, padding: EdgeInsets(top: 290, left: 0, bottom: 0, right: 0))
        #expect(view.horizonY > 10 && view.horizonY < 290, "the horizon is in view (\(view.horizonY))")
        // Four zoom-16 tiles meeting north of the target (the one under it and its neighbours).
        let (c0, r0) = ((view.targetWorld.x * 65536).rounded(.down), (view.targetWorld.y * 65536).rounded(.down) - 1)
        let tiles: [GroundTile] = (0..<4).map { (i: Int) -> GroundTile in
            let (column, row) = (c0 + Double(i % 2), r0 + Double(i / 2))
            return GroundTile(
                image: half, map: view.groundMap, tiles: 65536, column: column, row: row, opacity: 1, nearest: i == 3)
        }
        let pixels = Self.draw(tiles, in: view)
        var inside = 0
        for y in 0..<300 {
            for x in 0..<400 {
                let a = pixels[y * 400 + x] >> 24
                guard let g = view.worldPoint(for: ScreenPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) else {
                    #expect(a == 0, "(\(x), \(y)) on or above the horizon is left alone")
                    continue
                }
                let (s, t) = (g.x * 65536 - c0, g.y * 65536 - r0)
                let margin = 1e-6  // pixel centres this near an edge may fall either side
                guard min(abs(s), abs(s - 1), abs(s - 2), abs(t), abs(t - 1), abs(t - 2)) > margin else { continue }
                let within = s > 0 && s < 2 && t > 0 && t < 2
                if within { inside += 1 }
                #expect(a == (within ? 0x80 : 0), "(\(x), \(y)) at \(s), \(t) is drawn once within the tiles")
            }
        }
        #expect(inside > 20000, "the tiles cover much of the view (\(inside) pixels)")
    }

    @Test("a band of rows draws the pixels the whole image has on those rows")
    func bands() throws {
        let ramp = try Self.image(size: 256) { x, y in 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 }
        let view = try Self.view(zoom: 2.3, bearing: 300, tilt: 50)
        let tile = GroundTile(
            image: ramp, map: view.groundMap, tiles: 4, column: 2, row: 1, opacity: 0.6, nearest: false)
        let whole = Self.draw([tile], in: view)
        let band = Self.draw([tile], in: view, rows: 117..<201)
        #expect(Array(band[117 * 400..<201 * 400]) == Array(whole[117 * 400..<201 * 400]))
        #expect(band[..<(117 * 400)].allSatisfy { $0 == 0 } && band[(201 * 400)...].allSatisfy { $0 == 0 })
        #expect(whole[117 * 400..<201 * 400].contains { $0 != 0 }, "the band crosses the tile")
    }

    @Test("in a Cairo group, on a band, the tile lands where it does without one")
    func group() throws {
        let ramp = try Self.image(size: 256) { x, y in 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 }
        let view = try Self.view(zoom: 2.3, bearing: 30, tilt: 55)
        let tile = GroundTile(image: ramp, map: view.groundMap, tiles: 4, column: 2, row: 1, opacity: 1, nearest: false)
        let faded = GroundTile(
            image: ramp, map: view.groundMap, tiles: 4, column: 2, row: 1, opacity: 0.5, nearest: false)
        func band(_ op: DrawOp) throws -> [UInt32] {
            var pixels = [UInt32](repeating: 0, count: 400 * 300)
            try pixels.withUnsafeMutableBytes { bytes in
                let rows = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + 100 * 1600
                let target = try #require(
                    CairoTarget(rows: rows, width: 400, height: 150, stride: 1600, top: 100, scale: 1))
                target.apply(op)
                target.finish()
            }
            return pixels
        }
        let grouped = try band(.group([.groundTile(tile)], opacity: 0.5))
        let direct = try band(.groundTile(faded))
        func channel(_ p: UInt32, _ k: Int) -> Int { Int(p >> UInt32(8 * k) & 0xFF) }
        let differences: [Int] = zip(grouped, direct).map { (a: UInt32, b: UInt32) -> Int in
            (0..<4).map { abs(channel(a, $0) - channel(b, $0)) }.max() ?? 0
        }
        #expect(differences.max() ?? 99 <= 1, "group and direct differ by \(differences.max() ?? -1) levels")
        #expect(direct.filter { $0 != 0 }.count > 5000)
    }
}

/// Raster tilesets of 512-pixel tiles are read at the zoom one less than 256-pixel ones (as MapLibre
/// takes a source's `tileSize`), so their pixels are drawn at the size 256-pixel tiles' are.
@Suite struct RasterTileSizeTests {
    @Test("a 512-pixel tileset's tiles come from the zoom below the camera's; a 256-pixel one's from the camera's")
    func zoomOfTiles() throws {
        for size in [256, 512] {
            let path = temporaryPath("size-\(size).mbtiles")
            let tiles =
                (0..<16).map { i in (z: 4, x: 8 + i % 4, y: 4 + i / 4, data: solidPNG((0.5, 0.5, 0.5), size: size)) }
                + (0..<64).map { i in (z: 5, x: 16 + i % 8, y: 8 + i / 8, data: solidPNG((0.5, 0.5, 0.5), size: size)) }
            try writeMBTiles(
                path, metadata: ["format": "png", "minzoom": "4", "maxzoom": "5", "tilesize": "\(size)"], tiles: tiles)
            let tileset = try MBTiles(path: path)
            #expect(tileset.info.tileSize == size)
            let view = try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: 40, longitude: 45), zoom: 5.4),
                size: ScreenSize(width: 300, height: 200))
            let drawn = try RasterPainter.tiles(
                of: TileSource(name: "img", tilesets: [tileset]), for: view, cache: nil)
            #expect(!drawn.isEmpty && drawn.allSatisfy { $0.id.z == (size == 512 ? 4 : 5) }, "\(drawn.map(\.id))")
        }
    }
}
