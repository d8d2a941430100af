import NIOPosix
import ServiceLifecycle

/// Checks every `seconds` that each archive the process reads is still the version pinned
/// (``RemoteArchive/revalidate()``), so a replaced archive is noticed even by a node whose caches
/// hold every tile it draws: a service of the application's service group (`meridian serve`
/// gives it to its Hummingbird application), stopped with it. After a graceful shutdown (SIGTERM,
/// SIGINT) or a cancellation, no request of it reaches a data server.
///
/// The checks are blocking range requests: they run on NIO's thread pool, never on a Swift
/// cooperative thread.
public struct RevalidationService: Service {
    /// Seconds between two rounds of checks (at least 0.05).
    public let seconds: Double

    public init(every seconds: Double = RemoteArchive.revalidateSeconds) {
        self.seconds = seconds.isFinite ? max(seconds, 0.05) : RemoteArchive.revalidateSeconds
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(seconds)) }
            } catch { return }
            guard !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
            try? await NIOThreadPool.singleton.runIfActive { RemoteArchive.revalidateAll() }
        }
    }
}
