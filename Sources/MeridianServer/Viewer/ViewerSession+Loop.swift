import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import MeridianCamera
import MeridianRender
import MeridianServing
import MeridianText
import Metrics
import NIOConcurrencyHelpers
import NIOCore

extension ViewerSession {
    /// Serves one WebSocket connection until the page closes it, goes silent for
    /// ``HTTPLimits/sessionTimeout`` (then close 1001), or loses its place to a newcomer after
    /// ``HTTPLimits/sessionGrace`` of silence (``ViewerSeats``; close 1001 too): a frame loop
    /// beside the input reader and a watchdog.
    ///
    /// The loop draws only on change (at most two frames unacknowledged) and otherwise sleeps until
    /// a message rings its ``Doorbell`` or the session's next deadline passes. The session shows
    /// `start` first (else the data's home).
    static func run(
        service: MapService, start: CameraPosition? = nil, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async throws {
        let connection = ViewerConnection(home: service.data.home, start: start)
        let doorbell = Doorbell()
        let timeout = service.limits.sessionTimeout
        let seat = NIOLockedValueBox<ViewerSeats.Ticket?>(nil)
        defer { seat.withLockedValue { $0 }.map { service.seats.leave($0.id) } }
        let end = try await withThrowingTaskGroup(of: End.self) { group in
            // The input reader runs from the start: a newcomer waiting for a place answers the
            // server's pings (read here) and its page's size is known when it is seated.
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case let .text(text) = message else { continue }
                    if let id = seat.withLockedValue({ $0?.id }) { service.seats.heard(id) }
                    await connection.handle(text)
                    doorbell.ring()
                }
                return .closed
            }
            group.addTask {
                // A place under ``HTTPLimits/maxSessions``, else close 1013 (try again later).
                guard let ticket = await service.seats.take() else { return .refused }
                seat.withLockedValue { $0 = ticket }
                return try await seated(
                    ticket, service: service, connection: connection, doorbell: doorbell, outbound: outbound)
            }
            let first = try await group.next() ?? .closed
            group.cancelAll()
            return first
        }
        switch end {
        case .closed: break
        case .refused:
            try? await outbound.close(.unknown(1013), reason: "every viewer place is in use; try again later")
        case .silent:
            Counter(label: "meridian_viewer_sessions_closed_idle_total").increment()
            try? await outbound.close(.goingAway, reason: "no message from the page for \(Int(timeout.rounded())) s")
        case .evicted:
            try? await outbound.close(.goingAway, reason: "another viewer took this place after this page's silence")
        }
    }

    /// How a session ended: the page closed it, it went silent, a newcomer took its place, or
    /// it found no place.
    enum End: Sendable { case closed, silent, evicted, refused }

    /// A seated session: the frame loop beside a watchdog that waits until the silence would
    /// reach the timeout or the place is taken (the ticket's bell), then looks again.
    static func seated(
        _ ticket: ViewerSeats.Ticket, service: MapService, connection: ViewerConnection, doorbell: Doorbell,
        outbound: WebSocketOutboundWriter
    ) async throws -> End {
        let timeout = service.limits.sessionTimeout
        return try await withThrowingTaskGroup(of: End.self) { group in
            group.addTask {
                try await frames(service: service, connection: connection, doorbell: doorbell, outbound: outbound)
                return .closed
            }
            group.addTask {
                while true {
                    guard let silence = service.seats.silence(ticket.id) else { return .evicted }
                    if silence >= timeout { return .silent }
                    if await ticket.bell.wait(timeout: timeout - silence) == .cancelled { return .closed }
                }
            }
            let first = try await group.next() ?? .closed
            group.cancelAll()
            return first
        }
    }

    /// The frame loop: draws and sends each due frame and its state, then sleeps on `doorbell`
    /// until a message or the session's next deadline.
    ///
    /// Ends when cancelled.
    static func frames(
        service: MapService, connection: ViewerConnection, doorbell: Doorbell, outbound: WebSocketOutboundWriter
    ) async throws {
        while !Task.isCancelled {
            let (job, wake) = await connection.next()
            guard let job else {
                await doorbell.wait(timeout: wake)
                continue
            }
            if job.scale != nil {
                let pixels = job.viewport.size.width * job.viewport.size.height * (job.scale ?? 1) * (job.scale ?? 1)
                do {
                    let frame = try await service.gate.run(pixels: pixels) { deadline throws(RequestError) in
                        try service.serving { () throws(ServingError) in
                            try job.drawn(by: service.drawer, deadline: deadline)
                        }
                    }
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
    /// URL (`TextValues/camera(_:)`), nil without one.
    /// - Throws: `TextError` naming what does not parse.
    static func start(_ uri: URI) throws(TextError) -> CameraPosition? {
        guard let text = uri.queryParameters["camera"] else { return nil }
        return try TextValues.camera(String(text.prefix(256)))
    }
}
