import MeridianRender
import MeridianStyle
import MeridianTiles

/// One request's drawing tools: open tilesets per map type and a decoded-tile cache.
///
/// Used by one request at a time (the pool hands it out), hence unchecked Sendable.
final class RenderWorker: @unchecked Sendable {
    let folder: DataFolder
    var open: [MapType: MapSources] = [:]
    private(set) var cache = RenderCache(capacityPerSource: 32 << 20)
    /// The data version (`MapDrawer.dataStamp`) its sources and tiles are of; nil before its first use.
    var stamp: String?

    init(folder: DataFolder) { self.folder = folder }

    /// Forgets the open sources and every tile decoded from them (a remote archive was replaced:
    /// nothing of the old one may be drawn with the new).
    func reopen() {
        open = [:]
        cache = RenderCache(capacityPerSource: 32 << 20)
    }

    /// The style's sources, opened on first use (and kept only when every source in `expected`
    /// is there).
    /// - Throws: ``DataUnavailable`` when the folder cannot be opened or a source of `expected`
    ///   has no data any more (a file removed or replaced while the server runs).
    func sources(for type: MapType, style: Style, expecting expected: Set<String>) throws(DataUnavailable) -> MapSources
    {
        if let sources = open[type] { return sources }
        let sources: MapSources
        do { sources = try MapSources(style: style, folder: folder) } catch {
            throw DataUnavailable(reason: "\(error)")
        }
        let gone = expected.subtracting(sources.sources.keys)
        guard gone.isEmpty else {
            throw DataUnavailable(
                reason:
                    "source(s) \(gone.sorted().joined(separator: ", ")) had data when the server started and have none now in \(folder.path)"
            )
        }
        open[type] = sources
        return sources
    }
}
