import Foundation
import HummingbirdWebSocket
import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap
import MeridianRender
import MeridianServing
import MeridianStyle
import MeridianText
import NIOCore

/// One viewer connection: a `MapView` on the server's clock, driven by the page's input through
/// Meridian's gesture recognisers, streaming a PNG frame (then a JSON state message) whenever the
/// camera changed.
///
/// At most two frames are on their way to the page unacknowledged (one being shown while the next
/// is drawn; an unanswered frame counts for 1 s), so under load frames are skipped while every
/// input is applied. While the camera moves (input in the last 150 ms, or an animation) frames are
/// drawn at half the pixel scale, a quarter of the pixels, which the page stretches; once it rests,
/// the same camera is drawn again at full resolution.
///
/// Messages from the page (JSON text): `{"type":"resize","width":W,"height":H,"scale":S}`,
/// `{"type":"down|move|up|cancel","id":N,"x":X,"y":Y,"seq":Q}`, `{"type":"wheel","x":X,"y":Y,"delta":D,"seq":Q}`,
/// `{"type":"key","key":"up|down|left|right|zoomIn|zoomOut"}`, `{"type":"example","name":E}`,
/// `{"type":"maptype","name":T}`, `{"type":"ack"}`, and `{"type":"batch","messages":[…]}`
/// carrying several of them (the page sends every finger of one touch event in one batch, so a
/// two-finger gesture costs one frame per event). Bad messages are answered with an
/// `{"type":"error",…}` message and otherwise ignored.
///
/// A session is a plain value-owning class: the server keeps each one inside its own
/// ``ViewerConnection`` actor, so sessions never wait on each other or on the main actor.
final class ViewerSession {
    let map: MapView
    /// The map's clock; input is stamped with it on arrival (the system's in the server).
    let clock: any MapClock
    var mapType = MapType.normal
    var scale = 1
    var events: [JSON] = []
    var lastSentCamera: CameraPosition?
    var lastSentSize: ScreenSize?
    var lastSentType: MapType?
    /// When each frame not yet acknowledged by the page was sent.
    var unacknowledged: [Double] = []
    static let framesInFlight = 2
    /// The newest input sequence number applied, and when the oldest input not yet shown arrived.
    var lastSeq = 0
    var pendingInputAt: Double?
    var frames = 0
    var lastInputAt = -1.0
    /// The session clock minus the page's clock, from the first stamped input; the last input's time.
    var pageClockOffset: Double?
    var lastInputTime = -Double.infinity
    /// The input sequence number the last state message carried.
    var lastStateSeq = 0
    var lastSentPreview = false
    /// Seconds after the last input during which frames are previews.
    static let previewWindow = 0.15

    /// Where the session starts, and where the `home` and `fly-home` examples go: the data's
    /// home (`ServedData.home`), the whole world without data.
    let home: CameraPosition
    static let world = ServedData.world

    init(home: CameraPosition = ViewerSession.world, start: CameraPosition? = nil, clock: any MapClock = SystemClock())
    {
        self.clock = clock
        self.home = home
        map = try! MapView(
            options: MapOptions(frame: ScreenSize(width: 800, height: 600), camera: start ?? home), clock: clock)
        map.onEvent = { [weak self] event in self?.record(event) }
    }

    func record(_ event: MapEvent) {
        guard events.count < 200 else { return }
        switch event {
        case let .willMove(gesture):
            events.append(.object([("event", .string("willMove")), ("gesture", .bool(gesture))]))
        case let .didChange(c): events.append(.object([("event", .string("didChange")), ("camera", JSON(c))]))
        case let .idle(c): events.append(.object([("event", .string("idleAt")), ("camera", JSON(c))]))
        case let .tapMap(c): events.append(.object([("event", .string("tapAt")), ("coordinate", JSON(c))]))
        case let .tapOverlay(id):
            events.append(.object([("event", .string("tapOverlay")), ("overlay", .integer(id.rawValue))]))
        }
    }

    /// What the frame loop draws next: nil when nothing changed or the page has not shown the
    /// last frame yet.
    struct FrameJob: Sendable {
        let viewport: Viewport
        let overlays: [Overlay]
        let mapType: MapType
        /// Pixels per point; nil for a state message without a frame.
        let scale: Double?
        let state: String
        /// A frame of a moving camera: sent as JPEG (a few milliseconds to encode, where PNG
        /// takes tens); frames at rest are PNG.
        var moving = false
    }

    func nextFrame(now: Double) -> FrameJob? {
        map.tick()
        unacknowledged.removeAll { now - $0 >= 1 }
        guard unacknowledged.count < Self.framesInFlight else { return nil }
        let viewport = map.projection
        let moving = map.isAnimating || now - lastInputAt < Self.previewWindow
        let changed =
            lastSentCamera != map.camera || lastSentSize != map.frame || lastSentType != mapType
            || (lastSentPreview && !moving)
        // A state goes out on a change, on events, and once input was applied (its seq tells the
        // page that input arrived even when it moved nothing).
        guard changed || !events.isEmpty || lastSeq != lastStateSeq else { return nil }
        lastStateSeq = lastSeq
        let latency = pendingInputAt.map { (now - $0) * 1000 }
        frames += changed ? 1 : 0
        let state = JSON.object([
            ("type", .string("state")), ("frame", changed ? .integer(frames) : .null), ("camera", JSON(map.camera)),
            ("minZoom", .number(map.minZoom)), ("maxZoom", .number(map.maxZoom)),
            ("mapType", .string(mapType.rawValue)),
            ("animating", .bool(map.isAnimating)), ("seq", .integer(lastSeq)),
            ("serverInputToDrawMs", latency.map { .number($0) } ?? .null),
            ("events", .array(events)),
        ]).text
        events.removeAll()
        pendingInputAt = nil
        guard changed else {
            return FrameJob(viewport: viewport, overlays: [], mapType: mapType, scale: nil, state: state)
        }
        lastSentCamera = map.camera
        lastSentSize = map.frame
        lastSentType = mapType
        unacknowledged.append(now)
        lastSentPreview = moving
        return FrameJob(
            viewport: viewport, overlays: map.allOverlays.map(\.overlay), mapType: mapType,
            scale: moving ? Double(scale) / 2 : Double(scale), state: state, moving: moving)
    }

    /// Seconds until a frame may be due without new input or an acknowledgement: the next animation
    /// frame (1/60 s) while the map moves, the end of the preview window (when the resting camera
    /// is drawn again at full resolution), the expiry of the oldest unanswered frame.
    ///
    /// Nil when only a message can make a frame due; never below 1 ms.
    func wake(now: Double) -> Double? {
        var times: [Double] = unacknowledged.first.map { [$0 + 1 - now] } ?? []
        if unacknowledged.count < Self.framesInFlight {
            if map.isAnimating { times.append(1.0 / 60) }
            if lastSentPreview { times.append(lastInputAt + Self.previewWindow - now) }
        }
        return times.min().map { max($0, 0.001) }
    }

    /// The frame of the last job was not drawn (the server was busy, or drawing failed): the
    /// page is told in the next state's events, and the camera is drawn again.
    func frameFailed(_ failure: RequestError) {
        if !unacknowledged.isEmpty { unacknowledged.removeLast() }
        lastSentCamera = nil
        frames -= 1
        events.append(error("frame", failure.message))
    }
}
