import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap
import MeridianMotion
import MeridianTestSupport
import PropertyBased
import Testing

@MainActor
@Suite struct MapEventTests {
    @Test("a map without a camera starts at (0, 0), the minimum zoom, bearing 0, tilt 0")
    func defaultCamera() throws {
        let h = try Harness()
        #expect(h.map.camera == camera(0, 0, 2))
        #expect(throws: InvalidArgument.self) {
            try MapView(options: MapOptions(frame: ScreenSize(width: 0, height: 10)))
        }
    }

    @Test("a snap fires willMove, didChange, idle once each; a setting that changes nothing fires nothing")
    func snaps() throws {
        let h = try Harness(camera(60, 25, 10))
        h.map.setCamera(camera(60, 25, 11))
        #expect(h.kinds == ["willMove", "didChange", "idle"])
        h.events.removeAll()
        h.map.setCamera(camera(60, 25, 11))
        try h.map.moveCamera(.zoomTo(11))
        h.map.animate(to: camera(60, 25, 11))
        try h.map.setPadding(EdgeInsets(top: 100))
        #expect(h.events.isEmpty)
        #expect(h.map.camera == camera(60, 25, 11), "padding keeps the target")
    }

    @Test("a new animation replaces the running one from its current frame; the first completes with false")
    func interruption() throws {
        let h = try Harness(camera(60, 25, 10))
        var results: [Bool] = []
        h.map.withTransaction(AnimationOptions(duration: 1, curve: .linear, completion: { results.append($0) })) {
            h.map.animate(to: camera(60, 25, 14))
        }
        for _ in 0..<30 { h.frame() }
        expectClose(h.map.camera.zoom, 12, within: 1e-9, "half-way, linear")
        h.map.animate(to: camera(60, 25, 10))
        #expect(results == [false])
        let next = h.frame()
        #expect(next.zoom < 12 && next.zoom > 11.5, "starts from the current frame: \(next.zoom)")
        h.settle()
        #expect(h.map.camera.zoom == 10 && h.count("idle") == 1)
    }

    @Test("a transaction sets duration, curve and completion; zero duration snaps")
    func transaction() throws {
        let h = try Harness(camera(60, 25, 10))
        var done = false
        h.map.withTransaction(AnimationOptions(duration: 2, curve: .easeIn, completion: { done = $0 })) {
            h.map.animate(to: camera(60, 25, 12))
        }
        let frames = h.settle()
        // 2 s at 60 fps; summing 1/60 steps may land one frame either side of 120.
        #expect(abs(frames.count - 120) <= 1 && done)
        expectClose(
            frames[59].zoom, 10 + 2 * TimingCurve.easeIn.progress(at: 0.5), within: 1e-9, "ease-in at half time")
        h.map.withTransaction(AnimationOptions(duration: 0)) { h.map.animate(to: camera(60, 25, 8)) }
        #expect(h.map.camera.zoom == 8 && !h.map.isAnimating)
    }

    @Test("zooming out below the tilt curve lowers the tilt")
    func tiltFollowsZoom() throws {
        let h = try Harness(camera(60, 25, 16, tilt: 60))
        try h.map.animate(toZoom: 10)
        h.settle()
        #expect(h.map.camera.tilt == 30)
    }

    @Test("a fling glides on the clock, slows down and ends with one idle")
    func fling() throws {
        let h = try Harness(camera(60, 25, 12))
        h.drag([
            ScreenPoint(x: 300, y: 300), ScreenPoint(x: 320, y: 300), ScreenPoint(x: 340, y: 300),
            ScreenPoint(x: 360, y: 300),
        ])
        #expect(h.map.isAnimating && h.count("idle") == 0)
        let glide = h.settle()
        #expect(glide.count > 5 && h.count("idle") == 1 && h.kinds.last == "idle")
        // Each frame moves the target less far than the one before (decelerating).
        let steps = zip(glide, glide.dropFirst()).map { abs($1.target.longitude - $0.target.longitude) }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 + 1e-15 })
    }

    @Test("property: a dragging finger keeps its ground point under it within 1e-6 pt at any bearing and tilt")
    func dragKeepsGround() async throws {
        await propertyCheck(
            count: 100, input: Gen.double(in: 3...20), Gen.double(in: 0..<360), Gen.double(in: 0...1),
            Gen.double(in: 100...900), Gen.double(in: 200...700), Gen.double(in: -300...300), Gen.double(in: -150...150)
        ) {
            z, b, tf, x, y, dx, dy in
            let h = try Harness(camera(60.17, 24.94, z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z)))
            let start = ScreenPoint(x: x, y: y)
            let end = ScreenPoint(x: x + dx, y: y + dy)
            guard let ground = try h.map.projection.coordinate(for: start), abs(dx) + abs(dy) > 10 else { return }
            h.map.handle(.down(id: 1, at: start, time: 0))
            for i in 1...10 {
                let f = Double(i) / 10
                h.map.handle(.move(id: 1, to: ScreenPoint(x: x + dx * f, y: y + dy * f), time: Double(i) * 0.016))
            }
            // Ground pulled over the horizon cannot follow; the property is for ground that stays in view.
            guard abs(h.map.camera.target.latitude) < 85, let p = try h.map.projection.point(for: ground) else {
                return
            }
            expectClose(p, end, within: 1e-6, "finger at z\(z) b\(b)")
        }
    }

    @Test("viewportBounds keep the whole view inside through setting, drags, zooming out, animations and resizing")
    func viewportBounds() throws {
        let bounds = CoordinateBounds(
            southWest: Coordinate(latitude: 60.10, longitude: 24.80),
            northEast: Coordinate(latitude: 60.25, longitude: 25.10))
        let h = try Harness(camera(60.17, 24.94, 10), size: ScreenSize(width: 800, height: 600))
        func expectInside(_ what: String) {
            for corner in h.map.projection.frameGroundCorners {
                let ok =
                    corner.latitude >= 60.10 - 1e-7 && corner.latitude <= 60.25 + 1e-7
                    && corner.longitude >= 24.80 - 1e-7 && corner.longitude <= 25.10 + 1e-7
                #expect(ok, "\(what): corner \(corner) outside")
            }
        }
        h.map.viewportBounds = bounds
        #expect(h.map.camera.zoom > 10)
        #expect(h.events.contains { if case .didChange = $0 { true } else { false } })
        expectInside("set")
        // A long drag towards the north-west edge stops at the bounds.
        h.drag((0...20).map { ScreenPoint(x: 200 + Double($0) * 30, y: 150 + Double($0) * 20) })
        h.settle()
        expectInside("drag")
        try h.map.moveCamera(.zoomTo(3))
        expectInside("zoom out")
        h.map.animate(
            to: try CameraPosition(target: Coordinate(latitude: 61, longitude: 27), zoom: 9, bearing: 40, tilt: 30))
        for _ in 0..<40 {
            h.frame()
            expectInside("animation frame")
        }
        try h.map.setFrame(ScreenSize(width: 1600, height: 900))
        expectInside("resize")
        h.map.viewportBounds = nil
        try h.map.moveCamera(.zoomTo(3))
        #expect(abs(h.map.camera.zoom - 3) < 1e-12)
    }

    @Test("double tap animates a zoom in by 1 keeping the tapped ground; keys scroll and zoom; switches off stop them")
    func discreteGestures() throws {
        let h = try Harness(camera(60.17, 24.94, 12, bearing: 20, tilt: 30))
        let tapPoint = ScreenPoint(x: 700, y: 500)
        let ground = try #require(try h.map.projection.coordinate(for: tapPoint))
        for (t, phase) in [(0.0, 0), (0.05, 1), (0.15, 0), (0.2, 1)] {
            h.map.handle(phase == 0 ? .down(id: 1, at: tapPoint, time: t) : .up(id: 1, at: tapPoint, time: t))
        }
        h.settle()
        expectClose(h.map.camera.zoom, 13, within: 1e-12, "double tap")
        expectClose(try h.map.projection.point(for: ground), tapPoint, within: 1e-6, "tapped ground")
        h.map.handle(.key(.zoomOut, time: 1))
        h.settle()
        expectClose(h.map.camera.zoom, 12, within: 1e-12, "minus key")
        let before = h.map.camera
        h.map.gestureSettings = .all(false)
        h.map.handle(.key(.left, time: 2))
        h.drag([ScreenPoint(x: 100, y: 100), ScreenPoint(x: 200, y: 200), ScreenPoint(x: 300, y: 300)])
        h.settle()
        #expect(h.map.camera == before)
        try h.map.moveCamera(.zoomIn)  // switches never limit code
        #expect(h.map.camera.zoom == 13)
    }

    @Test("non-finite input anywhere leaves the map unchanged")
    func nonFinite() throws {
        let h = try Harness(camera(60, 25, 12, bearing: 10, tilt: 20))
        let before = h.map.camera
        for bad in nonFiniteValues {
            #expect(throws: InvalidArgument.self) { try h.map.moveCamera(.zoomTo(bad)) }
            #expect(throws: InvalidArgument.self) { try h.map.animate(with: .scroll(by: ScreenVector(dx: bad, dy: 0))) }
            #expect(throws: InvalidArgument.self) { try h.map.animate(toZoom: bad) }
            #expect(throws: InvalidArgument.self) {
                try h.map.animate(toLocation: Coordinate(latitude: bad, longitude: 0))
            }
            #expect(throws: InvalidArgument.self) { try h.map.setMinZoom(bad, maxZoom: 10) }
            #expect(throws: InvalidArgument.self) { try h.map.setPadding(EdgeInsets(left: bad)) }
            #expect(throws: InvalidArgument.self) {
                try h.map.add(.circle(Circle(center: Coordinate(latitude: 0, longitude: 0), radius: bad)))
            }
            h.map.handle(.move(id: 1, to: ScreenPoint(x: bad, y: 0), time: 0))
            h.map.handle(.wheel(at: ScreenPoint(x: 1, y: 1), delta: bad, time: 0))
        }
        #expect(throws: InvalidArgument.self) { try h.map.setMinZoom(15, maxZoom: 10) }
        #expect(h.map.camera == before && h.map.minZoom == 2 && h.map.maxZoom == 21 && h.events.isEmpty)
    }
}

