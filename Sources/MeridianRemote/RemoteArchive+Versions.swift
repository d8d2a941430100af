import Foundation
import MeridianTiles
import NIOConcurrencyHelpers

extension RemoteArchive {
    /// Seconds between two checks that an archive is still the version pinned
    /// (``RevalidationService``): a replaced archive is noticed within this, even by a node
    /// whose caches hold every tile it draws.
    public static let revalidateSeconds = 10.0

    /// Asks the server whether the pinned version is still there (one byte, `If-Match` its
    /// ETag); a replaced archive is dropped (its cache, its generation) as a read would drop it.
    /// Nothing is asked when no version is pinned; a failure is counted against the origin and
    /// otherwise ignored (the next read reports it).
    public func revalidate() {
        guard let pinned = state.withLockedValue({ $0.version }), pinned.size > 0 else { return }
        _ = try? fetch(0, 1, pinned: pinned, probing: false)
    }
}
