@testable import MeridianServer
import Testing

@Suite struct DoorbellTests {
    @Test("a ring before the wait is kept; a ring wakes a waiter; a timeout and a cancel end a wait, each named")
    func wakes() async throws {
        let bell = Doorbell()
        // Kept: this wait has no timeout, so only the earlier ring can end it.
        bell.ring()
        #expect(await bell.wait(timeout: nil) == .rung)
        // A ring from this task ends the other's wait long before its 600 s timeout (whether
        // it came before or after the wait began).
        async let waited = bell.wait(timeout: 600)
        try await Task.sleep(for: .milliseconds(20))
        bell.ring()
        #expect(await waited == .rung)
        // A timeout alone ends the wait; non-positive and NaN timeouts end it at once.
        #expect(await bell.wait(timeout: 0.01) == .timedOut)
        #expect(await bell.wait(timeout: 0) == .timedOut)
        #expect(await bell.wait(timeout: .nan) == .timedOut)
        // Cancelling the waiting task ends an unlimited wait.
        let task = Task { await bell.wait(timeout: nil) }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        #expect(await task.value == .cancelled)
        // A late ring is kept for the next wait only once.
        bell.ring()
        bell.ring()
        #expect(await bell.wait(timeout: nil) == .rung)
        #expect(await bell.wait(timeout: 0.01) == .timedOut)
    }
}
