import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct CameraUpdateTests {
    let v = Sample.rotated  // zoom 15, bearing 30, tilt 45

    @Test("SPEC §3: zoom in/out/to/by keep everything else")
    func zooms() throws {
        for (update, zoom) in [
            (CameraUpdate.zoomIn, 16.0), (.zoomOut, 14), (.zoomTo(12.5), 12.5), (.zoomBy(-2.25), 12.75),
        ] {
            let c = try update.applied(to: v)
            #expect(c.zoom == zoom && c.target == v.camera.target && c.bearing == 30)
            #expect(c.tilt == min(45, TiltCurve.maxTilt(zoom: zoom)))
        }
    }

    @Test("zooming out below the tilt curve lowers the tilt")
    func zoomOutLowersTilt() throws {
        let c = try CameraUpdate.zoomTo(8).applied(to: v)
        #expect(c.tilt == 30)
    }

    @Test("property: zoom by d at a point keeps the ground under that point, at any bearing and tilt")
    func zoomAtPointKeepsGround() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: 3...20), Gens.bearing, Gens.tiltFraction, Gen.double(in: -3...3),
            Gen.double(in: 0...1024), Gen.double(in: 0...768)
        ) { z, b, tf, d, x, y in
            let before = Sample.viewport(zoom: z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z))
            let focus = ScreenPoint(x: x, y: y)
            // Ground off the world's top or bottom edge reads as the edge: it cannot come back.
            guard let ground = try before.coordinate(for: focus), let world = before.worldPoint(for: focus),
                (0...1).contains(world.y)
            else { return }
            let after = before.with(camera: try CameraUpdate.zoomBy(d, focus: focus).applied(to: before))
            expectClose(after.camera.zoom, z + d, within: 1e-12, "zoom")
            // A target that would pass ±85° is clamped there (SPEC §1), and the focus moves with it;
            // ground about half a world or more from the new target is drawn at its nearer copy.
            guard abs(after.camera.target.latitude) < 85, let seen = after.worldPoint(for: focus),
                abs(seen.x - after.targetWorld.x) < 0.45
            else { return }
            expectClose(try after.point(for: ground), focus, within: 1e-6, "focus at z\(z) d\(d)")
        }
    }

    @Test func targets() throws {
        let sydney = Coordinate(latitude: -33.8683, longitude: 151.2086)
        let t = try CameraUpdate.target(sydney).applied(to: v)
        #expect(t.target == sydney && t.zoom == 15 && t.bearing == 30 && t.tilt == 45)
        let tz = try CameraUpdate.target(sydney, zoom: 10).applied(to: v)
        #expect(tz.target == sydney && tz.zoom == 10 && tz.tilt == 30)
        let whole = try CameraPosition(target: sydney, zoom: 3, bearing: 10, tilt: 5)
        #expect(try CameraUpdate.camera(whole).applied(to: v) == whole)
    }

    @Test("scroll by (200, 100) moves the camera to the ground under centre + (200, 100), relative to the bearing")
    func scroll() throws {
        for view in Sample.all {
            let expected = try #require(try view.coordinate(for: view.center + ScreenVector(dx: 200, dy: 100)))
            let c = try CameraUpdate.scroll(by: ScreenVector(dx: 200, dy: 100)).applied(to: view)
            expectClose(c.target, expected, within: 1e-12, "target")
            #expect(c.zoom == view.camera.zoom && c.bearing == view.camera.bearing && c.tilt == view.camera.tilt)
        }
        // At bearing 90 (east up), a positive y moves the camera west.
        let east = Sample.viewport(bearing: 90)
        let moved = try CameraUpdate.scroll(by: ScreenVector(dx: 0, dy: 100)).applied(to: east)
        #expect(moved.target.longitude < east.camera.target.longitude)
        expectClose(moved.target.latitude, east.camera.target.latitude, within: 1e-9, "latitude kept")
    }

    @Test("fit resets bearing and tilt, uses 64 pt by default, adds the map's padding, respects the zoom range")
    func fits() throws {
        let bounds = CoordinateBounds(Sample.vancouver, Sample.calgary)
        let base = try Viewport(camera: v.camera, size: v.size, padding: EdgeInsets(top: 50))
        let constraints = CameraConstraints(zoomRange: .mapDefault)
        let c = try CameraUpdate.fit(bounds).applied(to: base, constraints: constraints)
        #expect(c.bearing == 0 && c.tilt == 0)
        let direct = try #require(
            try CameraFit.camera(
                fitting: bounds, size: v.size, padding: base.padding, insets: EdgeInsets(all: 64),
                zoomRange: .mapDefault))
        #expect(c == direct)
        #expect(try CameraUpdate.fit(bounds, padding: 10).applied(to: base, constraints: constraints).zoom > c.zoom)
        let insets = EdgeInsets(top: 0, left: 300, bottom: 0, right: 300)
        let narrow = try CameraUpdate.fit(bounds, insets: insets).applied(to: base, constraints: constraints)
        #expect(narrow.zoom < c.zoom)
        #expect(try CameraUpdate.fit(.empty).applied(to: base, constraints: constraints) == base.camera)
        let limited = CameraConstraints(zoomRange: try ZoomRange(min: 8, max: 15))
        #expect(try CameraUpdate.fit(bounds).applied(to: base, constraints: limited).zoom == 8)
        let kept = try CameraUpdate.fitKeepingOrientation(bounds).applied(to: base, constraints: constraints)
        #expect(kept.bearing == 30 && kept.tilt > 0)
    }

    @Test("non-finite numbers in an update throw and apply nothing", arguments: nonFiniteValues)
    func nonFinite(_ bad: Double) {
        let updates: [CameraUpdate] = [
            .zoomTo(bad), .zoomBy(bad), .zoomBy(1, focus: ScreenPoint(x: bad, y: 0)),
            .target(Coordinate(latitude: bad, longitude: 0)),
            .target(Sample.helsinki, zoom: bad), .scroll(by: ScreenVector(dx: bad, dy: 0)),
            .fit(CoordinateBounds(Sample.vancouver, Sample.calgary), insets: EdgeInsets(top: bad)),
        ]
        for u in updates { #expect(throws: InvalidArgument.self, "\(u)") { try u.applied(to: v) } }
    }
}

