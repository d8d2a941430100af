import Foundation
@testable import MeridianServer
import Testing

@Suite struct DoorbellTests {
    @Test("a ring before the wait is kept; a ring wakes a waiter; a timeout and a cancel end a wait")
    func wakes() async throws {
        let bell = Doorbell()
        // Kept: this wait would otherwise never end (no timeout).
        bell.ring()
        await bell.wait(timeout: nil)
        // A ring from another task wakes the waiter long before its 60 s timeout.
        let start = ContinuousClock.now
        async let waited: Void = bell.wait(timeout: 60)
        try await Task.sleep(for: .milliseconds(20))
        bell.ring()
        await waited
        #expect(ContinuousClock.now - start < .seconds(30))
        // A timeout alone ends the wait.
        await bell.wait(timeout: 0.01)
        // Non-positive and NaN timeouts return at once.
        await bell.wait(timeout: 0)
        await bell.wait(timeout: .nan)
        // Cancelling the waiting task ends an unlimited wait.
        let task = Task { await bell.wait(timeout: nil) }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        await task.value
        #expect(task.isCancelled)
    }
}
