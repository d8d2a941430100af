import MeridianTiles
import Foundation
import MeridianRender
import NIOConcurrencyHelpers
import NIOPosix

/// Where drawing runs, off the event loops: two lanes of worker threads, so cheap drawings (tiles,
/// small maps: at most ``lightPixels``) never wait behind expensive ones, each lane with a bounded
/// queue (``HTTPLimits/maxQueue``) and a deadline on the monotonic clock (``HTTPLimits/deadline``,
/// counted from the request's arrival at the gate).
///
/// A drawing that finds its lane's queue full, or that waited past the deadline, is not drawn; one
/// that is still drawing at the deadline is abandoned by the renderer (`MapRenderer/deadline`).
/// Each is a 503 with `Retry-After`, so no request holds a worker longer than the deadline.
final class DrawingGate: Sendable {
    /// Pixels (width × height × scale²) up to which a drawing takes the light lane.
    static let lightPixels = 1 << 20

    struct Lane: Sendable {
        let pool: NIOThreadPool
        let threads: Int
        let inFlight = NIOLockedValueBox(0)
    }

    let light: Lane, heavy: Lane
    let limits: HTTPLimits

    init(limits: HTTPLimits, threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        self.limits = limits
        light = Lane(pool: NIOThreadPool(numberOfThreads: threads), threads: threads)
        heavy = Lane(pool: NIOThreadPool(numberOfThreads: threads), threads: threads)
        light.pool.start()
        heavy.pool.start()
    }

    /// Drawings waiting or running, over both lanes.
    var queued: Int { light.inFlight.withLockedValue { $0 } + heavy.inFlight.withLockedValue { $0 } }

    /// Runs `body` on the lane for `pixels`, giving it the time it must be done by.
    /// - Throws: the body's ``RequestError``; 503 when the lane is full or the wait passed the deadline.
    func run<T: Sendable>(
        pixels: Double, _ body: @escaping @Sendable (_ deadline: Deadline) throws(RequestError) -> T
    ) async throws(RequestError) -> T {
        let lane = pixels <= Double(Self.lightPixels) ? light : heavy
        let admitted = lane.inFlight.withLockedValue { count -> Bool in
            guard count < lane.threads + limits.maxQueue else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw RequestError(
                "server", "busy: \(limits.maxQueue) drawings are waiting; try again shortly", status: 503)
        }
        defer { lane.inFlight.withLockedValue { $0 -= 1 } }
        let deadline = Deadline.after(seconds: limits.deadline)
        let seconds = limits.deadline
        do {
            return try await lane.pool.runIfActive { () throws -> T in
                guard !deadline.hasPassed else {
                    throw RequestError(
                        "server", "busy: the drawing waited past the \(seconds) s deadline; try again shortly",
                        status: 503)
                }
                return try body(deadline)
            }
        } catch let error as RequestError { throw error } catch {
            throw RequestError("server", "\(error)", status: 503)
        }
    }
}
