import MeridianCamera
import MeridianGeometry
import MeridianMap
import Testing

@MainActor
@Suite struct MarkerTapTests {
    @Test(
        "a tap on a flat rotated marker's drawn pin hits it under bearing and tilt; a tap where it would stand upright hits the map"
    )
    func flatRotatedTap() throws {
        let h = try Harness(camera(60.17, 24.94, 17, bearing: 50, tilt: 60))
        var marker = Marker(position: Coordinate(latitude: 60.17, longitude: 24.94))
        marker.flat = true
        marker.rotation = 120
        let id = try h.map.add(.marker(marker))
        let shape = try #require(MarkerShape(marker, in: h.map.projection))
        h.map.tap(at: shape.head)
        #expect(h.events.last == .tapOverlay(id))
        var upright = marker
        upright.flat = false
        let standing = try #require(MarkerShape(upright, in: h.map.projection))
        h.map.tap(at: standing.head)
        guard case .tapMap = h.events.last else {
            Issue.record("expected a map tap, got \(String(describing: h.events.last))")
            return
        }
    }
}
