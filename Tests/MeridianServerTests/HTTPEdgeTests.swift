import Foundation
import Logging
@testable import MeridianServer
import MeridianTestSupport
import NIOConcurrencyHelpers
import Testing

/// The HTTP edge as a hostile client tries it, over raw sockets: heads the HTTP parser rejects
/// are answered 400 and closed (never left hanging); refusals are logged and counted; one
/// glyph range has one spelling; validators and ranges follow RFC 9110.
@Suite(
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"),
    .serialized)
struct HTTPEdgeTests {
    /// Heads that pass a byte-level look but break HTTP/1.1's grammar (RFC 9112), by name.
    static let heads: [String: [UInt8]] = [
        "NUL in a header value": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n".utf8),
        "control byte in a header value": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n".utf8),
        "DEL in a header value": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u{7F}b\r\n\r\n".utf8),
        "NUL in a header name": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-\u{0}A: b\r\n\r\n".utf8),
        "control byte in the path": Array("GET /hea\u{1}lth HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
        "raw UTF-8 in the path": Array("GET /h\u{E9}alth HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
        "( in a header name": Array("GET /health HTTP/1.1\r\nHost: x\r\nX(A: b\r\n\r\n".utf8),
        "obs-fold": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A: b\r\n  folded\r\n\r\n".utf8),
        "tab-folded": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A: b\r\n\tfolded\r\n\r\n".utf8),
        "Content-Length: +0": Array("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: +0\r\n\r\n".utf8),
        "Content-Length: 0x0": Array("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0x0\r\n\r\n".utf8),
        "tab before the colon": Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A\t: b\r\n\r\n".utf8),
        "invalid UTF-8 in the path": [UInt8]("GET /h".utf8) + [0xC3, 0x28]
            + [UInt8](" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
    ]

    @Test(
        "a head the HTTP parser would reject is answered 400 with a JSON body and closed at once",
        arguments: Array(heads.keys).sorted())
    func rejectedHeads(name: String) async throws {
        let head = try #require(Self.heads[name])
        try await withLiveServer(limits: HostileClientTests.limits) { base in
            let client = try RawHTTP(port: HostileClientTests.port(base))
            defer { client.close() }
            client.send(head)
            let (text, closed) = await client.receive(timeout: 3)
            #expect(
                text.hasPrefix("HTTP/1.1 400 ") && text.contains(#""status":400"#) && closed,
                "\(name): \(text.prefix(200)) closed: \(closed)")
        }
    }

    @Test(
        "fuzzed heads (fixed seed): every connection gets a status line and, unless kept alive, a close; the server keeps serving"
    )
    func fuzzedHeads() async throws {
        var rng = SplitMix64(seed: 0x4D45_5249_4449_414E)
        let good = Array("GET /health?x=1 HTTP/1.1\r\nHost: x\r\nAccept: */*\r\nConnection: close\r\n\r\n".utf8)
        let bodyEnd = good.count - 4  // mutate the head's lines, not its final CRLF CRLF
        let heads = (0..<240).map { _ in
            var head = good
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let at = Int(rng.next() % UInt64(bodyEnd))
                let byte = UInt8(truncatingIfNeeded: rng.next())
                switch rng.next() % 3 {
                case 0: head[at] = byte
                case 1: head.insert(byte, at: at)
                default: head.remove(at: at)
                }
            }
            return head
        }
        var limits = HostileClientTests.limits
        // Half heads end quickly; the idle close comes after the header timeout even when the suite runs
        // beside others (a connection idle before its head is read is closed without a status line).
        (limits.headerTimeout, limits.idleTimeout) = (0.25, 0.6)
        try await withLiveServer(limits: limits) { base in
            for (round, head) in heads.enumerated() {
                let client = try RawHTTP(port: HostileClientTests.port(base))
                defer { client.close() }
                client.send(head)
                let (text, closed) = await client.receive(timeout: 2.5)
                // A head that still parses is answered (and kept alive: the idle timeout closes it);
                // one that does not is refused and closed.
                let answered = text.hasPrefix("HTTP/1.1 ")
                #expect(
                    answered && (closed || text.hasPrefix("HTTP/1.1 200") || text.hasPrefix("HTTP/1.1 404")),
                    "round \(round): \(head.map { String(format: "%02x", $0) }.joined()) → \(text.prefix(120)) closed: \(closed)"
                )
                if !answered { break }
            }
            #expect(try await get(base + "/health").status == 200)
        }
    }
}

extension HTTPEdgeTests {
    @Test(
        "every answered request is logged once and counted once, the guard's refusals (route `refused`) as the routed ones; no error line"
    )
    func refusalsLoggedAndCounted() async throws {
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "meridian.test") {
            JSONLogHandler(label: $0, write: { line in lines.withLockedValue { $0.append(line) } })
        }
        logger.logLevel = .info
        let refusals: [(String, [UInt8])] = [
            ("405", Array("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
            ("413", Array("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n".utf8)),
            ("414", Array(("GET /staticmap?" + String(repeating: "m", count: 20_000) + " HTTP/1.1\r\n\r\n").utf8)),
            ("400", try #require(Self.heads["( in a header name"])),
        ]
        let logged = try await withLiveServer(limits: HostileClientTests.limits, logger: logger) { base in
            let before = String(decoding: try await get(base + "/metrics").body, as: UTF8.self)
            for (status, head) in refusals {
                let client = try RawHTTP(port: HostileClientTests.port(base))
                defer { client.close() }
                client.send(head)
                let (text, closed) = await client.receive(timeout: 3)
                #expect(text.hasPrefix("HTTP/1.1 \(status) ") && closed, "\(text.prefix(120))")
            }
            #expect(try await get(base + "/health").status == 200)
            try await Task.sleep(for: .milliseconds(200))  // the refused connections' ends are logged after their answers
            let after = String(decoding: try await get(base + "/metrics").body, as: UTF8.self)
            for (status, _) in refusals {
                let sample = #"meridian_http_requests_total{route="refused",status="\#(status)"}"#
                let grew = (MetricsTests.sample(after, sample) ?? 0) - (MetricsTests.sample(before, sample) ?? 0)
                #expect(grew >= 1, "\(sample): \(grew)")  // ≥: other suites of this process may refuse too
            }
            return lines.withLockedValue { $0 }  // (what the test's abrupt server stop logs is not the server's answer)
        }
        let entries = try logged.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for (status, head) in refusals {
            let method = String(decoding: head.prefix { $0 != 32 }, as: UTF8.self)
            let served = entries.filter {
                $0["message"] as? String == "served" && $0["route"] as? String == "refused"
                    && $0["status"] as? String == status
            }
            #expect(served.count == 1 && served.first?["method"] as? String == method, "\(status): \(served)")
        }
        #expect(
            entries.filter { $0["message"] as? String == "served" && $0["route"] as? String == "/health" }.count == 1)
        let errors = entries.filter { ["error", "critical", "warning"].contains($0["level"] as? String) }
        #expect(errors.isEmpty, "\(errors)")
    }
}

extension HTTPEdgeTests {
    @Test(
        "a glyph range has one cache entry per served font and range: any spelling of a stack gives its face's bytes and ETag; non-canonical ranges are 404"
    )
    func glyphSpellings() async throws {
        for stack in ["Book,x1", "DejaVu%20Sans%20Book", "Nothing%20served", "x"] {
            let (font, range) = try DocumentRoutes.glyphRange(fontstack: stack, file: "0-255.pbf")
            #expect(font.name == "DejaVu Sans Book" && range == "0-255", "\(stack)")
        }
        // The first installed family of a stack is served, named by its face's file.
        let noto = try DocumentRoutes.glyphRange(fontstack: "Noto%20Sans,DejaVu%20Sans%20Bold", file: "256-511.pbf")
        #expect(noto.font.name == "NotoSans-Regular" && noto.range == "256-511")
        let open = try DocumentRoutes.glyphRange(
            fontstack: "Open%20Sans%20Bold,DejaVu%20Sans%20Bold", file: "0-255.pbf")
        #expect(open.font.name == "DejaVu Sans Bold")
        for file in ["+0-255.pbf", "000-255.pbf", "0-0255.pbf", "0-255", "0-255.pbf.pbf"] {
            #expect(throws: RequestError.self, "\(file)") {
                try DocumentRoutes.glyphRange(fontstack: "DejaVu%20Sans%20Book", file: file)
            }
        }
        try await withLiveServer { base in
            let a = try await get(base + "/fonts/Book,x1/0-255.pbf")
            let b = try await get(base + "/fonts/DejaVu%20Sans%20Book/0-255.pbf")
            #expect(a.status == 200 && a.body == b.body && a.headers["etag"] == b.headers["etag"])
            for spelling in ["+0-255", "000-255", "0-0255"] {
                #expect(
                    try await get(base + "/fonts/DejaVu%20Sans%20Book/\(spelling).pbf").status == 404, "\(spelling)")
            }
        }
    }

