import HummingbirdCore
import Logging
import NIOCore

/// A server child channel that puts a ``RequestHeadGuard`` in front of another one's pipeline
/// (here Hummingbird's HTTP/1 channel with the WebSocket upgrade), so limits hold from a
/// connection's first byte, before any HTTP parsing.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let limits: HTTPLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(RequestHeadGuard(limits: limits), position: .first)
        } catch { return channel.eventLoop.makeFailedFuture(error) }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async { await inner.handle(value: value, logger: logger) }
}
