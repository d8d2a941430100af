import Foundation

/// Leaves the data folder as it was when an import is interrupted (Ctrl-C, SIGTERM): the
/// running tool is stopped and the import's work folder removed before the process exits
/// with status 130. An import killed outright (SIGKILL) leaves only a hidden `.import-*`
/// folder, which readers ignore and the next import removes.
public final class Interruption: @unchecked Sendable {
    public static let shared = Interruption()
    private let lock = NSLock()
    private var process: Process?
    private var workFolder: String?
    private var sources: [DispatchSourceSignal] = []
    private var interrupted = false

    /// Whether an interruption is being handled: the import's own failure that follows it (the
    /// tool it stopped, the work folder it removed) must not be reported as an error, since
    /// the handler exits with status 130 once the folder is as it was (``waitForExit()``).
    public var wasInterrupted: Bool { lock.lock(); defer { lock.unlock() }; return interrupted }

    /// Blocks the calling thread while the handler finishes and exits the process with 130.
    public func waitForExit() -> Never {
        while true { Thread.sleep(forTimeInterval: 1) }
    }

    /// Installs the handlers for SIGINT and SIGTERM (once).
    public func install() {
        lock.lock(); defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in self?.interrupt() }
            source.resume()
            sources.append(source)
        }
    }

    func running(_ process: Process?) { lock.lock(); self.process = process; lock.unlock() }
    func working(in folder: String?) { lock.lock(); workFolder = folder; lock.unlock() }

    private func interrupt() {
        lock.lock()
        interrupted = true
        let (process, folder) = (self.process, workFolder)
        lock.unlock()
        if let process, process.isRunning { process.terminate(); process.waitUntilExit() }
        // The import's own clean-up may be removing the same folder on another thread: two
        // recursive removals can each stop at a file the other took, so retry until it is gone.
        if let folder {
            for _ in 0..<20 where FileManager.default.fileExists(atPath: folder) {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        FileHandle.standardError.write(Data("data: interrupted; the data folder is as it was\n".utf8))
        exit(130)
    }
}
