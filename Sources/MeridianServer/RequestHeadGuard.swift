import Foundation
import NIOCore

/// The first handler of every connection: it reads each request head as raw bytes before the
/// HTTP parser sees it and answers, at once and with a closed connection, what a production
/// server refuses: a head not complete in ``HTTPLimits/headerTimeout`` (408), a request line
/// over ``HTTPLimits/maxRequestLine`` (414), a head over ``HTTPLimits/maxHeadBytes`` or with
/// more than ``HTTPLimits/maxHeaders`` lines (431), bare LF line ends, a malformed request
/// line or header, a bad or repeated `Content-Length` (400), a method no route serves (405),
/// and any request body (413: no route takes one). A connection with nothing sent either way
/// for ``HTTPLimits/idleTimeout`` is closed; the clock stops while a request is being answered
/// (from its head until the response's first bytes; drawing has its own deadline) and starts
/// again with every write. Once a WebSocket upgrade head has passed, the
/// bytes are frames: it passes them on, only checking that each is masked (``ClientFrameCheck``).
/// Good heads are passed on unchanged.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    static let methods: Set<String> = ["GET", "HEAD", "OPTIONS"]
    let limits: HTTPLimits
    var head: [UInt8] = []
    /// Line feeds in the head so far (the request line ends at the first).
    var lineFeeds = 0
    var upgraded = false, refused = false
    var frames = ClientFrameCheck()
    var headerTimer: Scheduled<Void>?, idleTimer: Scheduled<Void>?

    init(limits: HTTPLimits) { self.limits = limits }

    func channelActive(context: ChannelHandlerContext) {
        resetIdle(context)
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) { if context.channel.isActive { resetIdle(context) } }

    func handlerRemoved(context: ChannelHandlerContext) {
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
                context.writeAndFlush(wrapOutboundOut(.byteBuffer(close))).whenComplete { _ in context.close(promise: nil) }
                return
            }
            context.fireChannelRead(data)
            return
        }
        guard !refused else { return }
        var buffer = unwrapInboundIn(data)
        resetIdle(context)
        while let byte = buffer.readInteger(as: UInt8.self) {
            if head.isEmpty && (byte == 13 || byte == 10) { continue }   // blank lines between requests
            if head.isEmpty { startHeaderTimer(context) }
            head.append(byte)
            if byte == 10 {
                lineFeeds += 1
                // A bare LF would leave the head unterminated: refuse it now, not at the timeout.
                guard head.count >= 2, head[head.count - 2] == 13 else { refuse(context, (400, "Bad Request", "line ends must be CRLF")); return }
            }
            if let problem = sizeProblem() { refuse(context, problem); return }
            guard head.count >= 4, head[head.count - 4] == 13, head[head.count - 3] == 10, head[head.count - 2] == 13, byte == 10 else { continue }
            headerTimer?.cancel()
            idleTimer?.cancel()   // being answered: not idle (the response's writes restart the clock)
            switch Self.check(head) {
            case let .refuse(problem): refuse(context, problem); return
            case let .pass(upgrade):
                var out = context.channel.allocator.buffer(capacity: head.count + buffer.readableBytes)
                out.writeBytes(head)
                head.removeAll(keepingCapacity: true)
                lineFeeds = 0
                if upgrade {
                    // A WebSocket session keeps its own time (the viewer may rest for long).
                    upgraded = true
                    // Frames may follow the head in the same read: check them too.
                    guard frames.accept(buffer.readableBytesView) else { refuse(context, (400, "Bad Request", "unmasked WebSocket frame")); return }
                    out.writeBuffer(&buffer)
                }
                context.fireChannelRead(wrapInboundOut(out))
                if upgraded { return }
            }
        }
    }

    /// A refusal: status, reason phrase, message.
    typealias Problem = (status: Int, reason: String, message: String)

    enum Verdict { case pass(upgrade: Bool), refuse(Problem) }

    /// Refusals while the head is still arriving: a long request line (no CRLF yet) or a big head.
    func sizeProblem() -> Problem? {
        if head.count > limits.maxRequestLine, lineFeeds == 0 {
            return (414, "URI Too Long", "the request line is longer than \(limits.maxRequestLine) bytes")
        }
        if head.count > limits.maxHeadBytes { return (431, "Request Header Fields Too Large", "the request head is larger than \(limits.maxHeadBytes) bytes") }
        if lineFeeds > limits.maxHeaders + 1 {
            return (431, "Request Header Fields Too Large", "more than \(limits.maxHeaders) header lines")
        }
        return nil
    }

    /// Checks a complete head (ending in CRLF CRLF).
    static func check(_ head: [UInt8]) -> Verdict {
        for i in head.indices where head[i] == 10 && (i == 0 || head[i - 1] != 13) {
            return .refuse((400, "Bad Request", "line ends must be CRLF"))
        }
        let lines = String(decoding: head.dropLast(4), as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }), !parts[0].isEmpty,
              parts[1].first == "/" || parts[1] == "*" || parts[1].hasPrefix("http"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .refuse((400, "Bad Request", "malformed request line"))
        }
        guard methods.contains(String(parts[0])) else { return .refuse((405, "Method Not Allowed", "method \(parts[0].prefix(16)) is not served")) }
        var lengths = 0, upgrade = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line[..<colon].contains(" ") else {
                return .refuse((400, "Bad Request", "malformed header line"))
            }
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "content-length":
                lengths += 1
                guard lengths == 1, let n = Int(value), n >= 0 else { return .refuse((400, "Bad Request", "bad or repeated Content-Length")) }
                if n > 0 { return .refuse((413, "Content Too Large", "no route takes a request body")) }
            case "transfer-encoding": return .refuse((413, "Content Too Large", "no route takes a request body"))
            case "upgrade": upgrade = value.lowercased() == "websocket"
            default: break
            }
        }
        return .pass(upgrade: upgrade)
    }

    func refuse(_ context: ChannelHandlerContext, _ problem: Problem) {
        refused = true
        headerTimer?.cancel()
        let body = #"{"error":{"parameter":"request","message":"\#(problem.message)","status":\#(problem.status)}}"#
        let text = "HTTP/1.1 \(problem.status) \(problem.reason)\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let buffer = context.channel.allocator.buffer(string: text)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer))).whenComplete { _ in context.close(promise: nil) }
    }

    func startHeaderTimer(_ context: ChannelHandlerContext) {
        headerTimer?.cancel()
        headerTimer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(limits.headerTimeout * 1e9))) { [weak self] in
            self?.refuse(context, (408, "Request Timeout", "the request head did not arrive within \(self?.limits.headerTimeout ?? 0) s"))
        }
    }

    func resetIdle(_ context: ChannelHandlerContext) {
        idleTimer?.cancel()
        idleTimer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(limits.idleTimeout * 1e9))) { context.close(promise: nil) }
    }
}
