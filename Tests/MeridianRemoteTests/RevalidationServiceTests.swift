import Foundation
import Logging
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing

@testable import MeridianRemote

/// Revalidation is a service of the application's group: it asks the data server while the group
/// runs, and nothing once the group has shut down.
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct RevalidationServiceTests {
    @Test("revalidation asks the data server while its service group runs and never after the group shut down")
    func stopsWithItsGroup() async throws {
        let server = try BadServer(mode: "count")
        defer { server.stop() }
        // A line per request the server answers, counted as they come.
        let requests = NIOLockedValueBox(server.leftover.filter { $0 == "\n" }.count)
        let output = server.output
        let counting = Thread {
            while true {
                let chunk = output.availableData
                if chunk.isEmpty { return }
                requests.withLockedValue { $0 += chunk.filter { $0 == 10 }.count }
            }
        }
        counting.start()
        let url = server.url("count")
        // A reader of its own, which reads this archive only (other suites' servers, some
        // stalling, are other readers'): pinned, the archive is one it reads.
        let remote = RemoteReader()
        try await Task.detached { _ = try remote.archive(url) }.value
        let group = ServiceGroup(
            services: [RevalidationService(reader: remote, every: 0.1)], gracefulShutdownSignals: [],
            logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        // On a loaded machine a round may wait for a thread: wait for three rounds, at most 30 s.
        var waited = 0
        while requests.withLockedValue({ $0 }) < 4, waited < 300 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        let whileRunning = requests.withLockedValue { $0 }
        await group.triggerGracefulShutdown()
        try await running.value
        let atStop = requests.withLockedValue { $0 }
        try await Task.sleep(for: .milliseconds(800))
        let after = requests.withLockedValue { $0 }
        // Several rounds while it ran (one request each, after the open's), none after it stopped.
        #expect(whileRunning >= 4, "requests while running: \(whileRunning)")
        #expect(after == atStop, "requests after the stop: \(after - atStop)")
    }
}
