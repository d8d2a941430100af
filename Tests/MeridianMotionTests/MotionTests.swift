import MeridianCamera
import MeridianGeometry
import MeridianMotion
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct TimingCurveTests {
    static let curves: [TimingCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .systemDefault, .cubicBezier(0.1, 0.7, 0.9, 0.2),
    ]

    @Test("ends are exact, progress is monotonic and stays in [0, 1] for monotonic curves", arguments: curves.prefix(5))
    func shape(_ curve: TimingCurve) {
        #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -1) == 0 && curve.progress(at: 2) == 1 && curve.progress(at: .nan) == 1)
        var last = 0.0
        for i in 1...200 {
            let p = curve.progress(at: Double(i) / 200)
            #expect(p >= last - 1e-12 && p <= 1)
            last = p
        }
    }

    @Test("the Bézier solve is exact: x(u) = t to 1e-9 for every curve")
    func solveAccuracy() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...1)) { t in
            for curve in Self.curves {
                let (x1, _, x2, _) = curve.controlPoints
                let u = TimingCurveProbe.parameter(t, x1, x2)
                expectClose(TimingCurveProbe.x(u, x1, x2), t, within: 1e-9, "x(u)")
            }
        }
    }

    @Test func easeInOutIsSymmetric() {
        expectClose(TimingCurve.easeInOut.progress(at: 0.5), 0.5, within: 1e-9, "midpoint")
        expectClose(
            TimingCurve.easeInOut.progress(at: 0.2) + TimingCurve.easeInOut.progress(at: 0.8), 1, within: 1e-9,
            "symmetry")
        #expect(TimingCurve.easeIn.progress(at: 0.3) < 0.3 && TimingCurve.easeOut.progress(at: 0.3) > 0.3)
    }
}

/// The curve's own Bézier, evaluated independently of the library's solver.
enum TimingCurveProbe {
    static func x(_ u: Double, _ x1: Double, _ x2: Double) -> Double {
        3 * (1 - u) * (1 - u) * u * x1 + 3 * (1 - u) * u * u * x2 + u * u * u
    }

    /// Bisection on the independent x(u).
    static func parameter(_ t: Double, _ x1: Double, _ x2: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if x(mid, x1, x2) < t { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}

@Suite struct TransitionTests {
    let size = ScreenSize(width: 1024, height: 768)

    func cam(_ lat: Double, _ lng: Double, _ z: Double, _ b: Double = 0, _ t: Double = 0) -> CameraPosition {
        try! CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b, tilt: t)
    }

    @Test("ends are exactly the two cameras, for the ease and the fly path")
    func exactEnds() {
        let a = cam(49.26, -123.11, 10, 10, 20)
        let b = cam(-33.8683, 151.2086, 12, 350, 40)
        for path in [CameraTransition.Path.ease, .fly(rho: 1.42)] {
            let t = CameraTransition(from: a, to: b, path: path, viewSize: size)
            #expect(t.camera(at: 0) == a && t.camera(at: 1) == b)
        }
    }

    @Test("ease: straight Mercator line the short way across 180°, linear zoom, shorter bearing arc")
    func easePath() {
        let t = CameraTransition(from: cam(0, 170, 4, 350), to: cam(0, -170, 6, 10), viewSize: size)
        let mid = t.camera(at: 0.5)
        expectClose(mid.target, Coordinate(latitude: 0, longitude: -180), within: 1e-9, "midpoint across 180")
        expectClose(mid.zoom, 5, within: 1e-12, "zoom")
        expectClose(mid.bearing, 0, within: 1e-9, "bearing through north")
    }

    @Test("fly: the zoom dips between distant targets and comes back; nearby targets barely dip")
    func flyDips() {
        let far = CameraTransition(
            from: cam(49.26, -123.11, 10), to: cam(-33.8683, 151.2086, 10), path: .fly(rho: 1.42), viewSize: size)
        let zooms = (0...100).map { far.camera(at: Double($0) / 100).zoom }
        #expect(zooms.min()! < 4, "lowest zoom \(zooms.min()!)")
        #expect(zooms.first == 10 && zooms.last == 10)
        #expect(far.automaticDuration > 1)
        let near = CameraTransition(
            from: cam(60.17, 24.94, 14), to: cam(60.171, 24.941, 14), path: .fly(rho: 1.42), viewSize: size)
        #expect((0...20).map { near.camera(at: Double($0) / 20).zoom }.min()! > 13.9)
        // A pure zoom flies straight in.
        let zoomOnly = CameraTransition(
            from: cam(60.17, 24.94, 5), to: cam(60.17, 24.94, 9), path: .fly(rho: 1.42), viewSize: size)
        expectClose(zoomOnly.camera(at: 0.5).zoom, 7, within: 1e-9, "log-linear zoom")
    }

    @Test("deceleration glides the way it was flung, slows, and stops")
    func deceleration() throws {
        let d = try #require(Deceleration(velocity: ScreenVector(dx: 1000, dy: -500)))
        #expect(d.duration > 0)
        let early = d.offset(at: d.duration / 4)
        let late = d.offset(at: d.duration)
        let after = d.offset(at: d.duration * 2)
        #expect(early.dx > 0 && early.dy < 0 && late.length > early.length && after == late)
        // Speed at the end is the stop speed: distance grows by v·dt there.
        let dt = 1e-4
        let speed = d.offset(at: d.duration - dt).length
        expectClose((late.length - speed) / dt, Deceleration.stopSpeed, within: 0.1, "final speed")
        #expect(Deceleration(velocity: ScreenVector(dx: 10, dy: 0)) == nil)
        #expect(Deceleration(velocity: ScreenVector(dx: .nan, dy: 0)) == nil)
    }
}
