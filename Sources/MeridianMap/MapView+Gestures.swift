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
                    let anchor = projection.center
                    glide = Glide(deceleration: deceleration, start: clock.now, origin: projection, anchor: anchor)
                }
                settle()
            case let .animatedZoom(by, around, _):
                stopMotion()
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
        var next: CameraPosition?
        switch delta {
        case let .pan(from, to):
            if let ground = view.worldPoint(for: from) { next = view.anchoring(camera, ground: ground, at: to) }
        case let .zoom(by, around):
            let zoomed = try? camera.changing(zoom: constraints.zoomRange.clamp(camera.zoom + by))
            if let zoomed { next = view.worldPoint(for: around).flatMap { view.anchoring(zoomed, ground: $0, at: around) } ?? zoomed }
        case let .rotate(by, around):
            let turned = try? camera.changing(bearing: camera.bearing + by)
            if let turned { next = view.worldPoint(for: around).flatMap { view.anchoring(turned, ground: $0, at: around) } ?? turned }
        case let .tilt(by):
            next = try? camera.changing(tilt: camera.tilt + by)
        }
        if let next { change(to: constraints.constrain(next)) }
    }
}
