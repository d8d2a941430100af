import MeridianGeometry
import MeridianGestures
import MeridianTestSupport
import Testing

func pt(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

/// Feeds events and collects every output.
func feed(_ events: [InputEvent], settings: GestureSettings = GestureSettings()) -> [GestureOutput] {
    var arbiter = GestureArbiter(settings: settings)
    return events.flatMap { arbiter.handle($0) }
}

func deltas(_ outputs: [GestureOutput]) -> [CameraDelta] {
    outputs.flatMap { output -> [CameraDelta] in
        if case let .changed(d) = output { return d }
        return []
    }
}

@Suite struct GestureArbiterTests {
    @Test("one-finger drag: began, pans that chain from the touch point to the finger, a fling velocity")
    func drag() throws {
        let out = feed([
            .down(id: 1, at: pt(100, 100), time: 0), .move(id: 1, to: pt(103, 100), time: 0.01),
            .move(id: 1, to: pt(120, 110), time: 0.02), .move(id: 1, to: pt(140, 120), time: 0.03),
            .up(id: 1, at: pt(140, 120), time: 0.04),
        ])
        #expect(out.first == .began(.pan))
        #expect(
            deltas(out) == [.pan(from: pt(100, 100), to: pt(120, 110)), .pan(from: pt(120, 110), to: pt(140, 120))])
        guard case let .ended(fling?) = out.last else {
            Issue.record("no fling in \(out)")
            return
        }
        // 40 pt right, 20 pt down over 0.04 s: 1000, 500 pt/s.
        expectClose(fling.dx, 1000, within: 1e-6, "vx")
        expectClose(fling.dy, 500, within: 1e-6, "vy")
    }

    @Test("taps: a tap, a double tap zooms in by 1 at the tap, a two-finger tap zooms out by 1")
    func taps() {
        #expect(
            feed([.down(id: 1, at: pt(10, 10), time: 0), .up(id: 1, at: pt(10, 10), time: 0.1)]) == [.tap(pt(10, 10))])
        let double = feed([
            .down(id: 1, at: pt(10, 10), time: 0), .up(id: 1, at: pt(10, 10), time: 0.1),
            .down(id: 1, at: pt(12, 11), time: 0.2), .up(id: 1, at: pt(12, 11), time: 0.25),
        ])
        #expect(double.last == .animatedZoom(by: 1, around: pt(12, 11), kind: .doubleTap))
        let two = feed([
            .down(id: 1, at: pt(100, 100), time: 0), .down(id: 2, at: pt(200, 100), time: 0.01),
            .up(id: 1, at: pt(100, 100), time: 0.1), .up(id: 2, at: pt(200, 100), time: 0.11),
        ])
        #expect(two == [.animatedZoom(by: -1, around: pt(150, 100), kind: .twoFingerTap)])
    }

    @Test("double-tap-and-drag zooms continuously about the second touch: down zooms in")
    func doubleTapDrag() {
        let out = feed([
            .down(id: 1, at: pt(50, 50), time: 0), .up(id: 1, at: pt(50, 50), time: 0.05),
            .down(id: 1, at: pt(50, 50), time: 0.15), .move(id: 1, to: pt(50, 80), time: 0.2),
            .move(id: 1, to: pt(50, 110), time: 0.25), .up(id: 1, at: pt(50, 110), time: 0.3),
        ])
        #expect(out.contains(.began(.doubleTapDrag)))
        let total = deltas(out).reduce(0.0) {
            if case let .zoom(by, around) = $1 {
                #expect(around == pt(50, 50))
                return $0 + by
            } else {
                return $0
            }
        }
        expectClose(total, 60 * GestureArbiter.doubleTapDragZoomPerPoint, within: 1e-12, "zoom")
    }

    @Test("pinch: spreading the fingers zooms by log2 of the distance ratio about the centroid; twisting rotates")
    func pinchAndRotate() throws {
        let out = feed([
            .down(id: 1, at: pt(100, 300), time: 0), .down(id: 2, at: pt(300, 300), time: 0),
            .move(id: 1, to: pt(0, 300), time: 0.05), .move(id: 2, to: pt(400, 300), time: 0.05),
        ])
        #expect(out.contains(.began(.pinch)))
        let zooms = deltas(out).compactMap { if case let .zoom(by, _) = $0 { by } else { nil } }
        expectClose(zooms.reduce(0, +), 1, within: 1e-12, "distance 200 → 400 is one zoom level")
        // Turning the pair 90° clockwise on screen (y down) turns the bearing by −90°.
        let turn = feed([
            .down(id: 1, at: pt(100, 300), time: 0), .down(id: 2, at: pt(300, 300), time: 0),
            .move(id: 1, to: pt(200, 200), time: 0.05), .move(id: 2, to: pt(200, 400), time: 0.05),
        ])
        let rotation = deltas(turn).compactMap { if case let .rotate(by, _) = $0 { by } else { nil } }.reduce(0, +)
        expectClose(rotation, -90, within: 1e-9, "rotation")
    }

    @Test("two fingers moving up together tilt towards the horizon")
    func tilt() {
        let out = feed([
            .down(id: 1, at: pt(100, 300), time: 0), .down(id: 2, at: pt(200, 300), time: 0),
            .move(id: 1, to: pt(100, 280), time: 0.05), .move(id: 2, to: pt(100 + 100, 280), time: 0.05),
            .move(id: 1, to: pt(100, 260), time: 0.1), .move(id: 2, to: pt(200, 260), time: 0.1),
        ])
        #expect(out.contains(.began(.tilt)))
        let tilt = deltas(out).compactMap { if case let .tilt(by) = $0 { by } else { nil } }.reduce(0, +)
        #expect(tilt > 0)
        #expect(!deltas(out).contains { if case .zoom = $0 { true } else { false } })
    }

    @Test("switches: a disabled family gives no deltas of its kind; wheel zooms about the pointer")
    func switches() {
        let pinch: [InputEvent] = [
            .down(id: 1, at: pt(100, 300), time: 0), .down(id: 2, at: pt(300, 300), time: 0),
            .move(id: 1, to: pt(0, 310), time: 0.05), .move(id: 2, to: pt(400, 290), time: 0.05),
        ]
        let noZoom = deltas(feed(pinch, settings: GestureSettings(zoom: false)))
        #expect(!noZoom.isEmpty && !noZoom.contains { if case .zoom = $0 { true } else { false } })
        #expect(deltas(feed(pinch, settings: .all(false))).isEmpty)
        let wheel = feed([.wheel(at: pt(5, 6), delta: -100, time: 0)])
        #expect(deltas(wheel) == [.zoom(by: 100 * GestureArbiter.wheelZoomPerPoint, around: pt(5, 6))])
        #expect(feed([.wheel(at: pt(5, 6), delta: .nan, time: 0), .down(id: 1, at: pt(.nan, 0), time: 0)]).isEmpty)
    }

    @Test("keys: arrows scroll the camera, plus and minus zoom about the centre, within the switches")
    func keys() {
        #expect(
            feed([.key(.right, time: 0)]) == [.animatedScroll(ScreenVector(dx: GestureArbiter.keyScrollPoints, dy: 0))])
        #expect(feed([.key(.zoomOut, time: 0)]) == [.animatedZoomAtCenter(by: -1)])
        #expect(feed([.key(.up, time: 0), .key(.zoomIn, time: 0)], settings: .all(false)).isEmpty)
    }
}
