import CCairo
import Foundation
import MeridianCamera
@testable import MeridianRender
import MeridianTestSupport
import MeridianTiles
import Testing

/// Contour lines from elevation tiles (issue 34): exact on shapes whose contours are known, joined
/// across a seam, and on the real model with the plugin's `ele` and `level`.
@Suite struct ContourTests {
    @Test(
        "a plane rising 10 m a pixel eastwards from 0 m: straight lines at x = L / 10 + 0.5, every point on them (none at its lowest height)"
    )
    func plane() {
        let tile = DEMTile(id: TileID(z: 10, x: 0, y: 0), size: 64) { x, _ in Float(x) * 10 }
        let lines = ContourLines.lines(tile, interval: 100)
        #expect(lines.map(\.elevation).sorted() == [100, 200, 300, 400, 500, 600])
        for line in lines {
            let x = line.elevation / 10 + 0.5
            #expect(line.points.allSatisfy { abs($0.x - x) < 1e-9 }, "\(line.elevation)")
            // One line from the top border row to the bottom one.
            #expect(line.points.count == 66 && abs(line.points[0].y - line.points[65].y) == 65)
        }
    }

    @Test("a cone: each contour is one closed ring at its radius, within 0.05 pixel")
    func cone() {
        let tile = DEMTile(id: TileID(z: 10, x: 0, y: 0), size: 128) { x, y in
            let (dx, dy) = (Float(x) + 0.5 - 64, Float(y) + 0.5 - 64)
            return 1000 - 20 * (dx * dx + dy * dy).squareRoot()
        }
        let lines = ContourLines.lines(tile, interval: 200).filter { $0.elevation > 0 }
        #expect(lines.map(\.elevation).sorted() == [200, 400, 600, 800])
        for line in lines {
            let radius = (1000 - line.elevation) / 20
            #expect(line.points.first == line.points.last, "ring \(line.elevation) is closed")
            var worst = 0.0
            for p in line.points {
                let d: SIMD2<Double> = p - SIMD2(64, 64)
                worst = max(worst, abs((d * d).sum().squareRoot() - radius))
            }
            #expect(worst < 0.05, "\(line.elevation): \(worst)")
        }
    }

    @Test(
        "two tiles side by side: a line leaving one enters the other at the same point (the border is the neighbour's)")
    func seam() {
        func tile(_ x: Int) -> DEMTile {
            DEMTile(id: TileID(z: 10, x: x, y: 5), size: 32) { px, py in Float(px + 32 * x) * 3 + Float(py) * 7 }
        }
        var (left, right) = (tile(0), tile(1))
        left.backfill([right.id: right])
        right.backfill([left.id: left])
        let a = ContourLines.lines(left, interval: 50).filter { $0.elevation == 150 }
        let b = ContourLines.lines(right, interval: 50).filter { $0.elevation == 150 }
        let ends = a.flatMap { [$0.points.first!, $0.points.last!] }.filter { $0.x > 32 }
        let starts = b.flatMap { [$0.points.first!, $0.points.last!] }.map { SIMD2($0.x + 32, $0.y) }.filter {
            $0.x < 32
        }
        // The lines overlap by a cell: the part of one beyond its edge lies on the other.
        #expect(!ends.isEmpty && !starts.isEmpty)
        for p in ends {
            let onOther = b.contains { line in
                zip(line.points, line.points.dropFirst()).contains { s, t in
                    let (s, t) = (SIMD2(s.x + 32, s.y), SIMD2(t.x + 32, t.y))
                    let cross = (t.x - s.x) * (p.y - s.y) - (t.y - s.y) * (p.x - s.x)
                    return abs(cross) < 1e-6 && min(s.x, t.x) - 1e-9 <= p.x && p.x <= max(s.x, t.x) + 1e-9
                }
            }
            #expect(onOther, "\(p)")
        }
    }

    @Test(
        "the Jacksboro model's contours: layer `contours`, `ele` on the zoom's interval, `level` 1 on the major one",
        .enabled(if: TestData.available("elevation/jacksboro.mbtiles"), "no default data: run scripts/build-data.sh"))
    func realModel() throws {
        let dem = try DataFolder.open(TestData.directory + "/elevation/jacksboro.mbtiles")
        let contours = ContourTileset(name: "elevation/jacksboro", elevation: [dem])
        let tile = try #require(try contours.vectorTile(TileID(z: 11, x: 544, y: 800)))
        let layer = try #require(tile.layers.first)
        #expect(layer.name == "contours" && layer.features.count > 50, "\(layer.features.count)")
        let (minor, major) = ContourTileset.intervals(zoom: 11)
        for f in layer.features {
            let ele = try #require(f.properties["ele"]?.number)
            let level = try #require(f.properties["level"]?.number)
            #expect(ele.truncatingRemainder(dividingBy: minor) == 0 && (236...1076).contains(ele))
            #expect((level == 1) == (ele.truncatingRemainder(dividingBy: major) == 0))
        }
        #expect(try contours.vectorTile(TileID(z: 11, x: 0, y: 0)) == nil)
    }
}

/// Elevation tiles a hostile file may hold (issue 34): not square, or larger than any DEM, draw
/// no relief instead of costing their square in heights.
@Suite struct HostileDEMTileTests {
    @Test("a 2048-pixel or a non-square elevation tile is refused; 256 and 512 are read")
    func sides() throws {
        func image(_ w: Int, _ h: Int) throws -> RasterImage {
            let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)))
            return RasterImage(surface: surface)
        }
        let id = TileID(z: 3, x: 1, y: 1)
        #expect(DEMTile(try image(256, 256), id: id, encoding: .terrarium)?.size == 256)
        #expect(DEMTile(try image(512, 512), id: id, encoding: .mapbox)?.size == 512)
        #expect(DEMTile(try image(2048, 2048), id: id, encoding: .terrarium) == nil)
        #expect(DEMTile(try image(256, 128), id: id, encoding: .terrarium) == nil)
    }
}
