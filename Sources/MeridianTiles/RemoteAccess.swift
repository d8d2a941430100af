/// What reads data on HTTP servers, for a ``DataFolder`` that holds one: PMTiles archives by
/// range requests, TileJSON `tiles` templates, documents (TileJSON, GeoJSON), and the fingerprint
/// of the archives' versions.
///
/// The command line builds one (`MeridianRemote.RemoteReader`) and gives it to the folders it
/// makes; a folder without one reads local files only, and names every archive, template or
/// document on an HTTP server as not read. Held by reference: one reader's caches and breaker
/// serve every folder that holds it.
public protocol RemoteAccess: AnyObject, Sendable {
    /// The PMTiles archive at `url` (`http://` or `https://`), pinned to its version now.
    /// - Throws: `TileError.unavailable` when the server cannot be read; `TileError.corrupt` for
    ///   an archive that is not PMTiles.
    func archive(_ url: String) throws(TileError) -> any Tileset

    /// One tileset of a TileJSON's `http(s)://` templates, mirrors of each other (each tile
    /// fetched from one of them; the document's zooms, bounds and credits).
    func templates(_ templates: [String], described: TileJSONFile) throws(TileError) -> any Tileset

    /// The document at `url` (a TileJSON, a GeoJSON source's data), at most `maxBytes` bytes.
    /// - Throws: `TileError.unavailable` when it cannot be fetched, or is longer than `maxBytes`.
    func document(_ url: String, maxBytes: Int) throws(TileError) -> [UInt8]

    /// A fingerprint of the versions of the archives read: it changes when one is found
    /// replaced, so what was made from them can be keyed by it.
    var versions: String { get }
}
