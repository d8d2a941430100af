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
        guard let data = text.data(using: .utf8), let m = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let type = m["type"] as? String else { return error("message", "not a JSON object with a type") }
        func number(_ key: String) -> Double? { (m[key] as? NSNumber)?.doubleValue.isFinite == true ? (m[key] as? NSNumber)?.doubleValue : nil }
        if let seq = m["seq"] as? Int { lastSeq = max(lastSeq, seq) }
        switch type {
        case "ack":
            if !unacknowledged.isEmpty { unacknowledged.removeFirst() }
        case "resize":
            guard let w = number("width"), let h = number("height"), (64...2048).contains(w), (64...2048).contains(h) else {
                return error("resize", "width and height must be 64–2048 points")
            }
            try? map.setFrame(ScreenSize(width: w.rounded(), height: h.rounded()))
            scale = min(2, max(1, Int(number("scale") ?? 1)))
        case "down", "move", "up", "cancel":
            guard let id = m["id"] as? Int, let x = number("x"), let y = number("y") else { return error(type, "needs id, x and y") }
            let p = ScreenPoint(x: x, y: y)
            let event: InputEvent = switch type {
            case "down": .down(id: id, at: p, time: now)
            case "move": .move(id: id, to: p, time: now)
            case "up": .up(id: id, at: p, time: now)
            default: .cancel(id: id, time: now)
            }
            input(event, now: now)
        case "wheel":
            guard let x = number("x"), let y = number("y"), let delta = number("delta"), abs(delta) <= 10_000 else { return error("wheel", "needs x, y and a delta within ±10000") }
            input(.wheel(at: ScreenPoint(x: x, y: y), delta: delta, time: now), now: now)
        case "key":
            let keys: [String: Key] = ["up": .up, "down": .down, "left": .left, "right": .right, "zoomIn": .zoomIn, "zoomOut": .zoomOut]
            guard let key = (m["key"] as? String).flatMap({ keys[$0] }) else { return error("key", "unknown key") }
            input(.key(key, time: now), now: now)
        case "maptype":
            guard let name = m["name"] as? String, DefaultStyles.mapTypes.contains(name) else {
                return error("maptype", "must be normal, satellite, hybrid, terrain or none")
            }
            mapType = name
        case "example":
            guard let name = m["name"] as? String, example(name) else { return error("example", "unknown example") }
        default:
            return error("type", "unknown message type '\(type)'")
        }
        return nil
    }

    func input(_ event: InputEvent, now: Double) {
        if pendingInputAt == nil { pendingInputAt = now }
        lastInputAt = now
        map.handle(event)
    }

    func error(_ what: String, _ message: String) -> JSON {
        .object([("event", .string("error")), ("what", .string(what)), ("message", .string(message))])
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