@Suite struct ConstraintTests {
    @Test("target bounds pull the target to the nearest point inside, also across the antimeridian")
    func targetBounds() throws {
        let bounds = CoordinateBounds(
            Coordinate(latitude: -10, longitude: 170), Coordinate(latitude: 10, longitude: -170))
        let constraints = CameraConstraints(zoomRange: .absolute, targetBounds: bounds)
        let cases: [(Coordinate, Coordinate)] = [
            (Coordinate(latitude: 20, longitude: 175), Coordinate(latitude: 10, longitude: 175)),
            (Coordinate(latitude: 0, longitude: 160), Coordinate(latitude: 0, longitude: 170)),
            (Coordinate(latitude: 0, longitude: -160), Coordinate(latitude: 0, longitude: -170)),
            (Coordinate(latitude: 0, longitude: 179.5), Coordinate(latitude: 0, longitude: 179.5)),
        ]
        for (input, expected) in cases {
            let c = constraints.constrain(try CameraPosition(target: input, zoom: 5))
            expectClose(c.target, expected, within: 1e-12, "clamp \(input)")
        }
        // Moving by code cannot leave them either.
        let v = try Viewport(
            camera: constraints.constrain(try CameraPosition(target: Coordinate(latitude: 0, longitude: 180), zoom: 5)),
            size: Sample.size)
        let scrolled = try CameraUpdate.scroll(by: ScreenVector(dx: 5000, dy: 0)).applied(
            to: v, constraints: constraints)
        #expect(bounds.contains(scrolled.target))
    }

