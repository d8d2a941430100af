import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTiles

extension MapService {
    /// A vector tile of one of the normal style's vector sources: its tilesets' tiles at this
    /// id, inflated and concatenated (a tile is a sequence of layer fields, so regions of one
    /// source join into one tile); nil when none has the tile.
    /// - Throws: ``RequestError`` 404 for a source the style does not have, 503 when a remote
    ///   archive cannot be read now (``remoteFailure(_:_:)``), 500 when a tileset cannot be read.
    func vectorTile(source name: String, _ id: TileID) throws(RequestError) -> [UInt8]? {
        guard vectorSources[name] != nil else {
            throw RequestError("source", "no vector source '\(name.prefix(64))'", status: 404)
        }
        do {
            return try withWorker { worker in
                do {
                    return try worker.sources(for: .normal, style: styles[.normal]!, expecting: found[.normal] ?? [])
                        .sources[name]?.joinedTile(id)
                } catch let TileError.changed(url) {
                    worker.reopen()  // the next request reads the archive that replaced it
                    throw TileError.changed(url: url)
                }
            }
        } catch let gone as DataUnavailable { throw unavailable(gone) } catch {
            throw remoteFailure(error, "tile") ?? RequestError("tile", "\(error)", status: 500)
        }
    }

    /// The tile a 512-pixel client (MapLibre) reads at `id`: the source's four tiles one zoom
    /// deeper, joined (`TileQuad`), so it shows at each scale what Meridian shows there; nil
    /// when none of them has data, and past the source's last zoom.
    /// - Throws: as ``vectorTile(source:_:)``, and 500 when a child does not parse.
    func quadTile(source name: String, _ id: TileID) throws(RequestError) -> [UInt8]? {
        var children: [(dx: Int, dy: Int, bytes: [UInt8])] = []
        for dy in 0...1 {
            for dx in 0...1 {
                if let bytes = try vectorTile(source: name, TileID(z: id.z + 1, x: 2 * id.x + dx, y: 2 * id.y + dy)) {
                    children.append((dx, dy, bytes))
                }
            }
        }
        guard !children.isEmpty else { return nil }
        do { return try TileQuad.join(children) } catch {
            throw RequestError("tile", "\(name) \(id): \(error)", status: 500)
        }
    }
}