@MainActor
@Suite struct MapOverlayTests {
    @Test("overlays keep their coordinates through every camera change, and hit tests follow bearing and tilt")
    func overlays() throws {
        let h = try Harness(camera(60.17, 24.94, 15, bearing: 40, tilt: 50))
        let station = Coordinate(latitude: 60.1712, longitude: 24.9425)
        let marker = try h.map.add(.marker(Marker(position: station, title: "Station")))
        var polyline = Polyline(path: [
            Coordinate(latitude: 60.168, longitude: 24.93), Coordinate(latitude: 60.172, longitude: 24.95),
        ])
        polyline.zIndex = 1  // above the polygon added after it
        let line = try h.map.add(.polyline(polyline))
        let square = try h.map.add(
            .polygon(
                Polygon(
                    outer: [
                        Coordinate(latitude: 60.160, longitude: 24.92), Coordinate(latitude: 60.160, longitude: 24.96),
                        Coordinate(latitude: 60.180, longitude: 24.96), Coordinate(latitude: 60.180, longitude: 24.92),
                    ],
                    holes: [
                        [
                            Coordinate(latitude: 60.175, longitude: 24.925),
                            Coordinate(latitude: 60.175, longitude: 24.93),
                            Coordinate(latitude: 60.178, longitude: 24.93),
                            Coordinate(latitude: 60.178, longitude: 24.925),
                        ]
                    ])))
        let snapshot = h.map.allOverlays.map(\.overlay)
        for update in [
            CameraUpdate.zoomIn, .scroll(by: ScreenVector(dx: 30, dy: -20)),
            .zoomBy(-1.5, focus: ScreenPoint(x: 100, y: 100)),
        ] {
            try h.map.animate(with: update)
            h.settle()
            let p = try #require(try h.map.projection.point(for: station))
            // The marker's icon stands above its anchor: a tap just above the coordinate hits it.
            #expect(h.map.overlay(at: ScreenPoint(x: p.x, y: p.y - 10)) == marker)
        }
        #expect(h.map.allOverlays.map(\.overlay) == snapshot)
        // Polyline: its midpoint; polygon: inside vs inside the hole.
        let mid = try #require(try h.map.projection.point(for: Coordinate(latitude: 60.170, longitude: 24.94)))
        #expect(h.map.overlay(at: mid) == line)
        let inside = try #require(try h.map.projection.point(for: Coordinate(latitude: 60.163, longitude: 24.955)))
        #expect(h.map.overlay(at: inside) == square)
        let hole = try #require(try h.map.projection.point(for: Coordinate(latitude: 60.1765, longitude: 24.9275)))
        #expect(h.map.overlay(at: hole) == nil)
        h.map.tap(at: inside)
        h.map.tap(at: hole)
        #expect(h.events.suffix(2).first == .tapOverlay(square))
        guard case let .tapMap(c) = h.events.last else {
            Issue.record("no map tap")
            return
        }
        expectClose(c, Coordinate(latitude: 60.1765, longitude: 24.9275), within: 1e-9, "tap coordinate")
        #expect(h.map.remove(line) && !h.map.remove(line))
    }

    @Test("a circle is hit within its radius in metres on the ground")
    func circle() throws {
        let h = try Harness(camera(0, 0, 14, tilt: 40))
        let id = try h.map.add(.circle(Circle(center: Coordinate(latitude: 0, longitude: 0), radius: 500)))
        let inside = Geodesy.offset(Coordinate(latitude: 0, longitude: 0), distance: 450, heading: 30)
        let outside = Geodesy.offset(Coordinate(latitude: 0, longitude: 0), distance: 550, heading: 30)
        #expect(h.map.overlay(at: try #require(try h.map.projection.point(for: inside))) == id)
        #expect(h.map.overlay(at: try #require(try h.map.projection.point(for: outside))) == nil)
    }
}
