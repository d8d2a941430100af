/// The limits `meridian serve` holds every connection to, each with a default and an option.
///
/// They are enforced on the raw bytes before HTTP parsing (`RequestHeadGuard`), so a client that
/// sends slowly, too much, or garbage gets a prompt JSON error and a closed connection.
public struct HTTPLimits: Sendable, Hashable {
    /// Seconds a request head may take to arrive in full (slowloris): 408 and close.
    ///
    /// Default 10.
    public var headerTimeout: Double = 10
    /// Seconds a connection may sit with nothing sent either way (idle keep-alive): closed.
    ///
    /// Default 30.
    public var idleTimeout: Double = 30
    /// Bytes of a request line: past it, 414. Default 16 KiB (the static-map APIs' URL limit;
    /// a 2,000-point path fits as an encoded polyline).
    public var maxRequestLine = 16 << 10
    /// Bytes of a whole request head: past it, 431. Default 32 KiB.
    public var maxHeadBytes = 32 << 10
    /// Header lines in a head: past it, 431. Default 100.
    public var maxHeaders = 100
    /// Viewer sessions open at once.
    ///
    /// At the cap a newcomer takes the place of the session silent longest once that silence
    /// reaches ``sessionGrace`` (waiting for it, at most the grace); it is refused (WebSocket close
    /// 1013) only when every place is held by a session whose page spoke within the grace. Default
    /// 64.
    public var maxSessions = 64
    /// Seconds of silence after which a viewer session may lose its place to a newcomer at the
    /// ``maxSessions`` cap (close 1001; the page resumes on its next input), so idle tabs cannot
    /// hold the cap.
    ///
    /// Default 10.
    public var sessionGrace: Double = 10
    /// Seconds a viewer session may go without a message from its page (input, a resize, the
    /// acknowledgement of a frame): past it, the session is closed with WebSocket code 1001 ("going
    /// away") and its place under ``maxSessions`` is free again; the viewer page reconnects, where
    /// it was, on its next input.
    ///
    /// Besides, the server pings every session every ``sessionPing`` seconds and closes one whose
    /// pong has not come back by the next ping (a peer that vanished). Default 300.
    public var sessionTimeout: Double = 300
    /// Seconds between the WebSocket pings of a viewer session (RFC 6455 §5.5.2).
    ///
    /// Default 30.
    public var sessionPing: Double = 30
    /// Drawings waiting for a worker, beyond those being drawn: one more is a 503 with
    /// `Retry-After`.
    ///
    /// Default 32.
    public var maxQueue = 32
    /// Seconds a drawing request may take from its arrival at the drawing gate, waiting for a
    /// worker and drawing: past it, the wait ends or the drawing is abandoned at its next check
    /// (`MapRenderer.deadline`) and the answer is 503 with `Retry-After`.
    ///
    /// Default 10.
    public var deadline: Double = 10

    public init() {}

    /// Checks that every limit is positive and finite.
    /// - Throws: ``RequestError`` naming the limit.
    public func validate() throws(RequestError) {
        for (name, value) in [
            ("header-timeout", headerTimeout), ("idle-timeout", idleTimeout), ("deadline", deadline),
            ("session-timeout", sessionTimeout), ("session-grace", sessionGrace),
            ("session-ping", sessionPing),
        ] where !(value > 0 && value <= 86_400) {
            throw RequestError(name, "must be a number of seconds in (0, 86400], got \(value)")
        }
        for (name, value) in [
            ("max-request-line", maxRequestLine), ("max-head-bytes", maxHeadBytes), ("max-headers", maxHeaders),
            ("max-sessions", maxSessions), ("max-queue", maxQueue),
        ] where !(1...(1 << 30)).contains(value) {
            throw RequestError(name, "must be a positive count, got \(value)")
        }
    }
}
