import Foundation
@testable import MeridianServer
import MeridianTestSupport
import NIOConcurrencyHelpers
import Testing

/// Clients as a hostile one behaves, against the live server with short limits (so the tests
/// are quick): every malformed request gets a prompt JSON error and a closed connection; slow
/// and idle connections are closed; sessions beyond the cap are refused.
@Suite(
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"),
    .serialized)
struct HostileClientTests {
    static var limits: HTTPLimits {
        var l = HTTPLimits()
        (l.headerTimeout, l.idleTimeout, l.maxSessions) = (0.5, 1, 1)
        return l
    }

    static func port(_ base: String) -> Int { Int(base.split(separator: ":").last!)! }

    /// The malformed requests by name (the long ones are made here, so test logs stay short).
    static let requests: [String: String] = [
        "unknown method": "BREW / HTTP/1.1\r\nHost: x\r\n\r\n", "garbage": "\u{1}\u{2}garbage\r\n\r\n",
        "bare LF": "GET / HTTP/1.1\nHost: x\n\n",
        "bad length": "GET /health HTTP/1.1\r\nContent-Length: x\r\n\r\n",
        "two lengths": "GET /health HTTP/1.1\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
        "10 MB body": "GET /health HTTP/1.1\r\nContent-Length: 10000000\r\n\r\n",
        "chunked body": "GET /health HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        "1,000 headers": "GET /health HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 1000) + "\r\n",
        "100 KB URL": "GET /staticmap?" + String(repeating: "m", count: 100_000) + " HTTP/1.1\r\n\r\n",
        "48 KB head": "GET /health HTTP/1.1\r\n"
            + (0..<80).map { "X-\($0): " + String(repeating: "v", count: 600) + "\r\n" }.joined() + "\r\n",
        "HTTP/2.0 line": "GET /health HTTP/2.0\r\n\r\n",
        "header without colon": "GET /health HTTP/1.1\r\nNo colon here\r\n\r\n",
    ]

    @Test(
        "malformed, oversized and body-carrying requests get their status and a closed connection at once",
        arguments: [
            ("unknown method", "405"), ("garbage", "400"), ("bare LF", "400"), ("bad length", "400"),
            ("two lengths", "400"), ("10 MB body", "413"),
            ("chunked body", "413"), ("1,000 headers", "431"), ("100 KB URL", "414"), ("48 KB head", "431"),
            ("HTTP/2.0 line", "400"),
            ("header without colon", "400"),
        ])
    func malformed(name: String, status: String) async throws {
        let request = try #require(Self.requests[name])
        try await withLiveServer(limits: Self.limits) { base in
            let client = try RawHTTP(port: Self.port(base))
            defer { client.close() }
            client.send(request)
            let (text, closed) = await client.receive(timeout: 3)
            #expect(
                text.hasPrefix("HTTP/1.1 \(status) ") && text.contains(#""status":\#(status)"#) && closed,
                "\(text.prefix(200))")
        }
    }

    @Test(
        "a head sent a byte at a time is answered 408 when the header timeout passes; an idle keep-alive connection is closed"
    )
    func slowAndIdle() async throws {
        try await withLiveServer(limits: Self.limits) { base in
            let slow = try RawHTTP(port: Self.port(base))
            defer { slow.close() }
            slow.send("GET /hea")
            let (text, closed) = await slow.receive(timeout: 3)
            #expect(text.hasPrefix("HTTP/1.1 408 ") && closed, "\(text.prefix(200))")
            // A good request is served, and the connection then closes after the idle timeout.
            let idle = try RawHTTP(port: Self.port(base))
            defer { idle.close() }
            idle.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            let (reply, closedAfter) = await idle.receive(timeout: 4)
            #expect(reply.hasPrefix("HTTP/1.1 200 ") && reply.contains("\"ok\"") && closedAfter, "\(reply.prefix(200))")
            // Meanwhile the server answers everyone else.
            #expect(try await get(base + "/health").status == 200)
        }
    }

    @Test("an unmasked frame from a viewer closes its connection with 1002 (RFC 6455 §5.1)")
    func unmasked() async throws {
        try await withLiveServer(limits: Self.limits) { base in
            let client = try RawHTTP(port: Self.port(base))
            defer { client.close() }
            client.send(
                "GET /session HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            _ = await client.receiveBytes(timeout: 1)
            client.send([0x81, 0x02, 0x68, 0x69])  // "hi", unmasked
            let (bytes, closed) = await client.receiveBytes(timeout: 3)
            let close = bytes.lastIndex(of: 0x88)
            #expect(
                closed && close.map { bytes.count > $0 + 3 && bytes[$0 + 2] == 0x03 && bytes[$0 + 3] == 0xEA } == true,
                "\(bytes.suffix(16))")
        }
    }

    /// A map that takes the heavy lane and a second or more to draw: 1024 × 1024 points at scale 2, tilted over Helsinki.
    static let heavyMap = "/staticmap?center=60.17,24.94&zoom=15&size=1024x1024&scale=2&tilt=40"

    @Test(
        "a drawing still running at the deadline is abandoned: a JSON 503 with Retry-After, and nothing is left drawing"
    )
    func deadline() async throws {
        var limits = Self.limits
        limits.deadline = 0.05
        try await withLiveServer(limits: limits) { base in
            let heavy = try await get(base + Self.heavyMap)
            let text = String(decoding: heavy.body, as: UTF8.self)
            #expect(
                heavy.status == 503 && heavy.headers["retry-after"] == "1" && text.contains("deadline"),
                "\(heavy.status) \(text)")
            let metrics = String(decoding: try await get(base + "/metrics").body, as: UTF8.self)
            #expect(
                metrics.contains("meridian_drawings_abandoned_total") || text.contains("waited"),
                "neither abandoned nor waited")
            // Nothing is left drawing or waiting: the abandoned drawing gave its worker back.
            #expect(
                metrics.contains("meridian_drawing_queue 0"),
                "\(metrics.split(separator: "\n").filter { $0.contains("queue") })")
        }
    }

    @Test("a cheap map is served while 40 slow connections dribble their heads and 3 heavy maps draw")
    func servedUnderLoad() async throws {
        var limits = Self.limits
        (limits.headerTimeout, limits.deadline) = (5, 30)
        try await withLiveServer(limits: limits) { base in
            let slow = try (0..<40).map { _ in try RawHTTP(port: Self.port(base)) }
            defer { slow.forEach { $0.close() } }
            for c in slow { c.send("GET /he") }
            let heavy = (0..<3).map { i in Task { try await get(base + Self.heavyMap + "&bearing=\(i * 10)").status } }
            try await Task.sleep(for: .milliseconds(300))
            for c in slow { c.send("a") }
            let cheap = try await get(base + "/staticmap?center=60.17,24.94&zoom=14&size=64x64")
            #expect(cheap.status == 200 && cheap.headers["content-type"] == "image/png")
            for task in heavy { #expect(try await task.value == 200) }
        }
    }

    @Test(
        "a viewer beyond the cap, while the session holding it keeps talking, is closed with 1013 (try again later) after the grace"
    )
    func sessionCap() async throws {
        // A cap of 1 and a grace of 2 s: the holder acknowledges every frame it is sent (about
        // every 0.1 s), but on a loaded machine (CI runs the server suites side by side on two
        // cores) its frames can pause past half a second, which made a 0.5 s grace evict it.
        let limits = {
            var l = Self.limits
            l.sessionGrace = 2
            return l
        }()
        try await withLiveServer(limits: limits) { base in
            try await SessionEvictionTests.tabs(
                { open in
                    let holder = try await open(true)
                    try await Task.sleep(for: .milliseconds(300))
                    let second = try await open(false)
                    // The close comes after the 2 s grace; a loaded machine may take longer to
                    // send it and the holder's first image: waited for, up to 15 s.
                    for _ in 0..<60 {
                        if await second.closeCode != nil, await holder.firstImage != nil { break }
                        try await Task.sleep(for: .milliseconds(250))
                    }
                    #expect(await second.closeCode == 1013)
                    let (holderCode, holderImage) = (await holder.closeCode, await holder.firstImage)
                    #expect(holderCode == nil && holderImage != nil)
                }, port: Self.port(base))
        }
    }
}

