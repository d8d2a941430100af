import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap
import MeridianTestSupport
import Testing

@MainActor
@Suite struct MapScenarioTests {
    @Test(
        "the issue's walk-through: options → zoomIn animation → pan interrupting an animation → off-centre pinch → min/max zoom → target bounds → fit"
    )
    func walkThrough() throws {
        // 1. The initial camera comes from the options.
        let start = camera(60.1699, 24.9384, 12)
        let h = try Harness(start)
        #expect(h.map.camera == start && h.events.isEmpty)

        // 2. animate(with: zoomIn) over 0.3 s: monotonic zoom, willMove once, didChange per frame, idle once.
        try h.map.animate(with: .zoomIn)
        let frames = h.settle()
        #expect(frames.count == 18)  // 0.3 s at 60 fps
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.zoom < $1.zoom })
        #expect(h.map.camera.zoom == 13 && h.map.camera.target == start.target)
        #expect(h.kinds == ["willMove"] + Array(repeating: "didChange", count: 18) + ["idle"])

        // 3. A second animation, interrupted by a pan: the pan stops it where it is.
        h.events.removeAll()
        h.map.animate(to: camera(60.2, 25.0, 13))
        h.frame()
        h.frame()
        h.frame()
        let interrupted = h.map.camera
        #expect(interrupted != camera(60.2, 25.0, 13))
        let grab = ScreenPoint(x: 400, y: 300)
        let ground = try #require(try h.map.projection.coordinate(for: grab))
        h.map.handle(.down(id: 1, at: grab, time: h.clock.now))
        h.map.handle(.move(id: 1, to: ScreenPoint(x: 420, y: 310), time: h.clock.now + 0.1))
        #expect(!h.map.isAnimating)
        h.map.handle(.move(id: 1, to: ScreenPoint(x: 500, y: 350), time: h.clock.now + 0.5))
        expectClose(
            try h.map.projection.point(for: ground), ScreenPoint(x: 500, y: 350), within: 1e-6,
            "ground under the finger")
        h.map.handle(.up(id: 1, at: ScreenPoint(x: 500, y: 350), time: h.clock.now + 1.5))  // slow release: no fling
        #expect(
            h.kinds.first == "willMove" && h.count("willMove(gesture)") == 1 && h.count("idle") == 1
                && h.kinds.last == "idle")
        #expect(h.kinds.firstIndex(of: "willMove(gesture)")! > h.kinds.firstIndex(of: "didChange")!)

        // 4. A pinch at an off-centre point keeps the ground under the pinch centre.
        let focus = ScreenPoint(x: 250, y: 600)
        let focusGround = try #require(try h.map.projection.coordinate(for: focus))
        let t0 = h.clock.now
        h.map.handle(.down(id: 1, at: ScreenPoint(x: 200, y: 600), time: t0))
        h.map.handle(.down(id: 2, at: ScreenPoint(x: 300, y: 600), time: t0))
        h.map.handle(.move(id: 1, to: ScreenPoint(x: 150, y: 600), time: t0 + 0.05))
        h.map.handle(.move(id: 2, to: ScreenPoint(x: 350, y: 600), time: t0 + 0.05))
        expectClose(h.map.camera.zoom, 14, within: 1e-9, "distance 100 → 200 zooms in by 1")
        expectClose(try h.map.projection.point(for: focusGround), focus, within: 1e-6, "pinch centre")
        h.map.handle(.up(id: 1, at: ScreenPoint(x: 150, y: 600), time: t0 + 0.1))
        h.map.handle(.up(id: 2, at: ScreenPoint(x: 350, y: 600), time: t0 + 0.1))

        // 5. setMinZoom(10, maxZoom: 15) with the zoom at 4: it becomes 10.
        try h.map.setMinZoom(2, maxZoom: 21)
        h.map.setCamera(camera(60.17, 24.94, 4))
        h.events.removeAll()
        try h.map.setMinZoom(10, maxZoom: 15)
        #expect(h.map.camera.zoom == 10 && h.kinds == ["willMove", "didChange", "idle"])

        // 6. Camera-target bounds pull the target inside, and hold it against code and gestures.
        let helsinki = CoordinateBounds(
            Coordinate(latitude: 60.10, longitude: 24.80), Coordinate(latitude: 60.30, longitude: 25.20))
        h.map.setCamera(camera(59.0, 24.94, 12))
        h.map.cameraTargetBounds = helsinki
        expectClose(h.map.camera.target, Coordinate(latitude: 60.10, longitude: 24.94), within: 1e-12, "pulled inside")
        h.drag(
            [ScreenPoint(x: 500, y: 100), ScreenPoint(x: 500, y: 400), ScreenPoint(x: 500, y: 700)],
            start: h.clock.now + 10)
        h.settle()
        #expect(helsinki.contains(h.map.camera.target))
        h.map.cameraTargetBounds = nil

        // 7. Fitting Vancouver and Calgary (within the 10–15 range: zoom 10 is the most zoomed out).
        try h.map.setMinZoom(2, maxZoom: 21)
        let bounds = CoordinateBounds(
            Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 51.05, longitude: -114.05))
        try h.map.moveCamera(.fit(bounds))
        let v = h.map.projection
        #expect(
            v.contains(Coordinate(latitude: 49.26, longitude: -123.11))
                && v.contains(Coordinate(latitude: 51.05, longitude: -114.05)))
        #expect(h.map.camera.bearing == 0 && h.map.camera.tilt == 0)
        #expect(try h.map.camera(for: bounds, insets: EdgeInsets(all: 64)) == h.map.camera)
    }
}
