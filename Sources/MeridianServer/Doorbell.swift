import NIOConcurrencyHelpers

/// Wakes one waiting task: the viewer's frame loop sleeps on it until input, an acknowledgement
/// or a deadline (the next animation frame, the end of the preview window) says a frame may be
/// due, instead of polling. A ring with nobody waiting is kept (once) for the next wait, so no
/// ring is lost between a check and a wait; a spare ring only costs one extra check.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = NIOLockedValueBox(State())

    init() {}

    /// Wakes the waiting task, or the next one to wait.
    func ring() {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the next ring, after `timeout` seconds (nil: no limit; ≤ 0 or NaN: at once),
    /// or when the task is cancelled. One task waits at a time.
    func wait(timeout: Double?) async {
        if let timeout, !(timeout > 0) { return }
        let timer = timeout.map { seconds in
            Task { [self] in
                try? await Task.sleep(for: .seconds(min(seconds, 3600)))
                if !Task.isCancelled { ring() }
            }
        }
        defer { timer?.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLockedValue { state -> Bool in
                    if state.rung {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            ring()
        }
    }
}
