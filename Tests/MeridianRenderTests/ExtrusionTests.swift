import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianTiles
import Testing

/// Walls of extruded buildings: an opaque prism keeps only the walls that face the eye.
@Suite struct ExtrusionTests {
    /// A square footprint of 400 tile units at the centre of tile 15/18654/9481 (Helsinki),
    /// wound as vector tiles wind outer rings; `reversed` winds it the other way.
    static func item(alpha: Double, reversed: Bool = false) -> Extrusion.Item {
        var ring = [VectorTile.Point(x: 1848, y: 1848), VectorTile.Point(x: 2248, y: 1848), VectorTile.Point(x: 2248, y: 2248), VectorTile.Point(x: 1848, y: 2248)]
        if reversed { ring.reverse() }
        let feature = VectorTile.Feature(type: .polygon, geometry: [ring])
        return Extrusion.Item(tile: TileID(z: 15, x: 18654, y: 9481), extent: 4096, feature: feature, height: 30, color: RGBA(0.8, 0.7, 0.6, alpha))
    }

    @Test("looking north under tilt, an opaque square keeps its south wall and drops its north wall, however it is wound; a translucent one keeps all four",
          arguments: [false, true])
    func facing(reversed: Bool) throws {
        let centre = WebMercator.unproject(MercatorPoint(x: (18654 + 0.5) / 32768, y: (9481 + 0.5) / 32768))
        // The camera's target 150 m south of the building, looking north (bearing 0) at 60°.
        let target = Geodesy.offset(centre, distance: 150, heading: 180)
        let viewport = try Viewport(camera: CameraPosition(target: target, zoom: 17, tilt: 60), size: ScreenSize(width: 800, height: 600))
        let extrusion = Extrusion(ground: GroundGeometry(viewport: viewport))
        let opaque = try #require(extrusion.prisms([Self.item(alpha: 1, reversed: reversed)]).first)
        let translucent = try #require(extrusion.prisms([Self.item(alpha: 0.5, reversed: reversed)]).first)
        #expect(translucent.walls.count == 4)
        #expect((1...3).contains(opaque.walls.count), "\(opaque.walls.count) walls")
        // The south wall's base is the lowest on screen (largest y); the north wall's the highest.
        func baseY(_ quad: [ScreenPoint]) -> Double { (quad[0].y + quad[1].y) / 2 }
        let all = translucent.walls.map { baseY($0.0) }, kept = opaque.walls.map { baseY($0.0) }
        let south = try #require(all.max()), north = try #require(all.min())
        // Tolerance 1e-9 pt: the same computation for the same wall.
        #expect(kept.contains { abs($0 - south) < 1e-9 }, "the wall facing the eye is drawn")
        #expect(!kept.contains { abs($0 - north) < 1e-9 }, "the wall facing away is not")
    }
}
