import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianMotion
import MeridianTestSupport
import Testing

/// Padding animated with the camera (MapLibre's `easeTo({padding})`).
@MainActor @Suite struct PaddingAnimationTests {
    static let start = try! CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 12)

    @Test(
        "each frame's padding is the eased fraction of the way; the target slides to the padded centre; the end is exact"
    )
    func slides() throws {
        let h = try Harness(Self.start)
        let goal = EdgeInsets(top: 0, left: 300, bottom: 0, right: 0)
        try h.map.withTransaction(AnimationOptions(duration: 1, curve: .linear)) {
            try h.map.animate(to: Self.start, padding: goal)
        }
        #expect(h.map.isAnimating, "the camera stays, the padding moves: it animates")
        for _ in 0..<30 { h.frame() }
        expectClose(h.map.padding.left, 150, within: 1e-9, "half-way, linear")
        // The target is drawn at the padded rectangle's centre: 512 + 150 / 2.
        let mid = try #require(try h.map.projection.point(for: Self.start.target))
        expectClose(mid.x, 512 + 75, within: 1e-6, "target half-way")
        h.settle()
        #expect(h.map.padding == goal && h.map.camera == Self.start)
        let end = try #require(try h.map.projection.point(for: Self.start.target))
        expectClose(end.x, 512 + 150, within: 1e-6, "target at the padded centre")
        #expect(h.count("idle") == 1)
    }

    @Test(
        "camera and padding together; replaced half-way, the padding stays where it got to; bad padding starts nothing")
    func togetherAndReplaced() throws {
        let h = try Harness(Self.start)
        let zoomed = try CameraPosition(target: Self.start.target, zoom: 14)
        try h.map.withTransaction(AnimationOptions(duration: 1, curve: .linear)) {
            try h.map.animate(to: zoomed, padding: EdgeInsets(all: 100))
        }
        for _ in 0..<15 { h.frame() }
        expectClose(h.map.camera.zoom, 12.5, within: 1e-9, "a quarter of the way")
        expectClose(h.map.padding.top, 25, within: 1e-9, "a quarter of the padding")
        h.map.animate(to: Self.start)
        h.settle()
        expectClose(h.map.padding.top, 25, within: 1e-9, "kept where it was")
        #expect(throws: InvalidArgument.self) { try h.map.animate(to: zoomed, padding: EdgeInsets(top: .nan)) }
        #expect(!h.map.isAnimating && h.map.camera == Self.start)
        // No duration: both snap.
        try h.map.withTransaction(AnimationOptions(duration: 0)) { try h.map.animate(to: zoomed, padding: .zero) }
        #expect(h.map.padding == .zero && h.map.camera == zoomed)
    }
}
