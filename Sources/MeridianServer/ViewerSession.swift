import Foundation
import HummingbirdWebSocket
import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMap
import MeridianRender
import MeridianText
import NIOCore

/// One viewer connection: a `MapView` on the server's clock, driven by the page's input
/// through Meridian's gesture recognisers, streaming a PNG frame (then a JSON state message)
/// whenever the camera changed. A new frame is drawn only after the page acknowledged the
/// previous one (or 1 s passed), so under load frames are skipped while every input is applied.
///
/// Messages from the page (JSON text): `{"type":"resize","width":W,"height":H,"scale":S}`,
/// `{"type":"down|move|up|cancel","id":N,"x":X,"y":Y,"seq":Q}`, `{"type":"wheel","x":X,"y":Y,"delta":D,"seq":Q}`,
/// `{"type":"key","key":"up|down|left|right|zoomIn|zoomOut"}`, `{"type":"example","name":E}`,
/// `{"type":"maptype","name":T}`, `{"type":"ack"}`. Bad messages are answered with an
/// `{"type":"error",…}` message and otherwise ignored.
@MainActor
final class ViewerSession {
    let map: MapView
    /// The map's clock; input is stamped with it on arrival.
    let clock = SystemClock()
    var mapType = "normal"
    var scale = 1
    var events: [JSON] = []
    var lastSentCamera: CameraPosition?
    var lastSentSize: ScreenSize?
    var lastSentType = ""
    var waitingSince: Double?
    /// The newest input sequence number applied, and when the oldest input not yet shown arrived.
    var lastSeq = 0
    var pendingInputAt: Double?
    var frames = 0

    static let home = try! CameraPosition(target: Coordinate(latitude: 60.1699, longitude: 24.9465), zoom: 15)

    init() {
        map = try! MapView(options: MapOptions(frame: ScreenSize(width: 800, height: 600), camera: Self.home), clock: clock)
        map.onEvent = { [weak self] event in self?.record(event) }
    }

    func record(_ event: MapEvent) {
        guard events.count < 200 else { return }
        switch event {
        case let .willMove(gesture): events.append(.object([("event", .string("willMove")), ("gesture", .bool(gesture))]))
        case let .didChange(c): events.append(.object([("event", .string("didChange")), ("camera", JSON(c))]))
        case let .idle(c): events.append(.object([("event", .string("idleAt")), ("camera", JSON(c))]))
        case let .tapMap(c): events.append(.object([("event", .string("tapAt")), ("coordinate", JSON(c))]))
        case let .tapOverlay(id): events.append(.object([("event", .string("tapOverlay")), ("overlay", .integer(id.rawValue))]))
        }
    }

    /// What the frame loop draws next: nil when nothing changed or the page has not shown the
    /// last frame yet.
    struct FrameJob: Sendable {
        let viewport: Viewport
        let overlays: [Overlay]
        let mapType: String
        let scale: Int
        let state: String
    }

    func nextFrame(now: Double) -> FrameJob? {
        map.tick()
        if let since = waitingSince, now - since < 1 { return nil }
        let viewport = map.projection
        let changed = lastSentCamera != map.camera || lastSentSize != map.frame || lastSentType != mapType
        guard changed || !events.isEmpty else { return nil }
        let latency = pendingInputAt.map { (now - $0) * 1000 }
        frames += changed ? 1 : 0
        let state = JSON.object([
            ("type", .string("state")), ("frame", changed ? .integer(frames) : .null), ("camera", JSON(map.camera)),
            ("minZoom", .number(map.minZoom)), ("maxZoom", .number(map.maxZoom)), ("mapType", .string(mapType)),
            ("animating", .bool(map.isAnimating)), ("seq", .integer(lastSeq)), ("serverInputToDrawMs", latency.map { .number($0) } ?? .null),
            ("events", .array(events)),
        ]).text
        events.removeAll()
        pendingInputAt = nil
        guard changed else { return FrameJob(viewport: viewport, overlays: [], mapType: "", scale: 0, state: state) }
        lastSentCamera = map.camera
        lastSentSize = map.frame
        lastSentType = mapType
        waitingSince = now
        return FrameJob(viewport: viewport, overlays: map.allOverlays.map(\.overlay), mapType: mapType, scale: scale, state: state)
    }
}
