import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap

/// A map on a manual clock with its events recorded.
@MainActor
final class Harness {
    let clock = ManualClock()
    let map: MapView
    var events: [MapEvent] = []

    init(_ camera: CameraPosition? = nil, size: ScreenSize = ScreenSize(width: 1024, height: 768)) throws {
        map = try MapView(options: MapOptions(frame: size, camera: camera), clock: clock)
        map.onEvent = { [unowned self] in self.events.append($0) }
    }

    /// Steps the clock one 60 fps frame and ticks the map; returns the camera.
    @discardableResult
    func frame() -> CameraPosition {
        clock.advance(by: 1.0 / 60)
        map.tick()
        return map.camera
    }

    /// Runs frames until nothing animates (at most `limit` frames); returns the cameras.
    @discardableResult
    func settle(limit: Int = 2000) -> [CameraPosition] {
        var cameras: [CameraPosition] = []
        var n = 0
        while map.isAnimating && n < limit {
            cameras.append(frame())
            n += 1
        }
        return cameras
    }

    var kinds: [String] {
        events.map {
            switch $0 {
            case let .willMove(g): return g ? "willMove(gesture)" : "willMove"
            case .didChange: return "didChange"
            case .idle: return "idle"
            case .tapMap: return "tapMap"
            case .tapOverlay: return "tapOverlay"
            }
        }
    }

    func count(_ kind: String) -> Int { kinds.filter { $0 == kind }.count }

    func drag(_ points: [ScreenPoint], id: Int = 1, start: Double? = nil, step: Double = 1.0 / 60) {
        var t = start ?? clock.now
        map.handle(.down(id: id, at: points[0], time: t))
        for p in points.dropFirst() {
            t += step
            map.handle(.move(id: id, to: p, time: t))
        }
        map.handle(.up(id: id, at: points.last!, time: t + step))
    }
}

func camera(_ lat: Double, _ lng: Double, _ zoom: Double, bearing: Double = 0, tilt: Double = 0) -> CameraPosition {
    try! CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt)
}
