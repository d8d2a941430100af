import Foundation  // tests only: log2 for the closed-form oracle
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

/// The corners and a 5×5 grid of `bounds` (nil for empty bounds).
func samples(_ bounds: CoordinateBounds) -> [Coordinate]? {
    guard let s = bounds.south, let n = bounds.north, let w = bounds.west, let span = bounds.longitudeSpan else {
        return nil
    }
    return (0...4).flatMap { i in
        (0...4).map { j in Coordinate(latitude: s + (n - s) * Double(i) / 4, longitude: w + span * Double(j) / 4) }
    }
}

/// How far, in points, the farthest of `points` lies outside `rect` of `viewport` (0 when all
/// are inside, +∞ when one is behind the eye).
func spill(_ points: [Coordinate], _ viewport: Viewport, rect: (l: Double, t: Double, r: Double, b: Double)) -> Double {
    var worst = 0.0
    for c in points {
        guard let p = try? viewport.point(for: c) else { return .infinity }
        worst = max(worst, rect.l - p.x, p.x - rect.r, rect.t - p.y, p.y - rect.b)
    }
    return worst
}

/// The spill of the corners and a 5×5 grid of `bounds` (+∞ for empty bounds).
func spill(
    _ bounds: CoordinateBounds, _ viewport: Viewport, rect: (l: Double, t: Double, r: Double, b: Double)
) -> Double {
    samples(bounds).map { spill($0, viewport, rect: rect) } ?? .infinity
}

/// Whether `bounds` lies inside `rect` within `slack` points.
func boundsInside(
    _ bounds: CoordinateBounds, _ viewport: Viewport, rect: (l: Double, t: Double, r: Double, b: Double),
    slack: Double = 1e-6
) -> Bool {
    let out = spill(bounds, viewport, rect: rect)
    return out <= slack
}

/// Whether any target near `base`'s (screen shifts on a grid) holds every one of `points`
/// inside `rect` at `zoom`: a search independent of the fitting algorithm.
func anyTargetFits(
    _ points: [Coordinate], _ base: Viewport, zoom: Double, rect: (l: Double, t: Double, r: Double, b: Double)
) -> Bool {
    for dx in stride(from: -12.0, through: 12, by: 1) {
        for dy in stride(from: -12.0, through: 12, by: 1) {
            guard let target = try? base.coordinate(for: base.center + ScreenVector(dx: dx, dy: dy)),
                let camera = try? CameraPosition(
                    target: target, zoom: zoom, bearing: base.camera.bearing, tilt: base.camera.tilt),
                camera.tilt == base.camera.tilt
            else { continue }
            if spill(points, base.with(camera: camera), rect: rect) <= 0 { return true }
        }
    }
    return false
}

/// `anyTargetFits` for the corners and grid of `bounds`.
func anyTargetFits(
    _ bounds: CoordinateBounds, _ base: Viewport, zoom: Double, rect: (l: Double, t: Double, r: Double, b: Double)
) -> Bool {
    samples(bounds).map { anyTargetFits($0, base, zoom: zoom, rect: rect) } ?? false
}

@Suite struct FitTests {
    let size = Sample.size
    let full = (l: 0.0, t: 0.0, r: 1024.0, b: 768.0)

    @Test("Vancouver–Calgary in 1024×768: north up, flat, both cities visible, at the greatest such zoom")
    func vancouverCalgary() throws {
        let bounds = CoordinateBounds(Sample.vancouver, Sample.calgary)
        let camera = try #require(try CameraFit.camera(fitting: bounds, size: size, zoomRange: .mapDefault))
        #expect(camera.bearing == 0 && camera.tilt == 0)
        let v = try Viewport(camera: camera, size: size)
        #expect(v.contains(Sample.vancouver) && v.contains(Sample.calgary))
        #expect(v.visibleRegion.bounds.contains(Sample.vancouver) && v.visibleRegion.bounds.contains(Sample.calgary))
        // Closed form for a flat north-up fit: the zoom where the wider side fills its axis.
        let w0 = (bounds.longitudeSpan ?? 0) / 360 * 256
        let h0 = (WebMercator.y(latitude: 49.26) - WebMercator.y(latitude: 51.05)) * 256
        expectClose(camera.zoom, log2(min(1024 / w0, 768 / h0)), within: 1e-7, "zoom")
        let wider = v.with(camera: try CameraPosition(target: camera.target, zoom: camera.zoom + 1e-6))
        #expect(!(wider.contains(Sample.vancouver) && wider.contains(Sample.calgary)))
    }

