import HummingbirdWebSocket
import MeridianRender
import NIOCore

extension ViewerSession {
    /// Serves one WebSocket connection until the page closes it: a frame loop (about 250 checks
    /// a second; frames only on change, at most two unacknowledged) beside the input reader.
    nonisolated static func run(service: MapService, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let home = service.home
        let session = await MainActor.run { ViewerSession(home: home) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    if let job = await MainActor.run(body: { session.nextFrame(now: session.clock.now) }) {
                        if job.scale != nil {
                            let png = try await MeridianServer.render { () throws(RequestError) in try service.frame(job) }
                            try await outbound.write(.binary(ByteBuffer(bytes: png)))
                        }
                        try await outbound.write(.text(job.state))
                    }
                    try await Task.sleep(for: .milliseconds(4))
                }
            }
            for try await message in inbound.messages(maxSize: 1 << 16) {
                guard case let .text(text) = message else { continue }
                await MainActor.run { session.handle(text, now: session.clock.now) }
            }
            group.cancelAll()
        }
    }
}

extension MapService {
    /// A viewer frame (never cached: sessions move continuously).
    func frame(_ job: ViewerSession.FrameJob) throws(RequestError) -> [UInt8] {
        try draw(mapType: job.mapType, viewport: job.viewport, overlays: job.overlays, scale: job.scale ?? 1)
    }
}
