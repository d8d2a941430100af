import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTestSupport
@testable import MeridianServer
import Testing

@MainActor
@Suite struct ViewerMessageTests {
    /// JSON spellings of extreme values: ±0, subnormals, huge, overflowing to ±∞ when parsed,
    /// Int.max and past it, non-numbers, and the names of NaN and infinity as strings.
    static let extremes = [
        "0", "-0", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e300", "-1e300", "1e400", "-1e400",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551616",
        "0.5", "1.4999999", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"1e300\"", "true", "false", "null", "[]",
        "{}",
    ]

    /// Every message type with its members, in a well-formed version.
    static let templates: [(type: String, fields: [(String, String)])] = [
        ("resize", [("width", "400"), ("height", "300"), ("scale", "2"), ("seq", "1")]),
        ("down", [("id", "1"), ("x", "200"), ("y", "150"), ("seq", "2")]),
        ("move", [("id", "1"), ("x", "150"), ("y", "150"), ("seq", "3"), ("t", "1016.5")]),
        ("up", [("id", "1"), ("x", "150"), ("y", "150"), ("seq", "4")]),
        ("cancel", [("id", "1"), ("x", "0"), ("y", "0")]),
        ("wheel", [("x", "200"), ("y", "150"), ("delta", "-120"), ("seq", "5")]),
        ("key", [("key", "\"zoomIn\"")]),
        ("maptype", [("name", "\"satellite\"")]),
        ("example", [("name", "\"zoom-in\"")]),
        ("ack", [("seq", "6")]),
    ]

    static func text(_ type: String, _ fields: [(String, String)]) -> String {
        "{\"type\":\"\(type)\"" + fields.map { ",\"\($0.0)\":\($0.1)" }.joined() + "}"
    }

    static func valid(_ camera: CameraPosition) -> Bool {
        [camera.target.latitude, camera.target.longitude, camera.zoom, camera.bearing, camera.tilt].allSatisfy(
            \.isFinite)
    }

