import HummingbirdWebSocket
import MeridianRender
import Foundation
import NIOCore

extension ViewerSession {
    /// Serves one WebSocket connection until the page closes it: a frame loop beside the input
    /// reader. The loop draws only on change (at most two frames unacknowledged) and otherwise
    /// sleeps until a message rings its ``Doorbell`` or the session's next deadline passes.
    static func run(service: MapService, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
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
        let connection = ViewerConnection(home: service.home)
        let doorbell = Doorbell()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
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
            for try await message in inbound.messages(maxSize: 1 << 16) {
                guard case let .text(text) = message else { continue }
                await connection.handle(text)
                doorbell.ring()
            }
            group.cancelAll()
        }
    }
}

extension MapService {
    /// A viewer frame (never cached: sessions move continuously): JPEG while the camera moves,
    /// PNG at rest (the page decodes either); rasterised on two threads for latency.
    func frame(_ job: ViewerSession.FrameJob, deadline: Date? = nil) throws(RequestError) -> [UInt8] {
        try drawing(job.mapType, credit: true, deadline: deadline, bands: 2) { renderer, sources, cache in
            let image = try renderer.draw(job.viewport, sources: sources, overlays: job.overlays, scale: job.scale ?? 1, cache: cache)
            try renderer.check("encoding")
            return job.moving ? try image.jpeg() : try image.png()
        }
    }
}
