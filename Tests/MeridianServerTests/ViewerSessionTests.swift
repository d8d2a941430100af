import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianStyle
@testable import MeridianServer
import MeridianTestSupport
import Testing

@MainActor
@Suite struct ViewerSessionTests {
    func errors(_ session: ViewerSession) -> [String] {
        session.events.compactMap { event -> String? in
            guard case let .object(fields) = event,
                fields.contains(where: { $0.0 == "event" && $0.1 == .string("error") })
            else { return nil }
            return fields.first { $0.0 == "what" }.flatMap { if case let .string(s) = $0.1 { s } else { nil } }
        }
    }

    @Test("bad messages are reported as error events and change nothing")
    func badMessages() {
        let session = ViewerSession()
        let before = session.map.camera
        for text in [
            "not json", #"{"no":"type"}"#, #"{"type":"teleport"}"#, #"{"type":"resize","width":10,"height":10}"#,
            #"{"type":"down","id":1}"#, #"{"type":"wheel","x":1,"y":1,"delta":1e9}"#, #"{"type":"key","key":"jump"}"#,
            #"{"type":"maptype","name":"moon"}"#, #"{"type":"example","name":"nope"}"#,
        ] {
            session.handle(text, now: 0)
        }
        #expect(
            errors(session) == ["message", "message", "type", "resize", "down", "wheel", "key", "maptype", "example"])
        #expect(
            session.map.camera == before && session.mapType == .normal
                && session.map.frame == ScreenSize(width: 800, height: 600))
    }

    @Test(
        "input moves the map through the recognisers; frames are previews while it moves, then full; at most two in flight"
    )
    func frames() throws {
        let session = ViewerSession()
        session.handle(#"{"type":"resize","width":400,"height":300,"scale":2}"#, now: 0)
        let first = try #require(session.nextFrame(now: 0))
        #expect(first.scale == 2 && first.viewport.size == ScreenSize(width: 400, height: 300))
        session.handle(#"{"type":"ack"}"#, now: 0.1)
        // A drag 100 points left: the target moves east, frames at half scale while moving.
        session.handle(#"{"type":"down","id":1,"x":200,"y":150,"seq":1}"#, now: 1)
        session.handle(#"{"type":"move","id":1,"x":150,"y":150,"seq":2}"#, now: 1.01)
        session.handle(#"{"type":"move","id":1,"x":100,"y":150,"seq":3}"#, now: 1.02)
        let moving = try #require(session.nextFrame(now: 1.03))
        #expect(moving.scale == 1 && moving.state.contains("\"seq\":3"))
        #expect(session.map.camera.target.longitude > session.home.target.longitude)
        // A second frame may follow unacknowledged; a third waits for an ack.
        session.handle(#"{"type":"move","id":1,"x":90,"y":150,"seq":4}"#, now: 1.04)
        #expect(session.nextFrame(now: 1.05)?.scale == 1)
        session.handle(#"{"type":"move","id":1,"x":80,"y":150,"seq":5}"#, now: 1.06)
        #expect(session.nextFrame(now: 1.07) == nil)
        // Two frames unanswered: only their expiry, 1 s after the first, can make one due.
        #expect(abs((session.wake(now: 1.07) ?? 0) - (1.03 + 1 - 1.07)) < 1e-9)
        session.handle(#"{"type":"ack"}"#, now: 1.08)
        #expect(session.nextFrame(now: 1.09)?.scale == 1)
        session.handle(#"{"type":"up","id":1,"x":80,"y":150,"seq":6}"#, now: 1.5)
        session.handle(#"{"type":"ack"}"#, now: 1.5)
        session.handle(#"{"type":"ack"}"#, now: 1.5)
        // The last frame was a preview: it is due again at full scale when the preview window ends.
        // (First the release's state, without a frame; then nothing until the window ends.)
        #expect(session.nextFrame(now: 1.55)?.scale == nil)
        #expect(session.nextFrame(now: 1.55) == nil)
        #expect(abs((session.wake(now: 1.55) ?? 0) - (1.5 + ViewerSession.previewWindow - 1.55)) < 1e-9)
        // At rest (no input for 150 ms, no fling after a still release): the same camera at full scale.
        let rest = try #require(session.nextFrame(now: 3))
        #expect(rest.scale == 2)
        // Nothing moves and the page answered: only a message can make a frame due.
        session.handle(#"{"type":"ack"}"#, now: 3.1)
        #expect(session.nextFrame(now: 3.2) == nil && session.wake(now: 3.2) == nil)
    }

    @Test("the guide's examples run: fit Vancouver–Calgary ends on the SDK fit; restricting and zoom limits toggle")
    func examples() throws {
        let clock = ManualClock()
        let session = ViewerSession(clock: clock)
        session.handle(#"{"type":"example","name":"fit-vancouver-calgary"}"#, now: 0)
        let bounds = CoordinateBounds(
            Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 51.05, longitude: -114.05))
        let expected = try #require(
            try CameraFit.camera(
                fitting: bounds, size: ScreenSize(width: 800, height: 600), insets: EdgeInsets(all: 64)))
        // Run the animation to its end on the session's clock.
        for _ in 0..<120 {
            clock.advance(by: 1.0 / 60)
            session.map.tick()
        }
        expectClose(session.map.camera.zoom, expected.zoom, within: 1e-9)
        session.handle(#"{"type":"example","name":"min-max-zoom"}"#, now: 0)
        #expect(session.map.minZoom == 10 && session.map.maxZoom == 15)
        session.handle(#"{"type":"example","name":"min-max-zoom"}"#, now: 0)
        #expect(session.map.minZoom == 2)
        session.handle(#"{"type":"example","name":"restrict-bounds"}"#, now: 0)
        #expect(session.map.cameraTargetBounds != nil)
        #expect(errors(session).isEmpty)
    }

    @Test("an animation streams previews, and its resting camera comes once more at full resolution")
    func animationEndsSharp() throws {
        let clock = ManualClock()
        let session = ViewerSession(clock: clock)
        _ = session.nextFrame(now: session.clock.now)
        session.handle(#"{"type":"ack"}"#, now: session.clock.now)
        session.handle(#"{"type":"example","name":"zoom-in"}"#, now: session.clock.now)
        var scales: [Double] = []
        for _ in 0..<40 {
            clock.advance(by: 0.02)
            if let job = session.nextFrame(now: session.clock.now), let scale = job.scale {
                scales.append(scale)
                session.handle(#"{"type":"ack"}"#, now: session.clock.now)
            }
        }
        #expect(scales.contains(0.5) && scales.last == 1, "\(scales)")
    }

    @Test(
        "a pinch whose fingers' moves come as one batch makes one frame, on the camera of the same moves sent one by one"
    )
    func batchedPinch() throws {
        func session() -> ViewerSession {
            let s = ViewerSession()
            s.handle(#"{"type":"resize","width":400,"height":300}"#, now: 0)
            _ = s.nextFrame(now: 0)
            s.handle(#"{"type":"ack"}"#, now: 0)
            s.handle(
                #"{"type":"batch","messages":[{"type":"down","id":1,"x":150,"y":150,"seq":1},{"type":"down","id":2,"x":250,"y":150,"seq":2}]}"#,
                now: 1)
            return s
        }
        let moves = [
            #"{"type":"move","id":1,"x":100,"y":150,"seq":3}"#, #"{"type":"move","id":2,"x":300,"y":150,"seq":4}"#,
        ]
        let batched = session()
        let single = session()
        #expect(batched.nextFrame(now: 1.01)?.scale == nil)  // the touch-down moved nothing: a state only
        _ = single.nextFrame(now: 1.01)
        batched.handle(#"{"type":"batch","messages":["# + moves.joined(separator: ",") + "]}", now: 1.02)
        let frame = try #require(batched.nextFrame(now: 1.03))
        #expect(frame.scale == 0.5 && frame.state.contains("\"seq\":4"))
        // The fingers moved apart to twice their distance: one zoom level in, in one frame.
        expectClose(batched.map.camera.zoom, single.home.zoom + 1, within: 1e-9)
        for move in moves { single.handle(move, now: 1.02) }
        #expect(single.map.camera == batched.map.camera && errors(batched).isEmpty)
    }
}
