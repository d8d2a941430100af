import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMotion

extension MapView {
    /// Feeds one input event to the gesture recognisers and applies what they ask (SPEC §7):
    /// a gesture stops a running animation where it is, every change goes through the
    /// constraints, a fling glides on the clock, taps become tap events.
    public func handle(_ event: InputEvent) {
        for output in arbiter.handle(event) {
            switch output {
            case .began:
                stopMotion()
                emit(.willMove(gesture: true))
            case let .changed(deltas):
                for delta in deltas { apply(delta) }
            case let .ended(fling):
                if let fling, let deceleration = Deceleration(velocity: fling) {
                    let view = projection
                    glide = Glide(deceleration: deceleration, start: clock.now, origin: view, anchor: view.center)
                }
                settle()
            case let .animatedZoom(by, around, _):
                try? animate(with: .zoomBy(by, focus: around))
            case let .tap(point):
                tap(at: point)
            case let .animatedScroll(vector):
                try? animate(with: .scroll(by: vector))
            case let .animatedZoomAtCenter(by):
                try? animate(with: .zoomBy(by))
            }
        }
    }

    /// Applies one gesture delta to the current frame, under the constraints.
    func apply(_ delta: CameraDelta) {
        let view = projection
        let next: CameraPosition?
        switch delta {
        case let .pan(from, to):
            next = view.worldPoint(for: from).flatMap { view.anchoring(camera, ground: $0, at: to) }
        case let .zoom(by, around):
            next = Self.keeping(
                around, in: view, try? camera.changing(zoom: constraints.zoomRange.clamp(camera.zoom + by)))
        case let .rotate(by, around):
            next = Self.keeping(around, in: view, try? camera.changing(bearing: camera.bearing + by))
        case let .tilt(by):
            next = try? camera.changing(tilt: camera.tilt + by)
        }
        if let next { change(to: constrained(next)) }
    }

    /// `changed` with its target moved so the ground under `point` stays there (as it is when
    /// the point has no ground).
    static func keeping(_ point: ScreenPoint, in view: Viewport, _ changed: CameraPosition?) -> CameraPosition? {
        guard let changed else { return nil }
        return view.worldPoint(for: point).flatMap { view.anchoring(changed, ground: $0, at: point) } ?? changed
    }
}
