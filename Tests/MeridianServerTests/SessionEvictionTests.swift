import Foundation
@testable import MeridianServer
import MeridianTestSupport
import Testing

/// Idle tabs cannot hold the session cap (issue 36): at the cap a newcomer takes the place of
/// the session silent longest once its silence reaches the grace, and is refused (1013) only
/// while every place is held by a page that keeps talking. Every client here answers the
/// server's pings, as an open browser tab does.
@Suite(
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"),
    .serialized)
struct SessionEvictionTests {
    typealias Session = SessionLivenessTests.Session

    static let grace = 2.0

    static var limits: HTTPLimits {
        var l = HTTPLimits()
        // Pings every 2 s (a client that does not answer is closed at the next; shorter ones
        // closed answering tabs on a loaded machine); no silence timeout within the test.
        (l.maxSessions, l.sessionGrace, l.sessionTimeout, l.sessionPing, l.idleTimeout) = (2, grace, 60, 2, 5)
        return l
    }

    /// A browser tab on a raw WebSocket: it reads all the time, answers every ping with its
    /// pong, and, when talking, acknowledges every 0.1 s (a page in use); what it saw is kept.
    actor Tab {
        let session: Session
        let talking: Bool
        let opened = Date()
        private var bytes: [UInt8] = [], ended = false
        /// Pings answered so far.
        private(set) var answered = 0
        private var task: Task<Void, Never>?
        /// Seconds from opening to the first binary (image) frame, if one came.
        private(set) var firstImage: Double?
        private(set) var closeCode: Int?
        /// Seconds from opening to the read that brought the close frame.
        private(set) var closedAfter: Double?

        /// Opens the session; a sized tab sends its size (256 × 256) first, as the page does.
        init(port: Int, talking: Bool, sized: Bool = true) throws {
            session = try Session(port: port)
            self.talking = talking
            if sized { session.send(text: #"{"type":"resize","width":256,"height":256,"scale":1}"#) }
        }

        func start() { task = Task { await self.loop() } }

        /// Stops reading and closes the connection.
        func stop() async {
            task?.cancel()
            await task?.value
            session.client.close()
        }

        private func loop() async {
            while !Task.isCancelled, !ended {
                if talking { session.send(text: #"{"type":"ack"}"#) }
                let (chunk, closed) = await session.client.receiveBytes(timeout: 0.1)
                absorb(chunk, closed: closed)
            }
        }

        private func absorb(_ chunk: [UInt8], closed: Bool) {
            bytes += chunk
            ended = closed
            guard
                let head = (0..<max(0, bytes.count - 3)).first(where: {
                    bytes[$0...($0 + 3)].elementsEqual([13, 10, 13, 10])
                })
            else { return }
            let frames = Session.frames(Array(bytes[(head + 4)...]))
            let pings = frames.filter { $0.opcode == 9 }
            for ping in pings.dropFirst(answered) where ping.payload.count < 126 {
                session.client.send([0x8A, 0x80 | UInt8(ping.payload.count), 0, 0, 0, 0] + ping.payload)
            }
            answered = pings.count
            if firstImage == nil, frames.contains(where: { $0.opcode == 2 }) {
                firstImage = Date().timeIntervalSince(opened)
            }
            if closeCode == nil, let code = Session.closeCode(frames) {
                (closeCode, closedAfter) = (code, Date().timeIntervalSince(opened))
                ended = true
            }
        }
    }

    /// Opened tabs, started; stopped and closed at the end of `body`.
    static func tabs<T: Sendable>(
        _ body: @Sendable (_ open: @Sendable (Bool) async throws -> Tab) async throws -> T, port: Int
    ) async throws -> T {
        let opened = TabList()
        do {
            let result = try await body { talking in
                let tab = try Tab(port: port, talking: talking)
                await tab.start()
                await opened.add(tab)
                return tab
            }
            await opened.stopAll()
            return result
        } catch {
            await opened.stopAll()
            throw error
        }
    }

    actor TabList {
        var tabs: [Tab] = []
        func add(_ tab: Tab) { tabs.append(tab) }
        func stopAll() async { for tab in tabs { await tab.stop() } }
    }

    static func wait(_ seconds: Double) async throws { try await Task.sleep(for: .milliseconds(Int64(seconds * 1000))) }

    @Test(
        "a newcomer at a cap of silent tabs gets its first frame within the grace plus 1 s; talking pages are never evicted; at a cap of talking pages a newcomer is refused 1013"
    )
    func idleTabsGiveWay() async throws {
        let metric = "meridian_viewer_sessions_evicted_total"
        let before =
            MetricsTests.sample(String(decoding: ServerMetrics.registry.emitToBuffer(), as: UTF8.self), metric) ?? 0
        // Not beside the browser tests (their CPU would delay pongs and first frames on 2 cores).
        try await HeavyClients.shared.run {
            try await withLiveServer(limits: Self.limits) { base in
                try await Self.tabs(
                    { open in
                        let first = try await open(false)  // seated first: the quietest
                        try await Self.wait(0.3)
                        let second = try await open(false)
                        try await Self.wait(0.3)

                        // A newcomer while both tabs are silent: it waits until the first's silence reaches the grace.
                        let newcomer = try await open(true)
                        try await Self.wait(Self.grace + 1.5)
                        #expect(await first.closeCode == 1001, "the quietest tab gives its place up")
                        let secondCode = await second.closeCode
                        #expect(secondCode == nil, "the other silent tab is not yet needed, closed \(secondCode ?? 0)")
                        let firstImage = try #require(await newcomer.firstImage, "the newcomer is drawn")
                        #expect(firstImage < Self.grace + 1, "first frame after \(firstImage) s")

                        // Another newcomer: the second tab has been silent past the grace, so it gives way at once.
                        let other = try await open(true)
                        try await Self.wait(Self.grace + 1.5)
                        #expect(await second.closeCode == 1001)
                        #expect(await other.firstImage.map { $0 < Self.grace + 1 } == true)

                        // Both places held by talking pages: a third newcomer is refused, once no place
                        // can come free within its grace (the talkers spoke 0.1 s before it looked).
                        let refused = try await open(false)
                        try await Self.wait(Self.grace + 1.5)
                        let (refusedCode, refusedImage) = (await refused.closeCode, await refused.firstImage)
                        #expect(refusedCode == 1013 && refusedImage == nil)
                        #expect(await refused.closedAfter.map { $0 > Self.grace - 0.5 && $0 < Self.grace + 1 } == true)
                        let (newcomerCode, otherCode) = (await newcomer.closeCode, await other.closeCode)
                        #expect(newcomerCode == nil && otherCode == nil, "talking pages keep their places")
                        // The tabs answered the server's pings all along (one every 2 s).
                        let (answeredByNewcomer, answeredBySecond) = (await newcomer.answered, await second.answered)
                        #expect(
                            answeredByNewcomer >= 2 && answeredBySecond >= 1,
                            "pings answered: \(answeredByNewcomer), \(answeredBySecond)")
                    }, port: HostileClientTests.port(base))
            }
        }
        let after =
            MetricsTests.sample(String(decoding: ServerMetrics.registry.emitToBuffer(), as: UTF8.self), metric) ?? 0
        #expect(after - before >= 2, "evictions counted: \(before) → \(after)")
    }
}
