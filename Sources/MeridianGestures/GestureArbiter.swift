import MeridianGeometry
import RealModule

/// Turns a stream of ``InputEvent``s into gestures (SPEC §7) and the camera deltas they ask
/// for. It never touches a map: the map feeds it events and applies what comes out, so the
/// recognisers are tested by feeding events and reading deltas.
///
/// - one finger: drag pans (the ground under the finger stays under it), with a fling velocity;
///   tap; double tap zooms in by 1 at the tap; double-tap-and-drag zooms continuously
///   (down zooms in, ``doubleTapDragZoomPerPoint``);
/// - two fingers: pinch zooms about the centroid, twisting rotates about it, moving the
///   centroid pans, all at once; moving both fingers vertically together tilts
///   (``tiltDegreesPerPoint``, upwards towards the horizon); a quick two-finger tap zooms out by 1;
/// - wheel: zooms about the pointer (``wheelZoomPerPoint``).
public struct GestureArbiter: Sendable {
    /// How far, in points, a pointer moves before a press becomes a drag.
    public static let slop = 6.0
    /// Longest press, in seconds, that still counts as a tap.
    public static let tapTime = 0.3
    /// Longest gap, in seconds, and distance, in points, between the taps of a double tap.
    public static let doubleTapTime = 0.3, doubleTapDistance = 40.0
    public static let tiltDegreesPerPoint = 0.5
    public static let doubleTapDragZoomPerPoint = 1.0 / 150
    public static let wheelZoomPerPoint = 1.0 / 200
    /// How far one arrow key scrolls, in points.
    public static let keyScrollPoints = 100.0

    enum Mode: Sendable {
        case idle, pressing, panning, secondPress(anchor: ScreenPoint), doubleTapDragging(anchor: ScreenPoint)
        case twoFingerUndecided, pinching, tilting, finishing
    }

    struct Pointer: Sendable { var start: ScreenPoint, last: ScreenPoint }

    var pointers: [Int: Pointer] = [:]
    var mode = Mode.idle
    var velocity = VelocityTracker()
    var lastTap: (point: ScreenPoint, time: Double)?
    var sequenceStart = 0.0
    var maxPointers = 0
    var pair: (centroid: ScreenPoint, distance: Double, angle: Double)?

    public var settings: GestureSettings

    public init(settings: GestureSettings = GestureSettings()) { self.settings = settings }

    /// Whether a continuous gesture (pan, pinch, tilt, double-tap-drag) is in progress.
    public var isActive: Bool {
        switch mode {
        case .panning, .pinching, .tilting, .doubleTapDragging: return true
        default: return false
        }
    }

    /// Feeds one event; returns what it means, in order. Non-finite positions or times are ignored.
    public mutating func handle(_ event: InputEvent) -> [GestureOutput] {
        guard event.time.isFinite else { return [] }
        switch event {
        case let .down(id, p, t): return p.isFinite ? down(id, p, t) : []
        case let .move(id, p, t): return p.isFinite ? move(id, p, t) : []
        case let .up(id, p, t): return up(id, p.isFinite ? p : pointers[id]?.last ?? p, t)
        case let .cancel(id, _): return cancel(id)
        case let .wheel(p, delta, _):
            guard p.isFinite, delta.isFinite, settings.zoom, !isActive else { return [] }
            return [
                .began(.wheel), .changed([.zoom(by: -delta * Self.wheelZoomPerPoint, around: p)]), .ended(fling: nil),
            ]
        case let .key(key, _):
            return keyOutputs(key)
        }
    }

    func keyOutputs(_ key: Key) -> [GestureOutput] {
        let step = Self.keyScrollPoints
        switch key {
        case .up: return settings.scroll ? [.animatedScroll(ScreenVector(dx: 0, dy: -step))] : []
        case .down: return settings.scroll ? [.animatedScroll(ScreenVector(dx: 0, dy: step))] : []
        case .left: return settings.scroll ? [.animatedScroll(ScreenVector(dx: -step, dy: 0))] : []
        case .right: return settings.scroll ? [.animatedScroll(ScreenVector(dx: step, dy: 0))] : []
        case .zoomIn: return settings.zoom ? [.animatedZoomAtCenter(by: 1)] : []
        case .zoomOut: return settings.zoom ? [.animatedZoomAtCenter(by: -1)] : []
        }
    }

    mutating func down(_ id: Int, _ p: ScreenPoint, _ t: Double) -> [GestureOutput] {
        pointers[id] = Pointer(start: p, last: p)
        var out: [GestureOutput] = []
        if pointers.count == 1 {
            sequenceStart = t
            maxPointers = 1
            velocity = VelocityTracker()
            velocity.add(p, at: t)
            if let tap = lastTap, t - tap.time <= Self.doubleTapTime, (p - tap.point).length <= Self.doubleTapDistance {
                mode = .secondPress(anchor: p)
            } else {
                mode = .pressing
            }
        } else if pointers.count == 2 {
            maxPointers = 2
            if isActive { out.append(.ended(fling: nil)) }
            mode = .twoFingerUndecided
            for (key, pointer) in pointers { pointers[key]?.start = pointer.last }
            pair = twoPointerState()
        }
        return out
    }