    @Test("property: constraining is idempotent")
    func idempotent() async throws {
        let box = CoordinateBounds(Coordinate(latitude: 40, longitude: -10), Coordinate(latitude: 55, longitude: 30))
        await propertyCheck(
            count: 400, input: Gens.zoom, Gens.latitude, Gens.longitude, Gens.bearing, Gen.double(in: 0...65),
            Gen.double(in: 0...24), Gen.double(in: 0...24)
        ) { z, lat, lng, b, t, a, c in
            let range = try ZoomRange(min: min(a, c), max: max(a, c))
            let constraints = CameraConstraints(zoomRange: range, targetBounds: lat > 0 ? box : nil)
            let once = constraints.constrain(
                try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b, tilt: t))
            #expect(constraints.constrain(once) == once)
            #expect(range.contains(once.zoom) && once.tilt <= TiltCurve.maxTilt(zoom: once.zoom))
            if lat > 0 { #expect(box.contains(once.target)) }
        }
    }
}

@Suite struct TileCoverTests {
    @Test("property: the cover contains the tile under every visible ground point")
    func coversVisibleGround() async throws {
        await propertyCheck(
            count: 200, input: Gen.double(in: 1...20), Gens.latitude, Gens.longitude, Gens.bearing, Gens.tiltFraction
        ) { z, lat, lng, b, tf in
            let v = Sample.viewport(
                Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z))
            let tz = Int(z.rounded(.down))
            let cover = Set(try v.tiles(zoom: tz))
            #expect(cover.count == Set(cover).count)
            let n = Double(1 << tz)
            for i in 0...8 {
                for j in 0...8 {
                    // Half a point inside the edges: a tile that only touches the view is not in it.
                    let p = ScreenPoint(x: 0.5 + Double(i) / 8 * 1023, y: 0.5 + Double(j) / 8 * 767)
                    guard let world = v.worldPoint(for: p), (0..<1).contains(world.y) else { continue }
                    let x = Int((world.x * n).rounded(.down))
                    let y = Int((world.y * n).rounded(.down))
                    let tile = TileID(z: tz, x: ((x % Int(n)) + Int(n)) % Int(n), y: y)
                    #expect(cover.contains(tile), "\(tile) missing at \(p)")
                }
            }
        }
    }

    @Test("flat and north-up the cover is the grid under the view; nearest the viewer first")
    func flatCover() throws {
        let v = Sample.viewport(Coordinate(latitude: 0, longitude: 0), zoom: 4)  // world 4096 pt, 16×16 tiles
        let tiles = try v.tiles(zoom: 4)
        // 1024×768 centred on a tile corner: columns 6...9 (4), rows 6.5...9.5 → 6...9 (4).
        #expect(Set(tiles) == Set((6...9).flatMap { x in (6...9).map { TileID(z: 4, x: x, y: $0) } }))
        #expect(
            Set(tiles.prefix(4)) == [
                TileID(z: 4, x: 7, y: 7), TileID(z: 4, x: 8, y: 7), TileID(z: 4, x: 7, y: 8), TileID(z: 4, x: 8, y: 8),
            ])
        // Under tilt the nearest tiles are the ones at the bottom of the screen.
        let tilted = Sample.viewport(zoom: 16, tilt: 60)
        let cover = try tilted.tiles(zoom: 16)
        let bottom = try #require(tilted.worldPoint(for: ScreenPoint(x: 512, y: 768)))
        #expect(cover[0] == TileID(z: 16, x: Int(bottom.x * 65536), y: Int(bottom.y * 65536)))
    }

    @Test func wrapsAndRejectsBadZooms() throws {
        let v = Sample.viewport(Coordinate(latitude: 0, longitude: 179.9), zoom: 3)
        let tiles = try v.tiles(zoom: 3)
        #expect(tiles.contains(TileID(z: 3, x: 0, y: 3)) && tiles.contains(TileID(z: 3, x: 7, y: 3)))
        #expect(throws: InvalidArgument.self) { try v.tiles(zoom: -1) }
        #expect(throws: InvalidArgument.self) { try v.tiles(zoom: 31) }
        #expect(throws: InvalidArgument.self) { try v.tiles(zoom: 25, limit: 10_000) }
    }
}
