import AsyncHTTPClient
import MeridianTiles
import NIOConcurrencyHelpers

/// Meridian's reader of data on HTTP servers (`MeridianTiles.RemoteAccess`): PMTiles archives
/// by range requests (``RemoteArchive``), TileJSON templates (``RemoteTiles``), documents
/// (`RemoteData.fetch`). A reader owns everything its reads share: its archives (one per URL),
/// their block cache, the breaker per origin, the cache of template tiles, the counters; two
/// readers share nothing but the HTTP client. The command line makes one (``shared``) and gives
/// it to the data folders it makes (`DataFolder.reading(_:)`).
public final class RemoteReader: RemoteAccess, Sendable {
    /// The command line's reader (`meridian serve`, `render`, `tiles render` over `--data URL`).
    public static let shared = RemoteReader()

    let context: RemoteContext
    private let archives = NIOLockedValueBox<[String: RemoteArchive]>([:])
    /// The fingerprint made at a count of version changes.
    private let fingerprint = NIOLockedValueBox<(at: Int, text: String)?>(nil)
    /// Data folders resolved from `--data` values (``RemoteData/folder(_:reader:)``), each once.
    let folders = NIOLockedValueBox<[String: DataFolder]>([:])

    /// - Parameters:
    ///   - client: the HTTP client every request goes through.
    ///   - cacheBytes: bytes of archive blocks kept at most, over every archive (64 MiB).
    ///   - tileCacheBytes: bytes of template tiles kept at most, over every template (64 MiB).
    public init(
        client: HTTPClient = .shared, cacheBytes: Int = RemoteArchive.cacheBytes,
        tileCacheBytes: Int = RemoteTiles.cacheBytes
    ) {
        context = RemoteContext(client: client, cacheBytes: max(0, cacheBytes), tileCacheBytes: max(0, tileCacheBytes))
    }

    /// This reader's one ``RemoteArchive`` of `url`, made on first use with `timeout` (seconds a
    /// read's requests may take; a later call gets the archive made first, with its timeout).
    public func remoteArchive(_ url: String, timeout: Int64 = RemoteArchive.requestSeconds) -> RemoteArchive {
        archives.withLockedValue { all in
            if let kept = all[url] { return kept }
            let made = RemoteArchive(url: url, context: context, timeout: timeout)
            all[url] = made
            return made
        }
    }

    /// A reader of the PMTiles archive at `url` (`http://` or `https://`), pinned to its version now.
    /// - Throws: `TileError.unavailable` when the server cannot be read;
    ///   `TileError.corrupt` for an archive that is not PMTiles, or a URL of another format.
    public func archive(_ url: String) throws(TileError) -> any Tileset {
        guard (url.split(separator: "?").first ?? "").lowercased().hasSuffix(".pmtiles") else {
            throw .corrupt(path: url, reason: "only PMTiles archives are read over HTTP (by range requests)")
        }
        let archive = remoteArchive(url)
        return try PMTiles(source: RemoteBytes(archive, try archive.version()))
    }

    public func templates(_ templates: [String], described: TileJSONFile) throws(TileError) -> any Tileset {
        try RemoteTiles(mirrors: templates, described: described, reader: self)
    }

    public func document(_ url: String, maxBytes: Int) throws(TileError) -> [UInt8] {
        try RemoteData.fetch(url, client: context.client, maxBytes: maxBytes)
    }

    /// Every archive this reader reads now (``RevalidationService`` checks them).
    public var all: [RemoteArchive] { archives.withLockedValue { Array($0.values) } }

    /// Range requests answered and bytes fetched by every archive of this reader.
    public var totals: (requests: Int, bytes: Int) {
        all.reduce((0, 0)) { sum, archive in
            let s = archive.stats
            return (sum.0 + s.requests, sum.1 + s.bytes)
        }
    }

    /// A fingerprint of every pinned archive of this reader (URL and ETag, or length where the
    /// server sends no ETag), hexadecimal: it changes when an archive is found replaced or first
    /// read, so what was made from remote data can be keyed by it. Made again only after such a
    /// change (a server asks it for every response).
    public var versions: String {
        let changes = context.versionChanges.withLockedValue { $0 }
        if let made = fingerprint.withLockedValue({ $0 }), made.at == changes { return made.text }
        let all = archives.withLockedValue { $0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for url in all.keys.sorted() {
            guard let v = all[url]!.state.withLockedValue({ $0.version }) else { continue }
            for byte in "\(url)=\(v.etag ?? "length \(v.size)");".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        let text = String(hash, radix: 16)
        fingerprint.withLockedValue { $0 = (changes, text) }
        return text
    }
}
