import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// The first handler of every connection: it reads each request head as raw bytes before the HTTP
/// parser sees it and answers, at once and with a closed connection, what a production server
/// refuses: a head not complete in ``HTTPLimits/headerTimeout`` (408), a request line over
/// ``HTTPLimits/maxRequestLine`` (414), a head over ``HTTPLimits/maxHeadBytes`` or with more than
/// ``HTTPLimits/maxHeaders`` lines (431), bare LF line ends, a malformed request line or header, a
/// bad or repeated `Content-Length` (400), a method no route serves (405), and any request body
/// (413: no route takes one).
///
/// A connection with nothing sent either way for ``HTTPLimits/idleTimeout`` is closed; the clock
/// stops while a request is being answered (from its head until the response's first bytes; drawing
/// has its own deadline) and starts again with every write. Once a WebSocket upgrade head has
/// passed, the bytes are frames: it passes them on, only checking that each is masked
/// (``ClientFrameCheck``). Good heads are passed on unchanged.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let limits: HTTPLimits
    let logger: Logger
    var head: [UInt8] = []
    /// Line feeds in the head so far (the request line ends at the first).
    var lineFeeds = 0
    var upgraded = false, refused = false
    var frames = ClientFrameCheck()
    var headerTimer: Scheduled<Void>?, idleTimer: Scheduled<Void>?
    /// When the head being read began (for the access log's `ms`).
    var headStart: UInt64 = 0
    /// This handler's context, for answering a head the HTTP parser rejected (``parserRejected(_:)``).
    var context: ChannelHandlerContext?
    /// The method and target of the last head passed on, for the access log of a head the
    /// parser then rejects (the guard's own buffer has moved on by then).
    var lastPassed = (method: "", path: "")

    /// Set when the guard answers the connection itself (shared with ``GuardedChannel``).
    let answered: NIOLockedValueBox<Bool>

    init(limits: HTTPLimits, logger: Logger, answered: NIOLockedValueBox<Bool> = NIOLockedValueBox(false)) {
        self.limits = limits
        self.logger = logger
        self.answered = answered
    }

    func channelActive(context: ChannelHandlerContext) {
        resetIdle(context)
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { resetIdle(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        headerTimer?.cancel()
        idleTimer?.cancel()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !upgraded { resetIdle(context) }
        context.write(data, promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if upgraded {
            // Client frames must be masked (RFC 6455 §5.1): an unmasked one closes with 1002.
            guard frames.accept(unwrapInboundIn(data).readableBytesView) else {
                refused = true
                upgraded = false
                let close = context.channel.allocator.buffer(bytes: [0x88, 0x02, 0x03, 0xEA])
                context.writeAndFlush(wrapOutboundOut(.byteBuffer(close))).whenComplete { _ in
                    context.close(promise: nil)
                }
                return
            }
            context.fireChannelRead(data)
            return
        }
        guard !refused else { return }
        var buffer = unwrapInboundIn(data)
        resetIdle(context)
        while let byte = buffer.readInteger(as: UInt8.self) {
            if head.isEmpty && (byte == 13 || byte == 10) { continue }  // blank lines between requests
            if head.isEmpty {
                headStart = DispatchTime.now().uptimeNanoseconds
                startHeaderTimer(context)
            }
            head.append(byte)
            if byte == 10 {
                lineFeeds += 1
                // A bare LF would leave the head unterminated: refuse it now, not at the timeout.
                guard head.count >= 2, head[head.count - 2] == 13 else {
                    refuse(context, (400, "Bad Request", "line ends must be CRLF"))
                    return
                }
            }
            if let problem = sizeProblem() {
                refuse(context, problem)
                return
            }
            guard head.count >= 4, head[head.count - 4] == 13, head[head.count - 3] == 10, head[head.count - 2] == 13,
                byte == 10
            else { continue }
            headerTimer?.cancel()
            switch RequestHeadGrammar.check(head) {
            case let .refuse(problem):
                refuse(context, problem)
                return
            case let .pass(upgrade):
                lastPassed = RequestHeadGrammar.methodAndPath(head)
                var out = context.channel.allocator.buffer(capacity: head.count + buffer.readableBytes)
                out.writeBytes(head)
                head.removeAll(keepingCapacity: true)
                lineFeeds = 0
                if upgrade {
                    // A WebSocket session keeps its own time (``HTTPLimits/sessionTimeout``).
                    idleTimer?.cancel()
                    upgraded = true
                    // Frames may follow the head in the same read: check them too.
                    guard frames.accept(buffer.readableBytesView) else {
                        refuse(context, (400, "Bad Request", "unmasked WebSocket frame"))
                        return
                    }
                    out.writeBuffer(&buffer)
                }
                // Being answered: the idle clock waits for the response (its writes restart it), but
                // never longer than the drawing deadline past it, whatever happens after the guard.
                if !upgraded { resetIdle(context, after: limits.idleTimeout + limits.deadline) }
                context.fireChannelRead(wrapInboundOut(out))
                if upgraded { return }
            }
        }
    }

    typealias Problem = RequestHeadGrammar.Problem

    /// Refusals while the head is still arriving: a long request line (no CRLF yet) or a big head.
    func sizeProblem() -> Problem? {
        if head.count > limits.maxRequestLine, lineFeeds == 0 {
            return (414, "URI Too Long", "the request line is longer than \(limits.maxRequestLine) bytes")
        }
        if head.count > limits.maxHeadBytes {
            return (
                431, "Request Header Fields Too Large", "the request head is larger than \(limits.maxHeadBytes) bytes"
            )
        }
        if lineFeeds > limits.maxHeaders + 1 {
            return (431, "Request Header Fields Too Large", "more than \(limits.maxHeaders) header lines")
        }
        return nil
    }

    /// Answers `problem` and closes the connection; the answer is logged and counted as every
    /// answered request is (``AccessLog``, route `refused`).
    func refuse(_ context: ChannelHandlerContext, _ problem: Problem, passed: Bool = false) {
        guard !refused else { return }
        refused = true
        answered.withLockedValue { $0 = true }
        headerTimer?.cancel()
        let (method, path) = passed ? lastPassed : RequestHeadGrammar.methodAndPath(head)
        AccessLog.served(
            logger, method: method, path: path, route: "refused", status: problem.status,
            nanoseconds: headStart == 0 ? 0 : DispatchTime.now().uptimeNanoseconds - headStart)
        let body = RequestError("request", problem.message, status: problem.status).json.text
        let text =
            "HTTP/1.1 \(problem.status) \(problem.reason)\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer))).whenComplete { _ in context.close(promise: nil) }
    }

    /// The HTTP parser behind the guard rejected what the guard passed (``ParserErrorRelay``):
    /// 400 and close, as the guard's own refusals, instead of a connection left open.
    func parserRejected(_ error: any Error) {
        guard let context, !refused else { return }
        context.eventLoop.assertInEventLoop()
        refuse(context, (400, "Bad Request", "the request does not parse as HTTP/1.1"), passed: true)
    }

    func startHeaderTimer(_ context: ChannelHandlerContext) {
        headerTimer?.cancel()
        headerTimer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(limits.headerTimeout * 1e9))) {
            [weak self] in
            self?.refuse(
                context,
                (408, "Request Timeout", "the request head did not arrive within \(self?.limits.headerTimeout ?? 0) s"))
        }
    }

    /// Closes the connection `seconds` from now (the idle timeout by default) unless reset.
    func resetIdle(_ context: ChannelHandlerContext, after seconds: Double? = nil) {
        idleTimer?.cancel()
        idleTimer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64((seconds ?? limits.idleTimeout) * 1e9))) {
            context.close(promise: nil)
        }
    }
}
