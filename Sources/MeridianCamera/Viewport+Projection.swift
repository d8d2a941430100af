import MeridianGeometry

extension Viewport {
    /// The screen point where `coordinate` is drawn, or nil when it lies behind the eye.
    ///
    /// The longitude resolves to the world copy nearest the camera target, so a coordinate
    /// across the antimeridian lands where it is seen. Latitudes beyond ±85.0511° project onto
    /// the world's edge. Points beyond the horizon line are not possible: every ground point in
    /// front of the eye lies below it.
    /// - Throws: `InvalidArgument` naming `coordinate.latitude` or `coordinate.longitude` when
    ///   not finite.
    public func point(for coordinate: Coordinate) throws(InvalidArgument) -> ScreenPoint? {
        let c = try coordinate.validated()
        let dx = Angle.shortestDelta(from: camera.target.longitude, to: c.longitude) / 360 * worldSize
        let dy = (WebMercator.y(latitude: c.latitude) - targetWorld.y) * worldSize
        return screenPoint(groundOffsetX: dx, dy)
    }

    /// The ground coordinate under a screen point, or nil when the point is on or above the
    /// horizon. Longitude is wrapped into [-180, 180); ground beyond the world's top or bottom
    /// edge gives the edge latitude (±85.0511°).
    /// - Throws: `InvalidArgument` naming `point.x` or `point.y` when not finite.
    public func coordinate(for point: ScreenPoint) throws(InvalidArgument) -> Coordinate? {
        guard let g = groundOffset(at: try point.validated()) else { return nil }
        return coordinate(groundOffsetX: g.x, g.y)
    }

    /// The coordinate of a ground offset from the target (points at this zoom).
    func coordinate(groundOffsetX dx: Double, _ dy: Double) -> Coordinate {
        let y = (targetWorld.y + dy / worldSize).clamped(to: 0...1)
        return Coordinate(
            latitude: WebMercator.latitude(y: y),
            longitude: Angle.wrapLongitude(camera.target.longitude + dx / worldSize * 360))
    }

    /// The normalised world point under a screen point (not wrapped), or nil when the point is
    /// on or above the horizon or not finite.
    public func worldPoint(for point: ScreenPoint) -> MercatorPoint? {
        guard point.isFinite, let g = groundOffset(at: point) else { return nil }
        return MercatorPoint(x: targetWorld.x + g.x / worldSize, y: targetWorld.y + g.y / worldSize)
    }

    /// `camera` with its target moved so that the ground at `ground` (a normalised world
    /// point) is drawn at `point` in this view's size and padding: how a finger keeps its
    /// ground while panning, pinching or rotating. Nil when `point` has no ground under `camera`
    /// or either point is not finite.
    public func anchoring(_ camera: CameraPosition, ground: MercatorPoint, at point: ScreenPoint) -> CameraPosition? {
        let v = with(camera: camera)
        guard point.isFinite, ground.x.isFinite, ground.y.isFinite, let q = v.groundOffset(at: point) else {
            return nil
        }
        return camera.with(
            target: WebMercator.unproject(
                MercatorPoint(x: ground.x - q.x / v.worldSize, y: ground.y - q.y / v.worldSize)))
    }

    /// How deep a normalised world point lies along the view axis, relative to the target:
    /// 1 at the target's depth, below 1 nearer the eye, above 1 farther, ≤ 0 behind the eye.
    /// Renderers clip geometry against a small positive value before projecting. Non-finite
    /// input gives NaN.
    public func depthRatio(forWorld p: MercatorPoint) -> Double {
        let dx = (p.x - targetWorld.x) * worldSize
        let dy = (p.y - targetWorld.y) * worldSize
        let sy = dy * cosBearing - dx * sinBearing
        return (eyeDistance - sy * sinTilt) / eyeDistance
    }

    /// The screen point of a point `elevation` points above the ground at a normalised world
    /// point (heights in points at this zoom: metres / metres-per-point), or nil behind the
    /// eye. With the eye at (0, D·sin t, D·cos t) over the rotated ground, depth is
    /// D − sy·sin t − e·cos t and Y = cy + (sy·cos t − e·sin t)·D / depth.
    public func point(forWorld p: MercatorPoint, elevation e: Double) -> ScreenPoint? {
        guard p.x.isFinite, p.y.isFinite, e.isFinite else { return nil }
        let dx = (p.x - targetWorld.x) * worldSize
        let dy = (p.y - targetWorld.y) * worldSize
        let sx = dx * cosBearing + dy * sinBearing
        let sy = dy * cosBearing - dx * sinBearing
        let w = eyeDistance - sy * sinTilt - e * cosTilt
        guard w > 0 else { return nil }
        let k = eyeDistance / w
        return ScreenPoint(x: center.x + sx * k, y: center.y + (sy * cosTilt - e * sinTilt) * k)
    }

    /// The screen point of a normalised world point taken literally (no world-copy choice),
    /// or nil behind the eye or for non-finite input.
    public func point(forWorld p: MercatorPoint) -> ScreenPoint? {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        return screenPoint(groundOffsetX: (p.x - targetWorld.x) * worldSize, (p.y - targetWorld.y) * worldSize)
    }
}

// MARK: - Batch projection (what a frame does per vertex)

