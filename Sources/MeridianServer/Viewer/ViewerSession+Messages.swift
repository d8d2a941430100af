import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap
import MeridianStyle
import MeridianText

extension ViewerSession {
    /// Applies one message (or batch of messages) from the page; a bad one is reported to the
    /// page as an `error` event in the next state message.
    func handle(_ text: String, now: Double) {
        for result in ViewerMessage.messages(text: text) {
            switch result {
            case let .success(message): if let problem = apply(message, now: now) { events.append(problem) }
            case let .failure(problem): events.append(error(problem.what, problem.message, field: problem.field))
            }
        }
    }

    func apply(_ message: ViewerMessage, now: Double) -> JSON? {
        if let seq = message.seq { lastSeq = max(lastSeq, seq) }
        let at = inputTime(message.time, now: now)
        switch message.kind {
        case .ack:
            if !unacknowledged.isEmpty { unacknowledged.removeFirst() }
        case let .resize(size, scale):
            try? map.setFrame(size)
            self.scale = scale
        case let .pointer(phase, id, p):
            let event: InputEvent =
                switch phase {
                case .down: .down(id: id, at: p, time: at)
                case .move: .move(id: id, to: p, time: at)
                case .up: .up(id: id, at: p, time: at)
                case .cancel: .cancel(id: id, time: at)
                }
            input(event, now: now)
        case let .wheel(point, delta):
            input(.wheel(at: point, delta: delta, time: at), now: now)
        case let .key(key):
            input(.key(key, time: at), now: now)
        case let .mapType(type):
            mapType = type
        case let .example(name):
            guard example(name) else { return error("example", "unknown example", field: "name") }
        }
        return nil
    }

    /// An input's time for the recognisers: the page's own timestamp, shifted by the offset between
    /// the two clocks seen at the first stamped message, so velocities and double taps measure the
    /// hand, not the network or the server's load (the recognisers only compare input times;
    /// animations run on the session's clock).
    ///
    /// The offset is measured again when the two clocks drift more than a second apart (a page
    /// asleep, a forged timestamp), and times never go backwards; `now` for messages without one.
    func inputTime(_ pageTime: Double?, now: Double) -> Double {
        guard let pageTime else { return now }
        if let offset = pageClockOffset, abs(offset + pageTime - now) <= 1 {} else { pageClockOffset = now - pageTime }
        let time = max(lastInputTime, pageClockOffset! + pageTime)
        lastInputTime = time
        return time
    }

    func input(_ event: InputEvent, now: Double) {
        if pendingInputAt == nil { pendingInputAt = now }
        lastInputAt = now
        map.handle(event)
    }

    /// An `error` event: `what` is the message type, `field` the member at fault (if any).
    func error(_ what: String, _ message: String, field: String? = nil) -> JSON {
        .object([
            ("event", .string("error")), ("what", .string(what)), ("field", field.map { .string($0) } ?? .null),
            ("message", .string(message)),
        ])
    }

    /// The camera guide's examples; false for an unknown name.
    func example(_ name: String) -> Bool {
        let vancouver = Coordinate(latitude: 49.26, longitude: -123.11)
        let calgary = Coordinate(latitude: 51.05, longitude: -114.05)
        let sydney = Coordinate(latitude: -33.8683, longitude: 151.2086)
        do {
            switch name {
            case "home": map.animate(to: home)
            case "zoom-in": try map.animate(with: .zoomIn)
            case "zoom-out": try map.animate(with: .zoomOut)
            case "fit-vancouver-calgary":
                try map.animate(with: .fit(CoordinateBounds(vancouver, calgary), insets: EdgeInsets(all: 64)))
            case "scroll": try map.animate(with: .scroll(by: ScreenVector(dx: 200, dy: 100)))
            case "animate-sydney": map.animate(to: try CameraPosition(target: sydney, zoom: 12))
            case "bearing": try map.animate(toBearing: (map.camera.bearing + 90).truncatingRemainder(dividingBy: 360))
            case "tilt": try map.animate(toViewingAngle: map.camera.tilt > 0 ? 0 : 60)
            case "restrict-bounds":
                // About 2 × 2 km around home (the guide restricts to a city's centre).
                let t = home.target
                let dLng = 0.009 / max(0.05, cos(t.latitude * .pi / 180))
                map.cameraTargetBounds =
                    map.cameraTargetBounds == nil
                    ? CoordinateBounds(
                        southWest: Coordinate(latitude: t.latitude - 0.009, longitude: t.longitude - dLng),
                        northEast: Coordinate(latitude: t.latitude + 0.009, longitude: t.longitude + dLng)) : nil
            case "min-max-zoom":
                if map.minZoom == 10 && map.maxZoom == 15 {
                    try map.setMinZoom(ZoomRange.mapDefault.min, maxZoom: ZoomRange.mapDefault.max)
                } else {
                    try map.setMinZoom(10, maxZoom: 15)
                }
            case "fly-home": map.fly(to: home)
            case "fly-sydney": map.fly(to: try CameraPosition(target: sydney, zoom: 14, bearing: 30, tilt: 45))
            default: return false
            }
        } catch let failure { events.append(self.error(name, "\(failure)")) }
        return true
    }
}
