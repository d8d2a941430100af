import Foundation  // tests only: cos and sin
import MeridianCamera
import MeridianGeometry
import MeridianOverlays
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct MarkerShapeTests {
    let size = ScreenSize(width: 800, height: 600)
    let place = Coordinate(latitude: 60.1699, longitude: 24.9384)

    func view(bearing: Double = 0, tilt: Double = 0, zoom: Double = 16) throws -> Viewport {
        try Viewport(camera: try CameraPosition(target: place, zoom: zoom, bearing: bearing, tilt: tilt), size: size)
    }

    @Test("upright: the tip on the coordinate, the head above it; rotation turns it clockwise about the tip")
    func upright() throws {
        let v = try view(bearing: 30, tilt: 40)
        let tip = try #require(try v.point(for: place))
        var m = Marker(position: place)
        let shape = try #require(MarkerShape(m, in: v))
        expectClose(shape.outline.last!, tip, within: 1e-9, "tip")
        expectClose(
            shape.head, ScreenPoint(x: tip.x, y: tip.y - 36 + 11), within: 1e-9,
            "head above the tip (bearing and tilt do not turn it)")
        m.rotation = 90
        let turned = try #require(MarkerShape(m, in: v))
        expectClose(
            turned.head, ScreenPoint(x: tip.x + 25, y: tip.y), within: 1e-9, "head to the right: up turned clockwise")
        #expect(turned.contains(turned.head) && !turned.contains(shape.head))
    }

    @Test(
        "flat, seen from straight above at bearing 0, is the upright pin; at bearing 90 its north-pointing head points left"
    )
    func flatTurnsWithTheMap() throws {
        var m = Marker(position: place)
        let upright = try #require(MarkerShape(m, in: try view()))
        m.flat = true
        let flat = try #require(MarkerShape(m, in: try view()))
        for (a, b) in zip(upright.outline, flat.outline) { expectClose(a, b, within: 1e-6, "same pin") }
        let east = try view(bearing: 90)
        let turned = try #require(MarkerShape(m, in: east))
        let tip = try #require(try east.point(for: place))
        expectClose(turned.head, ScreenPoint(x: tip.x - 25, y: tip.y), within: 1e-6, "north is to the left")
    }

    @Test(
        "property: every point of a flat marker's outline lies on the ground at its icon offset, turned by rotation from north"
    )
    func flatLiesOnTheGround() async {
        await propertyCheck(
            count: 200, input: Gen.double(in: 12...20), Gen.double(in: 0..<360), Gen.double(in: 0...1),
            Gen.double(in: -360...360),
            Gen.double(in: 0...1), Gen.double(in: 0...1)
        ) { z, b, tf, rotation, ax, ay in
            let v = try view(bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z), zoom: z)
            var m = Marker(position: place)
            m.flat = true
            m.rotation = rotation
            m.anchor = ScreenPoint(x: ax, y: ay)
            guard let shape = MarkerShape(m, in: v) else { return }
            let origin = WebMercator.project(place)
            let upright = try #require(MarkerShape(Marker(position: place), in: try view(zoom: z)))
            let tip = try #require(try view(zoom: z).point(for: place))
            let t = rotation * .pi / 180
            for (drawn, reference) in zip(shape.outline, upright.outline) {
                // The reference pin's offset from its anchor, in icon points (anchor (0.5, 1) there).
                let qx = reference.x - tip.x + (0.5 - ax) * 22
                let qy = reference.y - tip.y + (1 - ay) * 36
                let expected = (x: qx * cos(t) - qy * sin(t), y: qx * sin(t) + qy * cos(t))
                let world = try #require(v.worldPoint(for: drawn))
                expectClose((world.x - origin.x) * v.worldSize, expected.x, within: 1e-5, "east offset")
                expectClose((world.y - origin.y) * v.worldSize, expected.y, within: 1e-5, "south offset")
            }
        }
    }

    @Test("a flat marker under tilt is foreshortened: its head lies nearer the tip on screen than upright")
    func foreshortened() throws {
        let v = try view(tilt: 60)
        var m = Marker(position: place)
        let upright = try #require(MarkerShape(m, in: v))
        m.flat = true
        let flat = try #require(MarkerShape(m, in: v))
        let tip = try #require(try v.point(for: place))
        let ratio = (tip.y - flat.head.y) / (tip.y - upright.head.y)
        #expect(ratio > 0.2 && ratio < 0.8, "ratio \(ratio)")
    }

    @Test("hit testing uses the drawn pin: inside the head and near the tip hits, the icon's empty corners do not")
    func hits() throws {
        let v = try view(bearing: 20, tilt: 50)
        var m = Marker(position: place)
        m.flat = true
        m.rotation = 45
        let overlay = Overlay.marker(m)
        let shape = try #require(MarkerShape(m, in: v))
        #expect(OverlayHitTest.hits(overlay, shape.head, v))
        let tip = shape.outline.last!
        let head = shape.head
        #expect(
            OverlayHitTest.hits(
                overlay, ScreenPoint(x: tip.x + (head.x - tip.x) * 0.2, y: tip.y + (head.y - tip.y) * 0.2), v))
        #expect(
            !OverlayHitTest.hits(
                overlay, ScreenPoint(x: tip.x - (head.x - tip.x) * 0.5, y: tip.y - (head.y - tip.y) * 0.5), v))
        #expect(!OverlayHitTest.hits(overlay, ScreenPoint(x: .nan, y: 0), v))
    }
}
