import MeridianRender
import MeridianTiles
import NIOConcurrencyHelpers

/// Everything made from ``ServedData``, below any protocol: drawings by a pool of render workers
/// (each with its own open sources and tile cache, used by one drawing at a time), raster tiles
/// cut from metatiles, tiles read as stored, and a bounded cache of finished responses by
/// ``ResponseKey``. The HTTP server's routes and the pyramid job (`meridian tiles render`) both
/// make their tiles here, so a tile's bytes are the same whichever asks.
///
/// Safe to share between threads and requests.
public final class MapDrawer: Sendable {
    public let data: ServedData
    let workers = NIOLockedValueBox<[RenderWorker]>([])
    /// Bytes of prepared layers each worker held when it last finished a drawing (by worker).
    let prepared = NIOLockedValueBox<[ObjectIdentifier: Int]>([:])
    let responses: NIOLockedValueBox<ResponseCache>

    /// - Parameters:
    ///   - data: what is served.
    ///   - cacheBytes: bytes of finished responses kept at most (bodies and keys); 64 MiB by default.
    public init(_ data: ServedData, cacheBytes: Int = 64 << 20) {
        self.data = data
        responses = NIOLockedValueBox(ResponseCache(capacity: max(0, cacheBytes)))
    }

    /// The version of the data what is made now is made from: the folder's `VERSION` stamp and,
    /// for data on an HTTP server, the fingerprint of its archives' versions (ETags), which
    /// changes when one is replaced. The response cache and the workers' decoded tiles hold one
    /// version's.
    public var dataStamp: String {
        guard data.readsHTTP, let access = data.folder.access else { return data.dataVersion }
        return data.dataVersion + "-" + access.versions
    }

    /// The kept response for `key`, made from the data as it is now.
    public func cached(_ key: ResponseKey) -> [UInt8]? {
        let stamp = dataStamp
        return responses.withLockedValue { cache in
            cache.sync(stamp)
            return cache.value(for: key)
        }
    }

    /// Keeps `bytes` for `key` when they were made from the data version `made` (captured before
    /// making them) and that is still the current one; nil `made`: the current one.
    public func keep(_ bytes: [UInt8], for key: ResponseKey, made: String? = nil) {
        let stamp = dataStamp
        guard made == nil || made == stamp else { return }
        responses.withLockedValue { cache in
            cache.sync(stamp)
            cache.insert(bytes, for: key)
        }
    }

    /// What the response cache holds now: bytes (bodies and keys) and entries.
    public var cacheUse: (bytes: Int, entries: Int) { responses.withLockedValue { ($0.bytes, $0.count) } }

    /// Bytes of prepared layers the workers held when each last finished a drawing (a worker
    /// drawing now is not read).
    public var preparedBytes: Int { prepared.withLockedValue { $0.values.reduce(0, +) } }

    /// Runs `body` with a worker of its own (taken from the pool, or a new one).
    func withWorker<T>(_ body: (RenderWorker) throws -> T) throws -> T {
        let worker = workers.withLockedValue { $0.popLast() } ?? RenderWorker(folder: data.folder)
        // A worker whose sources and tiles are of another version of remote data starts afresh.
        let stamp = dataStamp
        if worker.stamp != stamp {
            if worker.stamp != nil { worker.reopen() }
            worker.stamp = stamp
        }
        defer {
            let bytes = worker.cache.preparedBytes
            prepared.withLockedValue { $0[ObjectIdentifier(worker)] = bytes }
            workers.withLockedValue { $0.append(worker) }
        }
        return try body(worker)
    }
}

/// The data folder changed under the service: a source it started with is gone or unreadable.
struct DataUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