    @Test("If-None-Match (RFC 9110 §13.1.2): a list holding the tag, *, or the weak tag gives 304; another tag 200")
    func ifNoneMatch() async throws {
        try await withLiveServer { base in
            let path = "/tiles/metadata.json"
            let first = try await ClientHTTPTests.request(base, "GET", path)
            let tag = try #require(first.headers["etag"])
            for field in [tag, "\"other\", " + tag, "*", "W/" + tag, "W/\"x\", W/" + tag] {
                let reply = try await ClientHTTPTests.request(base, "GET", path, ["If-None-Match": field])
                #expect(
                    reply.status == 304 && reply.body.isEmpty && reply.headers["etag"] == tag,
                    "\(field): \(reply.status)")
            }
            for field in ["\"other\"", "W/\"other\"", String(tag.dropLast()), "garbage"] {
                #expect(
                    try await ClientHTTPTests.request(base, "GET", path, ["If-None-Match": field]).status == 200,
                    "\(field)")
            }
        }
    }

    @Test(
        "Range (RFC 9110 §14.2): an unknown unit, a malformed set and several ranges give the whole body (200); one range 206; past the end 416"
    )
    func ranges() async throws {
        try await withLiveServer { base in
            let path = "/data/openmaptiles/14/9327/4742.pbf"
            let whole = try await ClientHTTPTests.request(base, "GET", path)
            #expect(whole.status == 200 && whole.body.count > 100)
            for range in ["items=0-5", "bytes=0-1,5-6", "bytes=5-4", "bytes=x-"] {
                let reply = try await ClientHTTPTests.request(base, "GET", path, ["Range": range])
                #expect(
                    reply.status == 200 && reply.body == whole.body && reply.headers["content-range"] == nil,
                    "\(range): \(reply.status)")
            }
            let part = try await ClientHTTPTests.request(base, "GET", path, ["Range": "bytes=10-19"])
            #expect(
                part.status == 206 && part.body == Array(whole.body[10...19])
                    && part.headers["content-range"] == "bytes 10-19/\(whole.body.count)")
            let past = try await ClientHTTPTests.request(base, "GET", path, ["Range": "bytes=\(whole.body.count)-"])
            #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(whole.body.count)")
        }
    }
}