/// The camera step as a handful of coefficients, for tight loops over buffers: with `dx, dy`
/// the normalised world offset from the target and the world scale folded into the rotation
/// (a = s·cos b, b = s·sin b), `sx = a·dx + b·dy`, `sy = a·dy − b·dx`, `w = D − sy·sin t`,
/// `X = cx + sx·D/w`, `Y = cy + sy·cos t·D/w`. Nine constants: few enough to stay in
/// registers when the loop is vectorised.
@usableFromInline
struct CameraKernel {
    @usableFromInline let tx: Double, ty: Double
    @usableFromInline let a: Double, b: Double
    @usableFromInline let eye: Double, cx: Double, cy: Double, cosTilt: Double, sinTilt: Double

    @usableFromInline
    init(_ v: Viewport) {
        let s = v.worldSize
        tx = v.targetWorld.x
        ty = v.targetWorld.y
        a = v.cosBearing * s
        b = v.sinBearing * s
        eye = v.eyeDistance
        cx = v.center.x
        cy = v.center.y
        cosTilt = v.cosTilt
        sinTilt = v.sinTilt
    }

    /// Branch-free, so loops over it vectorise: behind the eye selects NaN.
    @inlinable @inline(__always)
    func project(x: Double, y: Double) -> ScreenPoint {
        let dx = x - tx
        let dy = y - ty
        let sx = dx * a + dy * b
        let sy = dy * a - dx * b
        let w = eye - sy * sinTilt
        let k = eye / w
        let px = cx + sx * k
        let py = cy + sy * cosTilt * k
        let inFront = w > 0
        return ScreenPoint(x: inFront ? px : .nan, y: inFront ? py : .nan)
    }
}

extension Viewport {
    /// Projects normalised world points to screen points, one output per input, with no
    /// allocation. Points behind the eye (and non-finite input) give NaN coordinates.
    /// Longitudes are taken literally (no world-copy choice): feed one copy of the world.
    /// - Precondition: `output.count >= input.count` (extra output is left untouched).
    @inlinable
    public func project(
        world input: UnsafeBufferPointer<MercatorPoint>, into output: UnsafeMutableBufferPointer<ScreenPoint>
    ) {
        let kernel = CameraKernel(self)
        for i in 0..<Swift.min(input.count, output.count) {
            output[i] = kernel.project(x: input[i].x, y: input[i].y)
        }
    }

    /// Projects coordinates to screen points (Web Mercator, then the camera step), one output
    /// per input, with no allocation. Latitudes are clamped to ±85.0511°, longitudes taken
    /// literally; points behind the eye and non-finite input give NaN coordinates.
    @inlinable
    public func project(
        coordinates input: UnsafeBufferPointer<Coordinate>, into output: UnsafeMutableBufferPointer<ScreenPoint>
    ) {
        let kernel = CameraKernel(self)
        for i in 0..<Swift.min(input.count, output.count) {
            let c = input[i]
            output[i] = kernel.project(x: (c.longitude + 180) * (1.0 / 360), y: WebMercator.y(latitude: c.latitude))
        }
    }
}

extension Viewport {
    /// As ``project(world:into:)``, with every input's x moved by `shift` first (whole worlds:
    /// the copy of a tile nearest the target) and its y by `shiftY` (normalised world units; 0 by
    /// default), and each point's depth ratio
    /// (``depthRatio(forWorld:)``: 1 at the target's depth, ≤ 0 behind the eye) written to
    /// `depths`. No allocation; points behind the eye give NaN coordinates.
    /// - Precondition: `output` and `depths` hold at least `input.count` values (extra output is
    ///   left untouched).
    @inlinable
    public func project(
        world input: UnsafeBufferPointer<MercatorPoint>, shiftedBy shift: Double, shiftY: Double = 0,
        into output: UnsafeMutableBufferPointer<ScreenPoint>, depths: UnsafeMutableBufferPointer<Double>
    ) {
        let kernel = CameraKernel(self)
        let eye = eyeDistance
        let count = Swift.min(input.count, output.count, depths.count)
        if kernel.sinTilt == 0 {
            // Flat: every point is at the target's depth; an affine map (no division, no select).
            let (a, b, tx, ty, cx, cy, cosTilt) = (
                kernel.a, kernel.b, kernel.tx, kernel.ty, kernel.cx, kernel.cy, kernel.cosTilt
            )
            for i in 0..<count {
                let dx = input[i].x + shift - tx
                let dy = input[i].y + shiftY - ty
                output[i] = ScreenPoint(x: cx + (dx * a + dy * b), y: cy + (dy * a - dx * b) * cosTilt)
            }
            depths.baseAddress?.update(repeating: 1, count: count)
            return
        }
        for i in 0..<count {
            let p = input[i]
            let dx = p.x + shift - kernel.tx
            let dy = p.y + shiftY - kernel.ty
            let sx = dx * kernel.a + dy * kernel.b
            let sy = dy * kernel.a - dx * kernel.b
            let w = eye - sy * kernel.sinTilt
            let k = eye / w
            let inFront = w > 0
            output[i] = ScreenPoint(
                x: inFront ? kernel.cx + sx * k : .nan, y: inFront ? kernel.cy + sy * kernel.cosTilt * k : .nan)
            depths[i] = w / eye
        }
    }
}
