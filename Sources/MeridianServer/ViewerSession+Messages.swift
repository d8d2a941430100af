import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap
import MeridianStyle
import MeridianText

extension ViewerSession {
    /// Applies one message from the page; a bad one is reported to the page as an `error`
    /// event in the next state message.
    func handle(_ text: String, now: Double) {
        if let problem = apply(text, now: now) { events.append(problem) }
    }

    func apply(_ text: String, now: Double) -> JSON? {
        let message: ViewerMessage
        do { message = try ViewerMessage(text: text) } catch { return self.error(error.what, error.message, field: error.field) }
        if let seq = message.seq { lastSeq = max(lastSeq, seq) }
        switch message.kind {
        case .ack:
            if !unacknowledged.isEmpty { unacknowledged.removeFirst() }
        case let .resize(size, scale):
            try? map.setFrame(size)
            self.scale = scale
        case let .pointer(phase, id, p):
            let event: InputEvent = switch phase {
            case .down: .down(id: id, at: p, time: now)
            case .move: .move(id: id, to: p, time: now)
            case .up: .up(id: id, at: p, time: now)
            case .cancel: .cancel(id: id, time: now)
            }
            input(event, now: now)
        case let .wheel(at, delta):
            input(.wheel(at: at, delta: delta, time: now), now: now)
        case let .key(key):
            input(.key(key, time: now), now: now)
        case let .mapType(name):
            guard DefaultStyles.mapTypes.contains(name) else {
                return error("maptype", "must be normal, satellite, hybrid, terrain or none", field: "name")
            }
            mapType = name
        case let .example(name):
            guard example(name) else { return error("example", "unknown example", field: "name") }
        }
        return nil
    }

    func input(_ event: InputEvent, now: Double) {
        if pendingInputAt == nil { pendingInputAt = now }
        lastInputAt = now
        map.handle(event)
    }

    /// An `error` event: `what` is the message type, `field` the member at fault (if any).
    func error(_ what: String, _ message: String, field: String? = nil) -> JSON {
        .object([("event", .string("error")), ("what", .string(what)), ("field", field.map { .string($0) } ?? .null), ("message", .string(message))])
    }

    /// The camera guide's examples; false for an unknown name.
    func example(_ name: String) -> Bool {
        let vancouver = Coordinate(latitude: 49.26, longitude: -123.11), calgary = Coordinate(latitude: 51.05, longitude: -114.05)
        let sydney = Coordinate(latitude: -33.8683, longitude: 151.2086)
        do {
            switch name {
            case "home": map.animate(to: Self.home)
            case "zoom-in": try map.animate(with: .zoomIn)
            case "zoom-out": try map.animate(with: .zoomOut)
            case "fit-vancouver-calgary": try map.animate(with: .fit(CoordinateBounds(vancouver, calgary), insets: EdgeInsets(all: 64)))
            case "scroll": try map.animate(with: .scroll(by: ScreenVector(dx: 200, dy: 100)))
            case "animate-sydney": map.animate(to: try CameraPosition(target: sydney, zoom: 12))
            case "bearing": try map.animate(toBearing: (map.camera.bearing + 90).truncatingRemainder(dividingBy: 360))
            case "tilt": try map.animate(toViewingAngle: map.camera.tilt > 0 ? 0 : 60)
            case "restrict-bounds":
                map.cameraTargetBounds = map.cameraTargetBounds == nil
                    ? CoordinateBounds(southWest: Coordinate(latitude: 60.160, longitude: 24.925), northEast: Coordinate(latitude: 60.180, longitude: 24.960)) : nil
            case "min-max-zoom":
                if map.minZoom == 10 && map.maxZoom == 15 { try map.setMinZoom(ZoomRange.mapDefault.min, maxZoom: ZoomRange.mapDefault.max) } else { try map.setMinZoom(10, maxZoom: 15) }
            case "fly-helsinki": map.fly(to: Self.home)
            case "fly-sydney": map.fly(to: try CameraPosition(target: sydney, zoom: 14, bearing: 30, tilt: 45))
            default: return false
            }
        } catch let failure { events.append(self.error(name, "\(failure)")) }
        return true
    }
}
