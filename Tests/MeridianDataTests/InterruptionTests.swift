import Foundation
@testable import MeridianData
import MeridianTestSupport
import MeridianTileFixtures
import Testing

/// What an interrupted import says and does, decided without a signal (``Interruption/settle()``
/// is the handler less its exit).
@Suite struct InterruptionTests {
    /// A work folder holding one file.
    static func workFolder() throws -> String {
        let path = temporaryPath("interruption-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path + "/part.mbtiles", contents: Data([1, 2, 3]))
        return path
    }

    @Test("before the last step: the work folder is removed and the folder is as it was")
    func beforeCommit() throws {
        let interruption = Interruption()
        let work = try Self.workFolder()
        interruption.working(in: work)
        #expect(interruption.settle() == "data: interrupted; the data folder is as it was")
        #expect(!FileManager.default.fileExists(atPath: work))
        #expect(interruption.wasInterrupted)
    }

    @Test("after the last step (the final rename): the import is reported complete, not undone")
    func afterCommit() throws {
        let interruption = Interruption()
        let work = try Self.workFolder()
        interruption.working(in: work)
        try interruption.commit(completing: "'town' is in place at /data/openmaptiles/town.mbtiles") {
            () throws(DataError) in
        }
        #expect(
            interruption.settle()
                == "data: interrupted after the import was complete: 'town' is in place at /data/openmaptiles/town.mbtiles"
        )
    }

    @Test("during the last step: the handler waits for it to end, then reports it complete")
    func duringCommit() throws {
        let interruption = Interruption()
        let work = try Self.workFolder()
        interruption.working(in: work)
        let started = DispatchSemaphore(value: 0)
        let finished = Locked(false)
        let thread = Thread {
            try? interruption.commit(completing: "'town' is in place") { () throws(DataError) in
                started.signal()
                Thread.sleep(forTimeInterval: 0.3)
                finished.set(true)
            }
        }
        thread.start()
        started.wait()
        let line = interruption.settle()
        // The commit's body had ended before settle returned (it waited, at most 0.3 s).
        #expect(finished.get())
        #expect(line == "data: interrupted after the import was complete: 'town' is in place")
    }

    @Test("a failed last step is not reported complete; a new import forgets the last one's completion")
    func failedCommitAndNewImport() throws {
        let interruption = Interruption()
        interruption.working(in: try Self.workFolder())
        #expect(throws: DataError.self) {
            try interruption.commit(completing: "never") { () throws(DataError) in throw .io(path: "/x", reason: "full")
            }
        }
        #expect(interruption.settle() == "data: interrupted; the data folder is as it was")
        let again = Interruption()
        again.working(in: try Self.workFolder())
        try again.commit(completing: "first") { () throws(DataError) in }
        again.working(in: try Self.workFolder())
        #expect(again.settle() == "data: interrupted; the data folder is as it was")
    }
}

/// A value shared between threads.
final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ value: T) { self.value = value }
    func get() -> T {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func set(_ new: T) {
        lock.lock()
        value = new
        lock.unlock()
    }
}
