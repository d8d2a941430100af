import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A server child channel that puts a ``RequestHeadGuard`` in front of another one's pipeline
/// (here Hummingbird's HTTP/1 channel with the WebSocket upgrade), so limits hold from a
/// connection's first byte, before any HTTP parsing; and a ``ParserErrorRelay`` right behind
/// the HTTP parser, so a head the guard passed but the parser rejects is still answered.
///
/// A connection the guard answered itself (a refusal, already in the access log) ends the
/// inner channel's upgrade negotiation without a request; what the inner channel logs about
/// that is expected, so it goes to `debug` (``RefusedConnectionLogHandler``), not `error`.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let inner: Inner.Value
        /// Set once the guard has answered the connection itself.
        let answered: NIOLockedValueBox<Bool>
        var channel: any Channel { inner.channel }
    }

    let inner: Inner
    let limits: HTTPLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let answered = NIOLockedValueBox(false)
        let guardHandler = RequestHeadGuard(limits: limits, logger: logger, answered: answered)
        do {
            try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
        } catch { return channel.eventLoop.makeFailedFuture(error) }
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(
                type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(
                ParserErrorRelay(guardHandler: guardHandler), position: .after(decoder))
            return Value(inner: value, answered: answered)
        }
    }

    func handle(value: Value, logger: Logger) async {
        var quieted = Logger(label: logger.label) { _ in
            RefusedConnectionLogHandler(inner: logger.handler, answered: value.answered)
        }
        quieted.logLevel = logger.logLevel
        await inner.handle(value: value.inner, logger: quieted)
    }
}

/// Sits right behind the HTTP parser: a parse error (a head the guard's grammar passed but the
/// parser does not) is answered by the guard with 400 and a close, instead of travelling on to the
/// upgrade negotiation, which would leave the connection open with no answer.
///
/// Other errors pass on.
final class ParserErrorRelay: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    let guardHandler: RequestHeadGuard

    init(guardHandler: RequestHeadGuard) { self.guardHandler = guardHandler }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { context.fireChannelRead(data) }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else { return context.fireErrorCaught(error) }
        guardHandler.parserRejected(error)
    }
}

/// The server's log handler for one connection, except that once the guard has answered the
/// connection itself every entry is lowered to `debug` (the inner channel then reports the
/// end of a negotiation that never got a request, which is no error).
struct RefusedConnectionLogHandler: LogHandler {
    var inner: any LogHandler
    let answered: NIOLockedValueBox<Bool>

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }
    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }
    var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        guard answered.withLockedValue({ $0 }) else { return inner.log(event: event) }
        guard inner.logLevel <= .debug else { return }
        var lowered = event
        lowered.level = .debug
        inner.log(event: lowered)
    }
}
