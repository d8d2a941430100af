import MeridianCamera
import MeridianGeometry
import MeridianMotion

/// A transition running on the map's clock.
struct RunningAnimation {
    let transition: CameraTransition
    let start: Double
    let duration: Double
    let options: AnimationOptions
    /// The padding animated with the camera (from, to), if it changes.
    var padding: (from: EdgeInsets, to: EdgeInsets)? = nil
}

/// A fling's glide: pans from the camera at its start by the deceleration's offset.
struct Glide {
    let deceleration: Deceleration
    let start: Double
    let origin: Viewport
    let anchor: ScreenPoint
}

extension MapView {
    /// Runs `body` with `options` for every animation started inside it (nested transactions:
    /// the innermost wins), like a Core Animation transaction.
    public func withTransaction<T>(_ options: AnimationOptions, _ body: () throws -> T) rethrows -> T {
        transactions.append(options)
        defer { transactions.removeLast() }
        return try body()
    }

    /// Animates from the current frame to `camera` (constrained): target along a straight
    /// Mercator line, zoom linearly, bearing the short way, tilt linearly, eased in and out,
    /// 0.3 s unless a transaction says otherwise. Replaces a running animation from where it is.
    public func animate(to camera: CameraPosition) {
        start(CameraTransition(from: self.camera, to: constrained(camera), path: .ease, viewSize: frame))
    }

    /// Animates to `camera` and to `padding` together (MapLibre's `easeTo({padding})`): each
    /// frame's padding is the eased fraction of the way between the two, so the target's place
    /// on screen slides with it. The destination is constrained for the new padding. An
    /// animation replaced half-way leaves the padding where it had got to.
    /// - Throws: `InvalidArgument` naming `padding.top` (`.left`, `.bottom`, `.right`) when not
    ///   finite; nothing starts.
    public func animate(to camera: CameraPosition, padding: EdgeInsets) throws(InvalidArgument) {
        let target = try padding.validated("padding")
        let destination = constraints.constrain(camera, size: frame, padding: target)
        start(
            CameraTransition(from: self.camera, to: destination, path: .ease, viewSize: frame),
            padding: (self.padding, target))
    }

    /// Applies `update` to the current camera and animates to the result.
    /// - Throws: `InvalidArgument` for a non-finite number in it; nothing starts.
    public func animate(with update: CameraUpdate) throws(InvalidArgument) {
        animate(to: try update.applied(to: projection, constraints: constraints))
    }

    /// Animates the target only (latitude clamped into ±85°, longitude wrapped, then constrained).
    /// - Throws: `InvalidArgument` naming `latitude` or `longitude` when not finite; nothing starts.
    public func animate(toLocation target: Coordinate) throws(InvalidArgument) {
        animate(to: try camera.changing(target: target))
    }

    /// Animates the zoom only (clamped to the map's range).
    /// - Throws: `InvalidArgument` naming `zoom` when not finite; nothing starts.
    public func animate(toZoom zoom: Double) throws(InvalidArgument) {
        animate(to: try camera.changing(zoom: zoom))
    }

    /// Animates the bearing only, in degrees clockwise from north (wrapped into [0, 360)), the
    /// short way round.
    /// - Throws: `InvalidArgument` naming `bearing` when not finite; nothing starts.
    public func animate(toBearing bearing: Double) throws(InvalidArgument) {
        animate(to: try camera.changing(bearing: bearing))
    }

    /// Animates the tilt only, in degrees from the nadir (clamped to the map's tilt range and
    /// the curve at the zoom).
    /// - Throws: `InvalidArgument` naming `tilt` when not finite; nothing starts.
    public func animate(toViewingAngle tilt: Double) throws(InvalidArgument) {
        animate(to: try camera.changing(tilt: tilt))
    }

    /// Flies to `camera` along van Wijk & Nuij's path (zoom out, travel, zoom in), with an
    /// automatic duration from the path's length unless a transaction gives one. A `rho` that
    /// is not finite and positive uses `CameraTransition.defaultRho`.
    public func fly(to camera: CameraPosition, rho: Double = CameraTransition.defaultRho) {
        start(CameraTransition(from: self.camera, to: constrained(camera), path: .fly(rho: rho), viewSize: frame))
    }

    /// Flies to `camera` with MapLibre's fly options: the path's curve, its speed or screen
    /// speed for the automatic duration, and a maximum duration above which it snaps (a
    /// transaction's duration is limited the same way).
    public func fly(to camera: CameraPosition, options fly: FlyOptions) {
        let transition = CameraTransition(
            from: self.camera, to: constrained(camera), path: .fly(rho: fly.curve), viewSize: frame)
        start(transition, automatic: fly.duration(for: transition), limit: fly.limited)
    }

    /// The duration a fly to `camera` with `options` would take now, in seconds (0 when it
    /// would snap), before any transaction's duration.
    public func flyDuration(to camera: CameraPosition, options fly: FlyOptions = .standard) -> Double {
        fly.duration(
            for: CameraTransition(
                from: self.camera, to: constrained(camera), path: .fly(rho: fly.curve), viewSize: frame))
    }

    func start(
        _ transition: CameraTransition, automatic given: Double? = nil, limit: (Double) -> Double = { $0 },
        padding: (from: EdgeInsets, to: EdgeInsets)? = nil
    ) {
        let options = transactions.last ?? AnimationOptions()
        let standard =
            if case .fly = transition.path { transition.automaticDuration } else { AnimationOptions.defaultDuration }
        let automatic = given ?? standard
        let duration = limit(options.duration.map { $0.isFinite ? max(0, $0) : 0 } ?? automatic)
        let wasMoving = animation != nil || glide != nil
        stopMotion()
        let paddingMoves = padding.map { $0.from != $0.to } ?? false
        guard transition.to != camera || paddingMoves else {
            if wasMoving { settle() }
            options.completion?(true)
            return
        }
        guard duration > 0 else {
            emit(.willMove(gesture: false))
            if let padding { self.padding = padding.to }
            change(to: transition.to)
            settle()
            options.completion?(true)
            return
        }
        emit(.willMove(gesture: false))
        animation = RunningAnimation(
            transition: transition, start: clock.now, duration: duration, options: options,
            padding: paddingMoves ? padding : nil)
    }

    /// Fraction of an animation's duration below which its end counts as reached.
    static let endTolerance = 1e-9

    /// Whether an animation or a glide is running.
    public var isAnimating: Bool { animation != nil || glide != nil }

    /// Advances animations and glides to the clock's current time: call once per frame (a
    /// display link in applications, `ManualClock.advance` then `tick()` in tests).
    public func tick() {
        let now = clock.now
        if let a = animation {
            // A frame within a nanosecond-fraction of the end is the end: clock steps that do
            // not sum exactly (60 × 1/60) must not add a frame that changes nothing.
            let t = (now - a.start) / a.duration
            let finished = t >= 1 - Self.endTolerance
            let progress = finished ? 1 : a.options.curve.progress(at: t)
            if let p = a.padding { padding = p.from.interpolated(to: p.to, fraction: progress) }
            change(to: constrained(a.transition.camera(at: progress)))
            if finished {
                animation = nil
                a.options.completion?(true)
                settle()
            }
        }
        if let g = glide {
            let elapsed = now - g.start
            let offset = g.deceleration.offset(at: elapsed)
            if let ground = g.origin.worldPoint(for: g.anchor),
                let moved = g.origin.anchoring(g.origin.camera, ground: ground, at: g.anchor + offset)
            {
                change(to: constrained(moved))
            }
            if elapsed >= g.deceleration.duration {
                glide = nil
                settle()
            }
        }
    }
}
