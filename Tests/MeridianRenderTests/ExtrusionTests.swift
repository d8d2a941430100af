import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Walls of extruded buildings: an opaque prism keeps only the walls that face the eye.
@Suite struct ExtrusionTests {
    /// A square footprint of 400 tile units at the centre of tile 15/18654/9481 (Helsinki),
    /// wound as vector tiles wind outer rings; `reversed` winds it the other way.
    static func item(alpha: Double, reversed: Bool = false) -> Extrusion.Item {
        var ring = [
            VectorTile.Point(x: 1848, y: 1848), VectorTile.Point(x: 2248, y: 1848), VectorTile.Point(x: 2248, y: 2248),
            VectorTile.Point(x: 1848, y: 2248),
        ]
        if reversed { ring.reverse() }
        let feature = VectorTile.Feature(type: .polygon, geometry: [ring])
        return Extrusion.Item(
            tile: TileID(z: 15, x: 18654, y: 9481), extent: 4096, feature: feature, height: 30,
            color: RGBA(0.8, 0.7, 0.6, alpha))
    }

    @Test(
        "looking north under tilt, an opaque square keeps its south wall and drops its north wall, however it is wound; a translucent one keeps all four",
        arguments: [false, true])
    func facing(reversed: Bool) throws {
        let centre = WebMercator.unproject(MercatorPoint(x: (18654 + 0.5) / 32768, y: (9481 + 0.5) / 32768))
        // The camera's target 150 m south of the building, looking north (bearing 0) at 60°.
        let target = Geodesy.offset(centre, distance: 150, heading: 180)
        let viewport = try Viewport(
            camera: CameraPosition(target: target, zoom: 17, tilt: 60), size: ScreenSize(width: 800, height: 600))
        let extrusion = Extrusion(
            ground: GroundGeometry(viewport: viewport), light: ExtrusionLight(Style.Light(), bearing: 0))
        /// Each wall's base height on screen (the mean y of its first two corners).
        func wallBases(_ batch: PrismBatch) -> [Double] {
            batch.items.filter { $0.kind == .wall }.map { item in
                let start = batch.start(of: item)
                return (batch.points[start].y + batch.points[start + 1].y) / 2
            }
        }
        let opaque = extrusion.batch([Self.item(alpha: 1, reversed: reversed)])
        let translucent = extrusion.batch([Self.item(alpha: 0.5, reversed: reversed)])
        let all = wallBases(translucent)
        let kept = wallBases(opaque)
        #expect(all.count == 4)
        #expect((1...3).contains(kept.count), "\(kept.count) walls")
        #expect(
            opaque.items.last?.kind == .roof && opaque.items.filter { $0.kind == .roof }.count == 1,
            "one roof, drawn last")
        // The south wall's base is the lowest on screen (largest y); the north wall's the highest.
        let south = try #require(all.max())
        let north = try #require(all.min())
        // Tolerance 1e-9 pt: the same computation for the same wall.
        #expect(kept.contains { abs($0 - south) < 1e-9 }, "the wall facing the eye is drawn")
        #expect(!kept.contains { abs($0 - north) < 1e-9 }, "the wall facing away is not")
    }
}

/// The prism batch drawn by each rasteriser: Cairo (one item at a time) and Blend2D (the batch
/// in one operation) give the same tilted Helsinki view within antialiasing.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct PrismBatchTests {
    @Test(
        "a tilted z17 view of central Helsinki by Cairo and by Blend2D: under 1 % of pixels differ by more than 24 levels, the buildings' pixels included"
    )
    func rasterisersAgree() throws {
        let viewport = try Viewport(
            camera: CameraPosition(
                target: Coordinate(latitude: 60.1695, longitude: 24.9523), zoom: 17, bearing: 30, tilt: 60),
            size: ScreenSize(width: 400, height: 300))
        let tiles = try MBTiles(path: TestData.path("openmaptiles/helsinki.mbtiles"))
        var cairo = MapRenderer(attribution: "")
        var blend2d = MapRenderer(attribution: "")
        cairo.rasterizer = .cairo
        blend2d.rasterizer = .blend2d
        let a = try #require(decodePNG(try cairo.png(viewport, tiles: tiles)))
        let b = try #require(decodePNG(try blend2d.png(viewport, tiles: tiles)))
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(DefaultStyles.streets.utf8)) as? [String: Any])
        document["layers"] = (document["layers"] as? [[String: Any]])?.filter { $0["id"] as? String != "buildings" }
        let without = MapRenderer(
            style: try Style(json: try JSONSerialization.data(withJSONObject: document)), attribution: "")
        let bare = try #require(decodePNG(try without.png(viewport, tiles: tiles)))
        var differing = 0
        var buildingPixels = 0
        for i in a.pixels.indices {
            func far(_ p: UInt32, _ q: UInt32) -> Bool {
                stride(from: 0, through: 16, by: 8).contains {
                    abs(Int(p >> UInt32($0) & 0xFF) - Int(q >> UInt32($0) & 0xFF)) > 24
                }
            }
            if far(a.pixels[i], b.pixels[i]) { differing += 1 }
            if far(b.pixels[i], bare.pixels[i]) { buildingPixels += 1 }
        }
        #expect(Double(differing) < 0.01 * Double(a.pixels.count), "\(differing) pixels differ")
        #expect(Double(buildingPixels) > 0.2 * Double(a.pixels.count), "buildings cover \(buildingPixels) pixels")
    }
}
