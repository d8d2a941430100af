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

    /// A fingerprint of every pinned archive of the process (URL and ETag, or length where the
    /// server sends no ETag), 16 hex digits: it changes when an archive is found replaced or
    /// first read, so what was made from remote data can be keyed by it. Made again only after
    /// such a change (a server asks it for every response).
    public static func fingerprint() -> String {
        let changes = fingerprintCache.withLockedValue { $0 }
        if let made = changes.made, made.at == changes.changes { return made.text }
        let all = archives.withLockedValue { $0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for url in all.keys.sorted() {
            guard let v = all[url]!.state.withLockedValue({ $0.version }) else { continue }
            for byte in "\(url)=\(v.etag ?? "length \(v.size)");".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        let text = String(hash, radix: 16)
        fingerprintCache.withLockedValue { c in if c.changes == changes.changes { c.made = (changes.changes, text) } }
        return text
    }

    /// Changes of pinned versions so far, and the fingerprint made at a count of them.
    private static let fingerprintCache = NIOLockedValueBox<(changes: Int, made: (at: Int, text: String)?)>((0, nil))

    /// A version was pinned or dropped: the next ``fingerprint()`` is made anew.
    static func versionsChanged() { fingerprintCache.withLockedValue { $0.changes += 1 } }

    /// Every archive the process reads now (``RevalidationService`` checks them).
    public static var all: [RemoteArchive] { archives.withLockedValue { Array($0.values) } }
}

extension RemoteArchive {
    /// Range requests answered and bytes fetched by every archive the process holds now.
    public static var totals: (requests: Int, bytes: Int) {
        archives.withLockedValue { all in
            all.values.reduce((0, 0)) { sum, archive in
                let s = archive.stats
                return (sum.0 + s.requests, sum.1 + s.bytes)
            }
        }
    }
}
