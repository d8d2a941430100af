import Foundation
import NIOConcurrencyHelpers

/// A progress line on standard error: redrawn in place at most 5 times a second on a terminal,
/// a line every 10 s otherwise (a job runner's log), with tiles done, the share, the rate and the
/// time left.
final class ProgressBar: Sendable {
    private let label: String
    private let terminal = isatty(2) != 0
    private let state = NIOLockedValueBox((started: Date(), last: Date.distantPast, first: -1))

    init(label: String) { self.label = label }

    /// `done` of `total` tiles (callable from any thread).
    @Sendable func update(_ done: Int, _ total: Int) {
        let now = Date()
        let line: String? = state.withLockedValue { s in
            if s.first < 0 { (s.first, s.started) = (done, now) }
            guard done == total || now.timeIntervalSince(s.last) >= (terminal ? 0.2 : 10) else { return nil }
            s.last = now
            let seconds = now.timeIntervalSince(s.started)
            let rate = seconds > 0 ? Double(done - s.first) / seconds : 0
            let left = rate > 0 ? Int(Double(total - done) / rate) : 0
            let share = total > 0 ? 100 * done / total : 100
            let width = 30
            let filled = total > 0 ? width * done / total : width
            return String(
                format: "%@ [%@%@] %d/%d (%d%%) %.1f tiles/s, %dm%02ds left", label,
                String(repeating: "#", count: filled), String(repeating: " ", count: width - filled), done, total,
                share, rate, left / 60, left % 60)
        }
        if let line {
            FileHandle.standardError.write(Data(((terminal ? "\r" : "") + line + (terminal ? "" : "\n")).utf8))
        }
    }

    /// Ends the line, then prints `message` when given.
    func finish(_ message: String?) {
        if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        if let message { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
}
