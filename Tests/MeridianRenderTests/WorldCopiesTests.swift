import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import Testing

/// ``WorldCopies``: the copies of a tile a view shows.
@Suite struct WorldCopiesTests {
    static func view(lat: Double = 0, lng: Double, zoom: Double, width: Double, tilt: Double = 0) throws -> Viewport {
        try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, tilt: tilt),
            size: ScreenSize(width: width, height: 256))
    }

    @Test(
        "a view within the world shows each tile once, in the copy nearest its target; one across 180° shows the tile beyond it in the next copy"
    )
    func oneCopy() throws {
        let helsinki = try Self.view(lat: 60, lng: 25, zoom: 10, width: 1024)
        #expect(WorldCopies.copies(of: TileID(z: 10, x: 583, y: 296), in: helsinki) == [0])
        // Centred on 179.9° at zoom 5: tile 0 (just east of 180°) is in copy +1, tile 31 in copy 0.
        let seam = try Self.view(lng: 179.9, zoom: 5, width: 512)
        #expect(WorldCopies.copies(of: TileID(z: 5, x: 0, y: 15), in: seam) == [1])
        #expect(WorldCopies.copies(of: TileID(z: 5, x: 31, y: 15), in: seam) == [0])
    }

    @Test("a view wider than the world shows a tile in every copy it reaches; tilted, only the nearest")
    func severalCopies() throws {
        // The z2 world (1,024 points) seen 2,048 points wide: every tile in two or three copies.
        let wide = try Self.view(lng: 0, zoom: 2, width: 2048)
        #expect(WorldCopies.copies(of: TileID(z: 2, x: 0, y: 1), in: wide) == [0, 1])
        #expect(WorldCopies.copies(of: TileID(z: 2, x: 3, y: 1), in: wide) == [-1, 0])
        let z0 = try Self.view(lng: 0, zoom: 0, width: 1000)
        #expect(WorldCopies.copies(of: TileID(z: 0, x: 0, y: 0), in: z0) == [-2, -1, 0, 1, 2])
        let tilted = try Self.view(lng: 179.9, zoom: 5, width: 2048, tilt: 20)
        #expect(WorldCopies.copies(of: TileID(z: 5, x: 0, y: 15), in: tilted) == [1])
        // Moved ids read as their own tile, and say their copy.
        let moved = WorldCopies.moved(TileID(z: 2, x: 3, y: 1), by: -1)
        #expect(
            moved == TileID(z: 2, x: -1, y: 1) && WorldCopies.wrapped(moved) == TileID(z: 2, x: 3, y: 1)
                && WorldCopies.copy(of: moved) == -1)
        #expect(WorldCopies.copy(of: WorldCopies.moved(TileID(z: 2, x: 0, y: 1), by: 2)) == 2)
    }
}
