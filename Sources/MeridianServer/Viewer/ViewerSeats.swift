import Metrics
import NIOConcurrencyHelpers

/// The places under ``HTTPLimits/maxSessions``: which session holds each, when its page last
/// spoke (on the monotonic `ContinuousClock`), and which session gives its place up to a
/// newcomer.
///
/// The rule, so that idle tabs cannot lock other viewers out: below the cap a newcomer is
/// seated at once. At the cap it takes the place of the session that has been
/// silent longest, once that silence reaches ``HTTPLimits/sessionGrace``; the newcomer waits for
/// that moment (at most the grace) and is refused (close 1013) only when every place is held by
/// a session that spoke within the grace. A newcomer counts as having spoken when it is seated,
/// so a flood of newcomers takes the places of silent sessions and of each other, never of a
/// session whose page keeps talking. At most ``capacity`` newcomers wait at once; one more is
/// refused at once. The evicted session's ``Ticket/bell`` rings; its page is closed with 1001
/// and resumes on its next input.
final class ViewerSeats: Sendable {
    /// A seated session's claim: its id and the bell rung when it loses its place.
    struct Ticket: Sendable {
        let id: Int
        let bell: Doorbell
    }

    /// What one attempt to be seated gives.
    enum Claim: Sendable {
        case seated(Ticket)
        /// Every place is held; the longest-silent session reaches the grace at this instant.
        case notBefore(ContinuousClock.Instant)
    }

    private struct Seat {
        var lastHeard: ContinuousClock.Instant
        let bell: Doorbell
    }
    private struct State {
        var seats: [Int: Seat] = [:]
        var nextID = 0
        var waiting = 0
    }
    private let state = NIOLockedValueBox(State())
    /// Places (``HTTPLimits/maxSessions``), at least 1.
    let capacity: Int
    /// Silence after which a seated session may be evicted for a newcomer.
    let grace: Duration

    init(capacity: Int, grace: Duration) {
        self.capacity = max(1, capacity)
        self.grace = grace
    }

    /// Sessions seated now.
    var count: Int { state.withLockedValue { $0.seats.count } }

    /// One attempt: a free place, else the place of the longest-silent session if its silence
    /// has reached the grace (its bell is rung and `meridian_viewer_sessions_evicted_total`
    /// counts it), else when that may happen.
    func claim(now: ContinuousClock.Instant = .now) -> Claim {
        let (claim, evicted) = state.withLockedValue { state -> (Claim, Doorbell?) in
            var evicted: Doorbell?
            if state.seats.count >= capacity {
                guard let (id, quietest) = state.seats.min(by: { $0.value.lastHeard < $1.value.lastHeard }) else {
                    return (.notBefore(now + grace), nil)
                }
                guard now - quietest.lastHeard >= grace else { return (.notBefore(quietest.lastHeard + grace), nil) }
                state.seats[id] = nil
                evicted = quietest.bell
            }
            state.nextID += 1
            let ticket = Ticket(id: state.nextID, bell: Doorbell())
            state.seats[ticket.id] = Seat(lastHeard: now, bell: ticket.bell)
            return (.seated(ticket), evicted)
        }
        if let evicted {
            Counter(label: "meridian_viewer_sessions_evicted_total").increment()
            evicted.ring()
        }
        return claim
    }

    /// A place, waiting at most the grace for a silent session to reach it; nil when every
    /// place stays held by sessions that spoke within the grace, or ``capacity`` newcomers are
    /// already waiting.
    func take() async -> Ticket? {
        let deadline = ContinuousClock.now + grace
        if case let .seated(ticket) = claim() { return ticket }
        guard
            state.withLockedValue({ state -> Bool in
                guard state.waiting < capacity else { return false }
                state.waiting += 1
                return true
            })
        else { return nil }
        defer { state.withLockedValue { $0.waiting -= 1 } }
        while !Task.isCancelled {
            switch claim() {
            case let .seated(ticket): return ticket
            case let .notBefore(instant):
                guard instant <= deadline else { return nil }
                try? await Task.sleep(until: instant, clock: .continuous)
            }
        }
        return nil
    }

    /// Notes that the session's page spoke (a message arrived).
    func heard(_ id: Int, now: ContinuousClock.Instant = .now) {
        state.withLockedValue { $0.seats[id]?.lastHeard = now }
    }

    /// Seconds since the session's page last spoke; nil once it has lost or left its place.
    func silence(_ id: Int, now: ContinuousClock.Instant = .now) -> Double? {
        state.withLockedValue { $0.seats[id].map { Self.seconds(now - $0.lastHeard) } }
    }

    /// Frees the session's place (nothing when it was evicted).
    func leave(_ id: Int) {
        state.withLockedValue { $0.seats[id] = nil }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
