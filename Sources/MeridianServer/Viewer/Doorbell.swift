import NIOConcurrencyHelpers

/// Wakes one waiting task: the viewer's frame loop sleeps on it until input, an acknowledgement or
/// a deadline (the next animation frame, the end of the preview window) says a frame may be due,
/// instead of polling.
///
/// A ring with nobody waiting is kept (once) for the next wait, so no ring is lost between a check
/// and a wait; a spare ring only costs one extra check.
final class Doorbell: Sendable {
    /// Why a wait ended.
    enum Wake: Sendable, Equatable {
        case rung, timedOut, cancelled
    }

    private struct State {
        var rung = false
        /// Counts waits, so a late timer or cancel of an earlier wait is ignored.
        var generation = 0
        /// A timeout or cancel of the current wait that came before its continuation was set.
        var early: Wake?
        var waiter: CheckedContinuation<Wake, Never>?
    }
    private let state = NIOLockedValueBox(State())

    init() {}

    /// Wakes the waiting task, or the next one to wait.
    func ring() {
        end(.rung, generation: nil)
    }

    /// Returns at the next ring, after `timeout` seconds (nil: no limit; ≤ 0 or NaN: at once, timed
    /// out), or when the task is cancelled.
    ///
    /// One task waits at a time.
    @discardableResult
    func wait(timeout: Double?) async -> Wake {
        if let timeout, !(timeout > 0) { return .timedOut }
        let generation = state.withLockedValue { state in
            state.generation += 1
            state.early = nil
            return state.generation
        }
        let timer = timeout.map { seconds in
            Task { [self] in
                try? await Task.sleep(for: .seconds(min(seconds, 3600)))
                if !Task.isCancelled { end(.timedOut, generation: generation) }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLockedValue { state -> Wake? in
                    if state.rung {
                        state.rung = false
                        return .rung
                    }
                    if let early = state.early {
                        state.early = nil
                        return early
                    }
                    state.waiter = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            end(.cancelled, generation: generation)
        }
    }

    /// Ends the current wait for `reason`; a ring with no waiter is kept, a timeout or cancel
    /// only counts for the wait of its `generation`.
    private func end(_ reason: Wake, generation: Int?) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Wake, Never>? in
            if let generation, generation != state.generation { return nil }
            guard let waiter = state.waiter else {
                if reason == .rung { state.rung = true } else { state.early = reason }
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: reason)
    }
}
