import Foundation

/// Leaves the data folder as it was when an import is interrupted (Ctrl-C, SIGTERM): the
/// running tool is stopped and the import's work folder removed before the process exits
/// with status 130. An import killed outright (SIGKILL) leaves only a hidden `.import-*`
/// folder, which readers ignore and the next import removes.
///
/// The import's last step, putting the tileset in place (`commit(completing:_:)`), is not
/// interrupted half-way: a signal that arrives during it waits for it, and one that arrives
/// after it says the import was complete (the tileset is in place) instead of claiming the
/// folder is as it was.
public final class Interruption: @unchecked Sendable {
    public static let shared = Interruption()
    private let lock = NSLock()
    private var process: Process?
    private var workFolder: String?
    private var sources: [DispatchSourceSignal] = []
    private var interrupted = false
    /// Whether the tileset is being put in place; the handler waits while it is.
    private var committing = false
    /// What is in place once the import's last step is done (nil before).
    private var completion: String?

    /// Whether an interruption is being handled: the import's own failure that follows it (the
    /// tool it stopped, the work folder it removed) must not be reported as an error, since
    /// the handler exits with status 130 once the folder is as it was (``waitForExit()``).
    public var wasInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Blocks the calling thread while the handler finishes and exits the process with 130.
    public func waitForExit() -> Never {
        while true { Thread.sleep(forTimeInterval: 1) }
    }

    /// Installs the handlers for SIGINT and SIGTERM (once).
    public func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in self?.interrupt() }
            source.resume()
            sources.append(source)
        }
    }

    func running(_ process: Process?) {
        lock.lock()
        self.process = process
        lock.unlock()
    }
    /// Names the import's work folder (nil once it is gone); a new folder begins a new import.
    func working(in folder: String?) {
        lock.lock()
        defer { lock.unlock() }
        workFolder = folder
        if folder != nil { completion = nil }
    }

    /// Runs the import's last step, which puts the tileset in place, as one piece: a signal
    /// during `body` is handled once it returns; after it, an interruption reports `message`
    /// (what is now in place) rather than "as it was".
    func commit<T>(completing message: String, _ body: () throws(DataError) -> T) throws(DataError) -> T {
        lock.lock()
        committing = true
        lock.unlock()
        defer {
            lock.lock()
            committing = false
            lock.unlock()
        }
        let result = try body()
        lock.lock()
        completion = message
        lock.unlock()
        return result
    }

    private func interrupt() -> Never {
        FileHandle.standardError.write(Data((settle() + "\n").utf8))
        exit(130)
    }

    /// Everything the handler does but exiting: waits for a commit under way, stops the running
    /// tool, removes the work folder, and returns the line to print.
    func settle() -> String {
        lock.lock()
        interrupted = true
        lock.unlock()
        while true {
            lock.lock()
            let busy = committing
            lock.unlock()
            if !busy { break }
            usleep(2_000)
        }
        lock.lock()
        let (process, folder, completion) = (self.process, workFolder, self.completion)
        lock.unlock()
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        // The import's own clean-up may be removing the same folder on another thread: two
        // recursive removals can each stop at a file the other took, so retry until it is gone.
        if let folder {
            for _ in 0..<20 where FileManager.default.fileExists(atPath: folder) {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        if let completion { return "data: interrupted after the import was complete: \(completion)" }
        return "data: interrupted; the data folder is as it was"
    }
}
