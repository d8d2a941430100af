import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import MeridianCamera
import MeridianText
import Metrics
import MeridianRender
import Foundation
import NIOCore

extension ViewerSession {
    /// Serves one WebSocket connection until the page closes it or goes silent for
    /// ``HTTPLimits/sessionTimeout`` (then close 1001): a frame loop beside the input reader and
    /// a watchdog. The loop draws only on change (at most two frames unacknowledged) and
    /// otherwise sleeps until a message rings its ``Doorbell`` or the session's next deadline
    /// passes. The session shows `start` first (else the data's home).
    static func run(service: MapService, start: CameraPosition? = nil, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        // At most ``HTTPLimits/maxSessions`` at once: one more is closed with 1013 (try again later).
        let admitted = service.sessions.withLockedValue { open -> Bool in
            guard open < service.limits.maxSessions else { return false }
            open += 1
            return true
        }
        guard admitted else {
            try await outbound.close(.unknown(1013), reason: "too many viewer sessions; try again later")
            return
        }
        defer { service.sessions.withLockedValue { $0 -= 1 } }
        let connection = ViewerConnection(home: service.home, start: start)
        let doorbell = Doorbell(), timeout = service.limits.sessionTimeout
        /// How the session ended: the page closed it, or it went silent.
        enum End: Sendable { case closed, silent }
        let end = try await withThrowingTaskGroup(of: End.self) { group in
            group.addTask {
                try await frames(service: service, connection: connection, doorbell: doorbell, outbound: outbound)
                return .closed
            }
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case let .text(text) = message else { continue }
                    await connection.handle(text)
                    doorbell.ring()
                }
                return .closed
            }
            group.addTask {
                // The watchdog: sleeps until the silence would reach the timeout, then looks again.
                while true {
                    let silence = await connection.silence()
                    if silence >= timeout { return .silent }
                    try await Task.sleep(for: .milliseconds(Int64(((timeout - silence) * 1000).rounded(.up))))
                }
            }
            let first = try await group.next() ?? .closed
            group.cancelAll()
            return first
        }
        if end == .silent {
            Counter(label: "meridian_viewer_sessions_closed_idle_total").increment()
            try? await outbound.close(.goingAway, reason: "no message from the page for \(Int(timeout.rounded())) s")
        }
    }

    /// The frame loop: draws and sends each due frame and its state, then sleeps on `doorbell`
    /// until a message or the session's next deadline. Ends when cancelled.
    static func frames(service: MapService, connection: ViewerConnection, doorbell: Doorbell, outbound: WebSocketOutboundWriter) async throws {
        while !Task.isCancelled {
            let (job, wake) = await connection.next()
            guard let job else {
                await doorbell.wait(timeout: wake)
                continue
            }
            if job.scale != nil {
                let pixels = job.viewport.size.width * job.viewport.size.height * (job.scale ?? 1) * (job.scale ?? 1)
                do {
                    let frame = try await service.gate.run(pixels: pixels) { deadline throws(RequestError) in try service.frame(job, deadline: deadline) }
                    try await outbound.write(.binary(ByteBuffer(bytes: frame)))
                } catch let failure as RequestError {
                    // Busy or failed: the page hears why, and the frame is drawn again shortly.
                    await connection.frameFailed(failure)
                    try await Task.sleep(for: .milliseconds(250))
                    continue
                }
            }
            try await outbound.write(.text(job.state))
        }
    }

    /// The camera a session starts at: `camera=lat,lng,zoom[,bearing[,tilt]]` of the session's
    /// URL (``TextValues/camera(_:)``), nil without one.
    /// - Throws: ``TextError`` naming what does not parse.
    static func start(_ uri: URI) throws(TextError) -> CameraPosition? {
        guard let text = uri.queryParameters["camera"] else { return nil }
        return try TextValues.camera(String(text.prefix(256)))
    }
}

extension MapService {
    /// A viewer frame (never cached: sessions move continuously): JPEG while the camera moves,
    /// PNG at rest (the page decodes either); rasterised on two threads for latency.
    func frame(_ job: ViewerSession.FrameJob, deadline: Date? = nil) throws(RequestError) -> [UInt8] {
        try drawing(job.mapType, credit: true, deadline: deadline, bands: 2) { renderer, sources, cache in
            let image = try reported(renderer.draw(job.viewport, sources: sources, overlays: job.overlays, scale: job.scale ?? 1, cache: cache))
            try renderer.check("encoding")
            return job.moving ? try image.jpeg() : try image.png()
        }
    }
}
