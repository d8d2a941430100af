import Dispatch
import MeridianTiles
import NIOCore

/// What `future` (another read's fetch of `url`) gives, waited for until `frame` and at most
/// `timeout` seconds: a read that joins a fetch already in flight is held to its own deadline, not
/// to the fetching read's.
/// - Throws: the fetch's `TileError`; `TileError.unavailable` when the wait ran out first, or the
///   fetch failed otherwise.
func awaited<T: Sendable>(
    _ future: EventLoopFuture<T>, url: String, until frame: Deadline, timeout: Int64
) throws(TileError) -> T {
    let seconds = min(frame.secondsLeft ?? Double(timeout), Double(timeout))
    guard seconds > 0 else { throw .unavailable(url: url, reason: "the frame's deadline passed", retryAfter: 1) }
    let done = DispatchSemaphore(value: 0)
    future.whenComplete { _ in done.signal() }
    guard done.wait(timeout: .now() + seconds) == .success else {
        throw .unavailable(
            url: url, reason: "another read's request of it outlasted this read's deadline", retryAfter: 1)
    }
    do { return try future.wait() } catch let error as TileError { throw error } catch {
        throw .unavailable(url: url, reason: "\(error)", retryAfter: 1)
    }
}
