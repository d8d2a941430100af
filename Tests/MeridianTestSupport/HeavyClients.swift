import Foundation

/// One heavy external client at a time (the viewer's Chromium, MapLibre's Chromium with its
/// software WebGL, GDAL's scan of a tileset, a cluster of render nodes, a tile pyramid): on two
/// cores, together they starve each other's servers and the viewer's timing.
public actor HeavyClients {
    public static let shared = HeavyClients()
    var busy = false
    var waiting: [CheckedContinuation<Void, Never>] = []

    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy { await withCheckedContinuation { waiting.append($0) } }
        busy = true
        defer { if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() } }
        return try await body()
    }
}

/// Runs `body` on a thread of its own and waits for it without holding one of Swift's
/// cooperative threads (two on this machine), which the live servers of other tests need: for a
/// test that blocks (a process waited for, a remote read behind its deadline).
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