    mutating func move(_ id: Int, _ p: ScreenPoint, _ t: Double) -> [GestureOutput] {
        guard let previous = pointers[id]?.last else { return [] }
        pointers[id]?.last = p
        switch mode {
        case .pressing:
            guard let start = pointers[id]?.start, (p - start).length > Self.slop else { return [] }
            mode = .panning
            velocity.add(p, at: t)
            return [.began(.pan), .changed(settings.filter([.pan(from: start, to: p)]))]
        case .panning:
            velocity.add(p, at: t)
            return [.changed(settings.filter([.pan(from: previous, to: p)]))]
        case let .secondPress(anchor):
            guard (p - anchor).length > Self.slop else { return [] }
            mode = .doubleTapDragging(anchor: anchor)
            lastTap = nil
            return [
                .began(.doubleTapDrag),
                .changed(
                    settings.filter([.zoom(by: (p.y - anchor.y) * Self.doubleTapDragZoomPerPoint, around: anchor)])),
            ]
        case let .doubleTapDragging(anchor):
            return [
                .changed(
                    settings.filter([.zoom(by: (p.y - previous.y) * Self.doubleTapDragZoomPerPoint, around: anchor)]))
            ]
        case .twoFingerUndecided:
            return decideTwoFingerMode()
        case .pinching, .tilting:
            return [.changed(twoFingerDeltas())]
        case .idle, .finishing:
            return []
        }
    }

    mutating func up(_ id: Int, _ p: ScreenPoint, _ t: Double) -> [GestureOutput] {
        guard pointers.removeValue(forKey: id) != nil else { return [] }
        var out: [GestureOutput] = []
        switch mode {
        case .panning:
            velocity.add(p, at: t)
            out = [.ended(fling: settings.scroll ? velocity.velocity : nil)]
            mode = .idle
        case .pressing:
            if t - sequenceStart <= Self.tapTime {
                out = [.tap(p)]
                lastTap = (p, t)
            }
            mode = .idle
        case let .secondPress(anchor):
            lastTap = nil
            mode = .idle
            if t - sequenceStart <= Self.tapTime && settings.zoom {
                out = [.animatedZoom(by: 1, around: anchor, kind: .doubleTap)]
            }
        case .doubleTapDragging:
            out = [.ended(fling: nil)]
            mode = .idle
        case .twoFingerUndecided:
            if let c = pair?.centroid, t - sequenceStart <= Self.tapTime, settings.zoom {
                out = [.animatedZoom(by: -1, around: c, kind: .twoFingerTap)]
            }
            mode = pointers.isEmpty ? .idle : .finishing
        case .pinching, .tilting:
            out = [.ended(fling: nil)]
            mode = pointers.isEmpty ? .idle : .finishing
        case .idle, .finishing:
            if pointers.isEmpty { mode = .idle }
        }
        if pointers.isEmpty { pair = nil }
        return out
    }

    mutating func cancel(_ id: Int) -> [GestureOutput] {
        guard pointers.removeValue(forKey: id) != nil else { return [] }
        let wasActive = isActive
        mode = pointers.isEmpty ? .idle : .finishing
        lastTap = nil
        return wasActive ? [.ended(fling: nil)] : []
    }

    /// Centroid, distance and angle (degrees, clockwise on screen) of the first two pointers.
    func twoPointerState() -> (centroid: ScreenPoint, distance: Double, angle: Double)? {
        let two = pointers.sorted { $0.key < $1.key }.prefix(2).map(\.value.last)
        guard two.count == 2 else { return nil }
        let v = two[1] - two[0]
        return (
            ScreenPoint(x: (two[0].x + two[1].x) / 2, y: (two[0].y + two[1].y) / 2), v.length,
            Angle.degrees(Double.atan2(y: v.dy, x: v.dx))
        )
    }

    mutating func decideTwoFingerMode() -> [GestureOutput] {
        let moves = pointers.sorted { $0.key < $1.key }.prefix(2).map { $0.value.last - $0.value.start }
        // Platforms deliver one finger's move at a time: decide once both fingers have moved,
        // or one has moved far (then it is a pinch, not a two-finger drag).
        guard moves.count == 2,
            moves.allSatisfy({ $0.length > Self.slop / 2 }) || moves.contains(where: { $0.length > 4 * Self.slop })
        else { return [] }
        let vertical = moves.allSatisfy { abs($0.dy) > 2 * abs($0.dx) }
        let together = moves.count == 2 && moves[0].dy * moves[1].dy > 0
        mode = vertical && together ? .tilting : .pinching
        let kind: GestureKind = vertical && together ? .tilt : .pinch
        return [.began(kind), .changed(twoFingerDeltas())]
    }

    /// The deltas since the last two-finger state, which becomes the new one.
    mutating func twoFingerDeltas() -> [CameraDelta] {
        guard let old = pair, let new = twoPointerState() else { return [] }
        pair = new
        if case .tilting = mode {
            return settings.filter([.tilt(by: -(new.centroid.y - old.centroid.y) * Self.tiltDegreesPerPoint)])
        }
        var deltas: [CameraDelta] = [.pan(from: old.centroid, to: new.centroid)]
        if old.distance > 0, new.distance > 0 {
            deltas.append(.zoom(by: Double.log2(new.distance / old.distance), around: new.centroid))
        }
        // Fingers turning clockwise on screen turn the map clockwise: the bearing decreases.
        deltas.append(.rotate(by: -Angle.shortestDelta(from: old.angle, to: new.angle), around: new.centroid))
        return settings.filter(deltas)
    }
}
