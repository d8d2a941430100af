import MeridianTiles

/// Meridian's reader of data on HTTP servers (`MeridianTiles.RemoteAccess`): PMTiles archives
/// by range requests (``RemoteArchive``, whose block cache, breaker and counters it shares),
/// TileJSON templates (``RemoteTiles``), documents (`RemoteData.fetch`). The command line
/// gives ``shared`` to the data folders it makes (`DataFolder.reading(_:)`).
public final class RemoteReader: RemoteAccess {
    /// The process's reader.
    public static let shared = RemoteReader()

    public init() {}

    public func archive(_ url: String) throws(TileError) -> any Tileset { try RemoteArchive.open(url) }

    public func templates(_ templates: [String], described: TileJSONFile) throws(TileError) -> any Tileset {
        try RemoteTiles(mirrors: templates, described: described)
    }

    public func document(_ url: String) throws(TileError) -> [UInt8] { try RemoteData.fetch(url) }

    public var versions: String { RemoteArchive.fingerprint() }
}