    @Test("property: flat north-up fits match the closed form, centred, for any bounds and insets")
    func flatClosedForm() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: -80...80), Gen.double(in: -180..<180), Gen.double(in: 1e-4...60),
            Gen.double(in: 1e-4...200), Gen.double(in: 0...200), Gen.double(in: 0...200)
        ) { s, w, dLat, span, top, left in
            let bounds = CoordinateBounds(
                southWest: Coordinate(latitude: s, longitude: w),
                northEast: Coordinate(latitude: min(85, s + dLat), longitude: w + span))
            let insets = EdgeInsets(top: top, left: left, bottom: 10, right: 30)
            guard let camera = try CameraFit.camera(fitting: bounds, size: size, insets: insets) else {
                Issue.record("nil fit")
                return
            }
            let availW = 1024 - left - 30
            let availH = 768 - top - 10
            let w0 = span / 360 * 256
            let h0 = (WebMercator.y(latitude: s) - WebMercator.y(latitude: min(85, s + dLat))) * 256
            let expected = min(24, max(0, log2(min(availW / w0, availH / h0))))
            expectClose(camera.zoom, expected, within: 1e-7, "zoom")  // the fit backs off 9e-8 of a zoom
            let v = try Viewport(camera: camera, size: size)
            let rect = (l: left, t: top, r: 1024.0 - 30, b: 768.0 - 10)
            if expected > 0 && expected < 24 { #expect(boundsInside(bounds, v, rect: rect)) }
        }
    }

    @Test("property: a fit at any bearing and tilt holds its bounds while one more zoom step would not")
    func perspectiveFit() async {
        await propertyCheck(
            count: 60, input: Gen.double(in: -70...70), Gens.longitude, Gen.double(in: 1e-3...0.5),
            Gen.double(in: 1e-3...0.5),
            Gens.bearing, Gen.double(in: 0...65), Gen.double(in: 0...150)
        ) { s, w, dLat, span, bearing, tilt, pad in
            let bounds = CoordinateBounds(
                southWest: Coordinate(latitude: s, longitude: w),
                northEast: Coordinate(latitude: s + dLat, longitude: w + span))
            let padding = EdgeInsets(top: pad, left: 20, bottom: 0, right: pad / 2)
            guard
                let camera = try CameraFit.camera(
                    fitting: bounds, size: size, padding: padding, insets: EdgeInsets(all: 10),
                    bearing: bearing, tilt: tilt)
            else {
                Issue.record("nil fit")
                return
            }
            #expect(abs(Angle.shortestDelta(from: bearing, to: camera.bearing)) < 1e-9)
            #expect(camera.tilt <= tilt + 1e-9 && camera.tilt <= TiltCurve.maxTilt(zoom: camera.zoom) + 1e-9)
            let v = try Viewport(camera: camera, size: size, padding: padding)
            let rect = (l: 30.0, t: pad + 10, r: 1024 - pad / 2 - 10, b: 758.0)
            #expect(boundsInside(bounds, v, rect: rect), "bounds spill out of the view")
            // 1e-3 zoom more: no target within ±12 pt (1 pt steps) fits.
            #expect(
                !anyTargetFits(bounds, v, zoom: camera.zoom + 1e-3, rect: rect), "slack left at zoom \(camera.zoom)")
        }
    }

    @Test("tilt beyond the curve at the fitted zoom is lowered to what the curve allows there")
    func tiltFollowsTheCurve() throws {
        let bounds = CoordinateBounds(Sample.vancouver, Sample.calgary)  // fits near zoom 6: max tilt 30
        let camera = try #require(try CameraFit.camera(fitting: bounds, size: size, bearing: 20, tilt: 60))
        #expect(camera.tilt <= TiltCurve.maxTilt(zoom: camera.zoom) + 1e-9 && camera.tilt > 29)
        #expect(boundsInside(bounds, try Viewport(camera: camera, size: size), rect: full))
    }

    @Test func specialCases() throws {
        let point = CoordinateBounds(Sample.helsinki)
        #expect(try CameraFit.camera(fitting: point, size: size, zoomRange: .mapDefault)?.zoom == 21)
        expectClose(
            try CameraFit.camera(fitting: point, size: size)?.target, Sample.helsinki, within: 1e-9, "point target")
        #expect(try CameraFit.camera(fitting: .empty, size: size) == nil)
        let huge = try #require(
            try CameraFit.camera(
                fitting: CoordinateBounds(Sample.vancouver, Sample.calgary), size: size,
                insets: EdgeInsets(left: 600, right: 600), zoomRange: .mapDefault))
        #expect(huge.zoom == 2)
        // Tiny bounds hit the range's maximum and stay centred.
        let tiny = CoordinateBounds(Sample.helsinki, Coordinate(latitude: 60.17161, longitude: 24.94431))
        let capped = try #require(
            try CameraFit.camera(fitting: tiny, size: size, zoomRange: try ZoomRange(min: 3, max: 15)))
        #expect(capped.zoom == 15)
        expectClose(capped.target, try #require(tiny.center), within: 1e-7, "centred")
        for bad in nonFiniteValues {
            #expect(throws: InvalidArgument.self) {
                try CameraFit.camera(fitting: point, size: size, insets: EdgeInsets(top: bad))
            }
            #expect(throws: InvalidArgument.self) { try CameraFit.camera(fitting: point, size: size, tilt: bad) }
            #expect(throws: InvalidArgument.self) { try CameraFit.camera(fitting: point, size: size, bearing: bad) }
        }
    }

    @Test("bounds across the antimeridian are fitted across it, not around the world")
    func antimeridian() throws {
        let fiji = CoordinateBounds(
            Coordinate(latitude: -20, longitude: 176), Coordinate(latitude: -15, longitude: -178))
        let camera = try #require(try CameraFit.camera(fitting: fiji, size: size))
        #expect(camera.zoom > 6)
        #expect(abs(Angle.shortestDelta(from: camera.target.longitude, to: 179)) < 1e-6)
        #expect(boundsInside(fiji, try Viewport(camera: camera, size: size), rect: full))
    }
}