    @Test("the message that killed the server: resize with scale 1e300 is an error event naming scale; nothing changes")
    func hugeScale() throws {
        let session = ViewerSession()
        session.handle(#"{"type":"resize","width":400,"height":300,"scale":1e300}"#, now: 0)
        #expect(session.scale == 1 && session.map.frame == ScreenSize(width: 800, height: 600))
        let error = try #require(session.events.last)
        #expect(error.text.contains("\"field\":\"scale\"") && error.text.contains("\"what\":\"resize\""))
        #expect(session.nextFrame(now: 0)?.scale == 1)
    }

    @Test(
        "property: every field of every message, set to each extreme value, leaves a live session with a finite camera")
    func extremeFields() throws {
        var refused = 0
        var accepted = 0
        for template in Self.templates {
            for (index, field) in template.fields.enumerated() {
                for value in Self.extremes {
                    let session = ViewerSession()
                    var fields = template.fields
                    fields[index].1 = value
                    let before = session.events.count
                    session.handle(Self.text(template.type, fields), now: 0)
                    let isError =
                        session.events.count > before && session.events.last!.text.contains("\"event\":\"error\"")
                    if isError {
                        refused += 1
                        let text = session.events.last!.text
                        #expect(
                            text.contains("\"field\":\"\(field.0)\"") || text.contains("\"what\":\"message\""),
                            "\(template.type).\(field.0) = \(value): \(text)")
                    } else {
                        accepted += 1
                    }
                    // The session lives on: more input is applied and frames are made.
                    session.handle(Self.text("wheel", [("x", "10"), ("y", "10"), ("delta", "120")]), now: 0.01)
                    #expect(session.nextFrame(now: 0.02) != nil, "\(template.type).\(field.0) = \(value)")
                    for _ in 0..<30 { session.map.tick() }
                    #expect(
                        Self.valid(session.map.camera),
                        "\(template.type).\(field.0) = \(value) gave \(session.map.camera)")
                    #expect(
                        (1...2).contains(session.scale) && ViewerMessage.sizeRange.contains(session.map.frame.width))
                }
            }
        }
        #expect(refused > 100 && accepted > 10)
    }

    @Test(
        "input is timed by the page's clock: a drag held still on the page does not fling, however late its messages arrive"
    )
    func pageClock() throws {
        let session = ViewerSession(
            home: try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 15))
        session.handle(#"{"type":"resize","width":400,"height":300}"#, now: 0)
        // The page moves 100 pt in 100 ms, holds still 200 ms, lets go; the server (busy) gets
        // the release right after the last move, so by arrival times the hand was still moving.
        session.handle(#"{"type":"down","id":1,"x":200,"y":150,"seq":1,"t":5000}"#, now: 2)
        for k in 1...10 {
            session.handle(
                #"{"type":"move","id":1,"x":\#(200 - 10 * k),"y":150,"seq":\#(1 + k),"t":\#(5000 + 10 * k)}"#,
                now: 2 + 0.01 * Double(k))
        }
        session.handle(#"{"type":"up","id":1,"x":100,"y":150,"seq":12,"t":5300}"#, now: 2.11)
        let released = session.map.camera
        for _ in 0..<60 { session.map.tick() }
        #expect(session.map.camera == released && !session.map.isAnimating)
        // A page clock a minute off is measured again; times never go backwards.
        let lastInput = session.lastInputTime
        #expect(abs(lastInput - 2.3) < 1e-9)  // the release: 300 ms after the down, on the page's clock
        #expect(session.inputTime(65.4, now: 2.2) == lastInput && session.inputTime(5.5, now: 2.3) == lastInput)
        expectClose(session.inputTime(5.6, now: 2.45), 2.4, within: 1e-9)
    }

    @Test("deep nesting and oversized names are error events, not a reset connection")
    func deepNesting() {
        let session = ViewerSession()
        let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        session.handle(#"{"type":"resize","width":"# + deep + "}", now: 0)
        session.handle(#"{"type":"maptype","name":""# + String(repeating: "x", count: 1000) + "\"}", now: 0)
        #expect(session.events.count == 2 && session.events.allSatisfy { $0.text.contains("\"event\":\"error\"") })
        // Brackets inside strings do not count; the path names where it nests too deep.
        #expect(throws: Never.self) { try JSONNesting.check(#"{"a":"[[[[[[[[[[[[[[[[[[[[","b":[{}]}"#.utf8, limit: 3) }
        #expect(throws: JSONNesting.TooDeep(path: ["b", "1", "0"])) {
            try JSONNesting.check(#"{"a":1,"b":[0,[[]]]}"#.utf8, limit: 3)
        }
    }

    @Test(
        "a batch is read element by element: good ones stand beside a bad one; empty, oversized and nested batches are one problem"
    )
    func batches() throws {
        let down = #"{"type":"down","id":1,"x":10,"y":20,"seq":7}"#
        let bad = #"{"type":"move","id":1,"x":1e300,"y":0}"#
        let mixed = ViewerMessage.messages(
            text: #"{"type":"batch","messages":["# + [down, bad, #"{"type":"ack"}"#].joined(separator: ",") + "]}")
        #expect(mixed.count == 3)
        #expect(try mixed[0].get() == ViewerMessage(text: down) && (try mixed[2].get()).kind == .ack)
        guard case let .failure(problem) = mixed[1] else {
            Issue.record("the bad move was accepted")
            return
        }
        #expect(problem.what == "move" && problem.field == "x")
        let many =
            "[" + Array(repeating: #"{"type":"ack"}"#, count: ViewerMessage.maxBatch + 1).joined(separator: ",") + "]"
        for text in [
            #"{"type":"batch","messages":[]}"#, #"{"type":"batch"}"#, #"{"type":"batch","messages":{}}"#,
            #"{"type":"batch","messages":"# + many + "}",
            #"{"type":"batch","messages":[{"type":"batch","messages":[{"type":"ack"}]}]}"#,
            #"{"type":"batch","messages":[1]}"#,
        ] {
            let results = ViewerMessage.messages(text: text)
            #expect(results.count == 1, "\(text)")
            guard case let .failure(problem) = results.first else {
                Issue.record("accepted: \(text)")
                continue
            }
            #expect(problem.what == "batch" && problem.field == "messages", "\(text)")
        }
        // A batch is not a message of its own.
        #expect(throws: ViewerMessage.Problem.self) {
            try ViewerMessage(text: #"{"type":"batch","messages":[{"type":"ack"}]}"#)
        }
    }
}
