import Foundation
import Logging
import MeridianTestSupport
import MeridianTiles
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing

@testable import MeridianRemote

/// Revalidation is a service of the application's group: it asks the data server while the group
/// runs, and nothing once the group has shut down.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
struct RevalidationServiceTests {
    @Test("revalidation asks the data server while its service group runs and never after the group shut down")
    func stopsWithItsGroup() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Remote/bad_server.py").path, HostileServerTests.archive, "count",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // The port, then a line per request the server answers, counted as they come.
        let port = NIOLockedValueBox<Int?>(nil)
        let requests = NIOLockedValueBox(0)
        let reader = Thread {
            var pending = ""
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                pending += String(decoding: chunk, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<end])
                    pending = String(pending[pending.index(after: end)...])
                    if let p = Int(line) {
                        port.withLockedValue { $0 = p }
                    } else {
                        requests.withLockedValue { $0 += 1 }
                    }
                }
            }
        }
        reader.start()
        var waited = 0
        while port.withLockedValue({ $0 }) == nil, waited < 100 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        let url =
            "http://127.0.0.1:\(try #require(port.withLockedValue { $0 }))/count-\(UUID().uuidString.prefix(6)).pmtiles"
        defer { CircuitBreaker.shared.success(CircuitBreaker.origin(url)) }
        // Pinned: the archive is one the process reads.
        try await Task.detached { _ = try RemoteArchive.open(url) }.value
        let group = ServiceGroup(
            services: [RevalidationService(every: 0.1)], gracefulShutdownSignals: [], logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        try await Task.sleep(for: .milliseconds(800))
        let whileRunning = requests.withLockedValue { $0 }
        await group.triggerGracefulShutdown()
        try await running.value
        let atStop = requests.withLockedValue { $0 }
        try await Task.sleep(for: .milliseconds(800))
        let after = requests.withLockedValue { $0 }
        // Several rounds while it ran (one request each), none after it stopped.
        #expect(whileRunning >= 3, "requests while running: \(whileRunning)")
        #expect(after == atStop, "requests after the stop: \(after - atStop)")
    }
}
