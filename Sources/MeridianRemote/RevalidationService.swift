import Foundation
import ServiceLifecycle

/// Checks every `seconds` that each archive a reader reads is still the version pinned
/// (``RemoteArchive/revalidate()``), so a replaced archive is noticed even by a node whose caches
/// hold every tile it draws: a service of the application's service group (`meridian serve`
/// gives it to its Hummingbird application), stopped with it. After a graceful shutdown (SIGTERM,
/// SIGINT) or a cancellation, no request of it reaches a data server.
///
/// The checks are blocking range requests: each round runs on a thread of its own, never on a
/// Swift cooperative thread.
public struct RevalidationService: Service {
    /// Seconds between two rounds of checks (at least 0.05).
    public let seconds: Double
    /// The reader whose archives each round checks: every one it reads then (``RemoteReader/all``).
    let reader: RemoteReader

    /// Checks the archives `reader` reads every `seconds` (not finite: ``RemoteArchive/revalidateSeconds``).
    public init(reader: RemoteReader, every seconds: Double = RemoteArchive.revalidateSeconds) {
        self.seconds = seconds.isFinite ? max(seconds, 0.05) : RemoteArchive.revalidateSeconds
        self.reader = reader
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(seconds)) }
            } catch { return }
            guard !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
            let round = reader.all
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let thread = Thread {
                    for archive in round { archive.revalidate() }
                    done.resume()
                }
                thread.name = "meridian-remote-revalidate"
                thread.start()
            }
        }
    }
}