@Suite struct ClientFrameCheckTests {
    /// A masked client frame of `length` payload bytes (the mask key is zero: payload unchanged).
    static func masked(_ length: Int) -> [UInt8] {
        let header: [UInt8] =
            length < 126
            ? [0x82, 0x80 | UInt8(length)]
            : length < 65_536
                ? [0x82, 0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
                : [0x82, 0x80 | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
        return header + [0, 0, 0, 0] + [UInt8](repeating: 0x81, count: length)  // payload bytes that look like headers
    }

    @Test("masked frames of every length form pass, split anywhere; the first unmasked frame is caught")
    func frames() {
        let stream = [5, 125, 126, 300, 70_000].flatMap(Self.masked)
        for cut in [1, 2, 3, 7, 131, 1000] {
            var check = ClientFrameCheck()
            #expect(check.accept(stream.prefix(cut)) && check.accept(stream.dropFirst(cut)), "cut at \(cut)")
        }
        var check = ClientFrameCheck()
        #expect(check.accept(Self.masked(300)) && !check.accept([0x81, 0x02, 0x68, 0x69]))
    }
}

@Suite struct DrawingGateTests {
    @Test("a full queue and a passed deadline are 503s; cheap drawings do not wait behind expensive ones")
    func gate() async throws {
        var limits = HTTPLimits()
        (limits.maxQueue, limits.deadline) = (0, 0.2)
        let gate = DrawingGate(limits: limits, threads: 1)
        let order = NIOLockedValueBox<[String]>([])
        let started = NIOLockedValueBox(0)
        /// Waits (polling) until `n` drawings have started on their threads, however loaded the machine.
        func startedAtLeast(_ n: Int) async throws {
            while started.withLockedValue({ $0 }) < n { try await Task.sleep(for: .milliseconds(10)) }
        }
        async let heavy: Void = gate.run(pixels: 4e6) { _ throws(RequestError) in
            started.withLockedValue { $0 += 1 }
            Thread.sleep(forTimeInterval: 1.5)
            order.withLockedValue { $0.append("heavy") }
        }
        try await startedAtLeast(1)
        // The heavy lane's one thread is busy and its queue holds 0: a second heavy drawing is refused.
        let busy = await #expect(throws: RequestError.self) {
            try await gate.run(pixels: 4e6) { _ throws(RequestError) in }
        }
        #expect(busy?.status == 503 && busy?.message.contains("busy") == true)
        // A tile takes the light lane and finishes while the heavy one still draws.
        try await gate.run(pixels: 256 * 256) { _ throws(RequestError) in order.withLockedValue { $0.append("light") } }
        try await heavy
        #expect(order.withLockedValue { $0 } == ["light", "heavy"])
        // With room in the queue, a drawing that waits past the deadline is not drawn.
        limits.maxQueue = 1
        let slow = DrawingGate(limits: limits, threads: 1)
        async let first: Void = slow.run(pixels: 4e6) { _ throws(RequestError) in
            started.withLockedValue { $0 += 1 }
            Thread.sleep(forTimeInterval: 2)
        }
        try await startedAtLeast(2)
        let late = await #expect(throws: RequestError.self) {
            try await slow.run(pixels: 4e6) { _ throws(RequestError) in }
        }
        #expect(late?.status == 503 && late?.message.contains("waited") == true)
        try await first
    }
}
