import Foundation
@testable import MeridianServer
import Testing

/// The seating rule on a given clock: free places first, then the longest-silent session once
/// its silence reaches the grace; sessions that spoke within the grace are never evicted.
@Suite struct ViewerSeatsTests {
    static let start = ContinuousClock.now

    static func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int64(seconds * 1000)) }

    static func ticket(_ claim: ViewerSeats.Claim) -> ViewerSeats.Ticket? {
        if case let .seated(ticket) = claim { return ticket }
        return nil
    }

    @Test(
        "below the cap a newcomer is seated at once; at the cap it waits until the quietest session's silence reaches the grace"
    )
    func waitsForTheGrace() throws {
        let seats = ViewerSeats(capacity: 2, grace: .seconds(10))
        let a = try #require(Self.ticket(seats.claim(now: Self.at(0))))
        let b = try #require(Self.ticket(seats.claim(now: Self.at(1))))
        guard case let .notBefore(instant) = seats.claim(now: Self.at(5)) else {
            Issue.record("a third was seated at once")
            return
        }
        // a, seated at 0 s and silent since, reaches the 10 s grace at 10 s (exact: whole milliseconds).
        #expect(instant == Self.at(10))
        #expect(seats.count == 2)
        let c = try #require(Self.ticket(seats.claim(now: Self.at(10))))
        #expect(seats.silence(a.id, now: Self.at(10)) == nil, "a lost its place")
        #expect(seats.silence(b.id, now: Self.at(10)) == 9, "b keeps its place (9 s silent, exact)")
        #expect(seats.silence(c.id, now: Self.at(10)) == 0)
        #expect(seats.count == 2)
    }

    @Test("a session that spoke within the grace is never evicted, whoever comes")
    func activeSessionsStay() throws {
        let seats = ViewerSeats(capacity: 3, grace: .seconds(10))
        let talking = try #require(Self.ticket(seats.claim(now: Self.at(0))))
        // A flood: every second a newcomer; the talking page speaks every 9 s.
        for second in 1...120 {
            if second % 9 == 0 { seats.heard(talking.id, now: Self.at(Double(second))) }
            _ = seats.claim(now: Self.at(Double(second)))
            #expect(seats.silence(talking.id, now: Self.at(Double(second))) != nil, "evicted at \(second) s")
            #expect(seats.count <= 3)
        }
    }

    @Test("the evicted session's bell rings; one who left frees its place at once")
    func bellAndLeave() async throws {
        let seats = ViewerSeats(capacity: 1, grace: .seconds(1))
        let a = try #require(Self.ticket(seats.claim(now: Self.at(0))))
        let b = try #require(Self.ticket(seats.claim(now: Self.at(2))))
        #expect(await a.bell.wait(timeout: 1) == .rung)
        seats.leave(b.id)
        #expect(seats.count == 0)
        #expect(Self.ticket(seats.claim(now: Self.at(2.1))) != nil)
    }

    @Test("take() waits at most the grace, and a newcomer beyond the cap's worth of waiters is refused at once")
    func takeIsBounded() async throws {
        let seats = ViewerSeats(capacity: 1, grace: .seconds(2))
        let held = try #require(await seats.take())
        // The holder keeps speaking: the waiter gives up after the grace.
        let speaker = Task {
            for _ in 0..<60 {
                seats.heard(held.id)
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        let clock = ContinuousClock()
        let waiterDone = TaskFlag()
        let waiter = Task {
            await clock.measure {
                #expect(await seats.take() == nil)
                waiterDone.set()
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        // One waiter is the cap's worth (capacity 1): a second newcomer is refused without
        // waiting: while the first still waits out its grace.
        #expect(await seats.take() == nil)
        #expect(!waiterDone.isSet, "the second newcomer was refused only after the first had waited its grace")
        let waited = await waiter.value
        _ = await speaker.value
        // Refused no earlier than the grace (less the 50 ms before the speaker's first word), and
        // not long after it (the bound is loose: this machine runs the other tests beside it).
        #expect(waited >= .milliseconds(1900) && waited < .seconds(10), "\(waited)")
        // Silent now: the next newcomer gets its place within the grace.
        #expect(await seats.take() != nil)
    }
}

/// A flag set once, read from another task.
final class TaskFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
