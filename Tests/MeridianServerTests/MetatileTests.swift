import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianServer
import MeridianTestSupport
import MeridianTiles
import Testing

/// Raster tiles cut from metatiles: the sixteen tiles of a metatile put side by side are
/// Meridian's drawing of that whole area (the static map of it, credit line aside), so every
/// label that crosses a tile edge inside it is whole and the same in both neighbours.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct MetatileTests {
    @Test("the tiles of a metatile at z17 over the Senate Square, side by side, are the static map of its area, pixel for pixel")
    func metatile() throws {
        let service = try MapService(dataFolder: DataFolder(path: TestData.directory))
        let centre = WebMercator.project(Coordinate(latitude: 60.1694, longitude: 24.9522))
        let z = 17, n = Double(1 << z)
        let meta = MapService.metatile(of: TileID(z: z, x: Int(centre.x * n), y: Int(centre.y * n)))
        #expect(meta.side == 4 && meta.x % 4 == 0 && meta.y % 4 == 0)
        var tiles: [[UInt32]] = []
        for j in 0..<4 {
            for i in 0..<4 {
                let png = try service.rasterTile(TileID(z: z, x: meta.x + i, y: meta.y + j), scale: 1, mapType: .normal)
                tiles.append(try #require(decodePNG(png)?.pixels))
            }
        }
        // The static map of the metatile's area: centred on its middle corner, 1024 points square.
        let middle = WebMercator.unproject(MercatorPoint(x: (Double(meta.x) + 2) / n, y: (Double(meta.y) + 2) / n))
        let viewport = try Viewport(camera: try CameraPosition(target: middle, zoom: Double(z)), size: ScreenSize(width: 1024, height: 1024))
        let whole = try #require(decodePNG(try service.draw(mapType: .normal, viewport: viewport, overlays: [], scale: 1, credit: false)))
        var differing = 0
        for y in 0..<1024 {
            for x in 0..<1024 where tiles[(y / 256) * 4 + x / 256][(y % 256) * 256 + x % 256] != whole.pixels[y * 1024 + x] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
        // And it has labels across tile edges: dark text pixels on both sides of an inner edge.
        let text = { (p: UInt32) -> Bool in (p >> 16 & 0xFF) < 0x90 && (p >> 8 & 0xFF) < 0x90 && (p & 0xFF) < 0x90 }
        var crossing = 0
        for y in 0..<1024 { for edge in [256, 512, 768] where text(whole.pixels[y * 1024 + edge - 1]) && text(whole.pixels[y * 1024 + edge]) { crossing += 1 } }
        #expect(crossing > 0, "no label crosses an inner tile edge in this view")
    }
}
