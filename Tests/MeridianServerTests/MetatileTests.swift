import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
@testable import MeridianServer
import MeridianTestSupport
import MeridianTiles
import Testing

/// Raster tiles cut from metatiles, where four metatiles meet at z17 over the Senate Square:
/// the tiles side by side show every label of the static map of that view exactly as it does
/// (labels across metatile edges included: both neighbours place them, each draws its part),
/// and away from the view's edges they are the static map, pixel for pixel.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct MetatileTests {
    /// The metatile corner nearest `place` (default the Senate Square) at `z`, in tiles.
    static func corner(
        z: Int, near place: Coordinate = Coordinate(latitude: 60.1694, longitude: 24.9522)
    ) -> (x: Int, y: Int) {
        let centre = WebMercator.project(place)
        let n = Double(1 << z)
        let side = Double(MapService.metatile)
        return (
            Int((centre.x * n / side).rounded()) * MapService.metatile,
            Int((centre.y * n / side).rounded()) * MapService.metatile
        )
    }

    /// The static map centred on a tile corner: its PNG's pixels and the labels it drew.
    static func staticMap(
        _ service: MapService, z: Int, corner: (x: Int, y: Int), width: Int, height: Int,
        credit: Bool
    ) throws -> (pixels: [UInt32], labels: [PlacedLabel]) {
        let n = Double(1 << z)
        let target = WebMercator.unproject(MercatorPoint(x: Double(corner.x) / n, y: Double(corner.y) / n))
        let viewport = try Viewport(
            camera: try CameraPosition(target: target, zoom: Double(z)),
            size: ScreenSize(width: Double(width), height: Double(height)))
        let frame = try service.drawing(.normal, credit: credit, deadline: .never) { renderer, sources, cache in
            try renderer.render(viewport, sources: sources, scale: 1, cache: cache)
        }
        return (try #require(decodePNG(frame.png)).pixels, frame.labels)
    }

    /// Pixels of a label's box (within the image) where two images differ by more than 2 in a channel.
    static func differing(
        _ a: [UInt32], _ b: [UInt32], width: Int, height: Int,
        in box: LabelBox? = nil
    ) -> Int {
        let (x0, y0) = (max(0, Int(box?.left ?? 0)), max(0, Int(box?.top ?? 0)))
        let (x1, y1) = (
            min(width, Int((box?.right ?? Double(width)).rounded(.up))),
            min(height, Int((box?.bottom ?? Double(height)).rounded(.up)))
        )
        var count = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let (p, q) = (a[y * width + x], b[y * width + x])
                if [16, 8, 0].contains(where: { abs(Int(p >> $0 & 0xFF) - Int(q >> $0 & 0xFF)) > 2 }) { count += 1 }
            }
        }
        return count
    }

    @Test(
        "where four metatiles meet at z17, the tiles show every label of the static map exactly, and are the static map away from its edges"
    )
    func labelsAcrossEdges() throws {
        let z = 17
        let place = Coordinate(latitude: 60.1694, longitude: 24.9522)
        let service = try MapService(dataFolder: DataFolder(path: TestData.directory))
        let corner = Self.corner(z: z, near: place)
        #expect(MapService.metatile(of: TileID(z: z, x: corner.x, y: corner.y)) == (corner.x, corner.y, 4))
        // The 8 × 8 tiles of the four metatiles around the corner, side by side: 2048 px square.
        var tiles = [UInt32](repeating: 0, count: 2048 * 2048)
        for j in 0..<8 {
            for i in 0..<8 {
                let png = try service.rasterTile(
                    TileID(z: z, x: corner.x - 4 + i, y: corner.y - 4 + j), scale: 1, mapType: .normal)
                let tile = try #require(decodePNG(png)?.pixels)
                for y in 0..<256 { for x in 0..<256 { tiles[(j * 256 + y) * 2048 + i * 256 + x] = tile[y * 256 + x] } }
            }
        }
        // The static map of 1024 × 768 points centred on the corner: the tiles' pixels from (512, 640).
        let (w, h) = (1024, 768)
        let map = try Self.staticMap(service, z: z, corner: corner, width: w, height: h, credit: false)
        var view = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { view[y * w + x] = tiles[(640 + y) * 2048 + 512 + x] } }
        #expect(map.labels.count >= 15, "\(map.labels.count) labels")
        // Labels across the metatiles' edges (x = 512 and y = 384 in the view) are among them.
        let crossing = map.labels.filter {
            ($0.box.left < 512 && $0.box.right > 512) || ($0.box.top < 384 && $0.box.bottom > 384)
        }
        #expect(!crossing.isEmpty, "no label of this view crosses a metatile edge")
        for label in map.labels {
            let bad = Self.differing(map.pixels, view, width: w, height: h, in: label.box)
            #expect(bad == 0, "'\(label.text)' at \(label.box): \(bad) pixels differ in the tiles")
        }
        // Away from the view's edges (where the tiles also draw labels the static map leaves out,
        // being cut there) nothing differs.
        let inner = Self.differing(
            map.pixels, view, width: w, height: h,
            in: LabelBox(left: 200, top: 160, right: Double(w) - 200, bottom: Double(h) - 160))
        #expect(inner == 0, "\(inner) pixels differ away from the edges")
    }

    /// The tiles of zoom `z` side by side under a view of `width` × `height` pixels centred on
    /// world pixel (`px`, `py`), cut to the view.
    static func mosaic(_ service: MapService, z: Int, px: Int, py: Int, width: Int, height: Int) throws -> [UInt32] {
        let (left, top) = (px - width / 2, py - height / 2)
        var out = [UInt32](repeating: 0, count: width * height)
        for ty in (top >> 8)...((top + height - 1) >> 8) {
            for tx in (left >> 8)...((left + width - 1) >> 8) {
                let n = 1 << z  // (columns wrap around the world)
                let tile = try #require(
                    decodePNG(
                        try service.rasterTile(TileID(z: z, x: ((tx % n) + n) % n, y: ty), scale: 1, mapType: .normal))?
                        .pixels)
                for y in 0..<256 {
                    let vy = ty * 256 + y - top
                    guard vy >= 0, vy < height else { continue }
                    for x in 0..<256 {
                        let vx = tx * 256 + x - left
                        if vx >= 0, vx < width { out[vy * width + vx] = tile[y * 256 + x] }
                    }
                }
            }
        }
        return out
    }

    /// The static map (no credit line) of `width` × `height` points at zoom `z` centred on
    /// world pixel (`px`, `py`), so its pixels are the tiles' pixels.
    static func centred(
        _ service: MapService, z: Int, px: Int, py: Int, width: Int, height: Int
    ) throws -> MapRenderer.Frame {
        let world = 256.0 * Double(1 << z)
        let target = WebMercator.unproject(MercatorPoint(x: Double(px) / world, y: Double(py) / world))
        let viewport = try Viewport(
            camera: try CameraPosition(target: target, zoom: Double(z)),
            size: ScreenSize(width: Double(width), height: Double(height)))
        return try service.drawing(.normal, credit: false, deadline: .never) { renderer, sources, cache in
            try renderer.render(viewport, sources: sources, scale: 1, cache: cache)
        }
    }

    @Test(
        "the same ground, the same pixels: static maps centred anywhere over Bulevardi at z15 are the raster tiles there, away from their edges (a tunnel road crosses under it)",
        arguments: [(60.1640, 24.9340), (60.1652, 24.9391), (60.1628, 24.9318), (60.1660, 24.9420)])
    func sameGroundSamePixels(lat: Double, lng: Double) throws {
        let service = try MapService(dataFolder: DataFolder(path: TestData.directory))
        let z = 15
        let world = 256.0 * Double(1 << z)
        let (w, h) = (1024, 768)
        // The centre on a whole world pixel, so the view's pixels are the tiles' pixels.
        let p = WebMercator.project(Coordinate(latitude: lat, longitude: lng))
        let (px, py) = (Int((p.x * world).rounded()), Int((p.y * world).rounded()))
        let map = try #require(decodePNG(try Self.centred(service, z: z, px: px, py: py, width: w, height: h).png))
            .pixels
        let tiles = try Self.mosaic(service, z: z, px: px, py: py, width: w, height: h)
        let inner = Self.differing(
            map, tiles, width: w, height: h,
            in: LabelBox(left: 200, top: 160, right: Double(w) - 200, bottom: Double(h) - 160))
        #expect(inner == 0, "\(inner) pixels differ away from the edges, centre \(lat),\(lng)")
    }

    @Test(
        "labels chosen the same in every view: in the 4 × 3 tiles from 18652/9483 at z15 the static map centred on their middle, away from its edges: every label the same pixels, and nothing else differs"
    )
    func sameLabelsInTilesAndStaticMap() throws {
        let service = try MapService(dataFolder: DataFolder(path: TestData.directory))
        let z = 15
        let (w, h) = (1024, 768)
        let (px, py) = (18652 * 256 + 512, 9483 * 256 + 384)
        let frame = try Self.centred(service, z: z, px: px, py: py, width: w, height: h)
        let map = try #require(decodePNG(frame.png)).pixels
        let tiles = try Self.mosaic(service, z: z, px: px, py: py, width: w, height: h)
        // Every label of the static map 40 points or more from its edges (a label the view cuts
        // there is left out of it) is the same pixels in the tiles: the choice of labels does not
        // depend on the view (issue 36 saw 241 pixels of 'Helsinki' differ; none do here).
        let inside = frame.labels.filter {
            $0.box.left >= 40 && $0.box.top >= 40 && $0.box.right <= Double(w) - 40 && $0.box.bottom <= Double(h) - 40
        }
        #expect(inside.count >= 10, "\(inside.count) labels inside")
        for label in inside {
            let bad = Self.differing(map, tiles, width: w, height: h, in: label.box)
            #expect(bad == 0, "'\(label.text)' at \(label.box): \(bad) pixels differ in the tiles")
        }
        // Nor anything else, 40 points in from every edge (5 pixels of a building's edge differed,
        // 7 pixels above a z14 tile's edge: the lower tile's clip of the building, in its buffer,
        // was outlined; ``TileEdgeCut`` leaves such edges out).
        let inner = Self.differing(
            map, tiles, width: w, height: h,
            in: LabelBox(left: 40, top: 40, right: Double(w) - 40, bottom: Double(h) - 40))
        #expect(inner == 0, "\(inner) pixels differ away from the edges")
    }

    @Test(
        "across the antimeridian at z2: the tiles either side of 180° are the static map centred on it, labels included (Fiji and New Zealand were cut at the seam)"
    )
    func antimeridian() throws {
        let service = try MapService(dataFolder: DataFolder(path: TestData.directory))
        let z = 2
        let (w, h) = (512, 256)
        let (px, py) = (1024, 640)  // 180°, the middle of row 2 (about 41° S to 0°)
        let world = 256.0 * Double(1 << z)
        let target = WebMercator.unproject(MercatorPoint(x: Double(px) / world, y: Double(py) / world))
        let viewport = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: target.latitude, longitude: 180), zoom: Double(z)),
            size: ScreenSize(width: Double(w), height: Double(h)))
        let frame = try service.drawing(.normal, credit: false, deadline: .never) { renderer, sources, cache in
            try renderer.render(viewport, sources: sources, scale: 1, cache: cache)
        }
        let map = try #require(decodePNG(frame.png)).pixels
        let tiles = try Self.mosaic(service, z: z, px: px, py: py, width: w, height: h)
        let names = frame.labels.filter { ["Fiji", "New Zealand"].contains($0.text) }
        #expect(
            names.count == 2
                && names.allSatisfy {
                    $0.box.left < 256 && $0.box.right > 256 || $0.box.right > 200 && $0.box.left < 312
                }, "\(names)")
        for label in frame.labels where label.box.left > 0 && label.box.right < Double(w) {
            let bad = Self.differing(map, tiles, width: w, height: h, in: label.box)
            #expect(bad == 0, "'\(label.text)' at \(label.box): \(bad) pixels differ in the tiles")
        }
        let inner = Self.differing(
            map, tiles, width: w, height: h,
            in: LabelBox(left: 64, top: 32, right: Double(w) - 64, bottom: Double(h) - 32))
        #expect(inner == 0, "\(inner) pixels differ away from the edges")
    }
}
