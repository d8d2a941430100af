import MeridianCamera

/// One viewer session's own executor: the session's map, its input and its frame decisions run
/// here, off the main actor, so sessions never queue behind each other; drawing runs outside it
/// (in ``DrawingGate``), so input keeps being applied while a frame is drawn.
actor ViewerConnection {
    private let session: ViewerSession

    /// A session that shows `start` (else `home`) first.
    init(home: CameraPosition, start: CameraPosition? = nil) {
        session = ViewerSession(home: home, start: start)
    }

    /// The next frame job, or, when none is due, the seconds until one may be due without a
    /// message (``ViewerSession/wake(now:)``; nil: only a message can make one due).
    func next() -> (job: ViewerSession.FrameJob?, wake: Double?) {
        let now = session.clock.now
        let job = session.nextFrame(now: now)
        return (job, job == nil ? session.wake(now: now) : nil)
    }

    /// Applies one message from the page, stamped with the session's clock.
    func handle(_ text: String) {
        session.handle(text, now: session.clock.now)
    }

    func frameFailed(_ failure: RequestError) {
        session.frameFailed(failure)
    }
}
