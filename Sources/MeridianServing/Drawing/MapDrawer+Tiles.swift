import MeridianCamera
import MeridianRender
import MeridianStyle
import MeridianTiles

/// Tiles read, not drawn: the normal style's vector sources and the folder's stored rasters.
extension MapDrawer {
    /// A vector tile of one of the normal style's vector sources: its tilesets' tiles at this
    /// id, inflated and concatenated (a tile is a sequence of layer fields, so regions of one
    /// source join into one tile); nil when none has the tile.
    /// - Throws: ``ServingError/notFound(parameter:_:)`` for a source the style does not have;
    ///   ``ServingError/remote(parameter:_:retryAfter:)`` when a remote archive cannot be read
    ///   now; ``ServingError/unavailable(_:)`` when the source has gone;
    ///   ``ServingError/failed(parameter:_:)`` when a tileset cannot be read.
    public func vectorTile(source name: String, _ id: TileID) throws(ServingError) -> [UInt8]? {
        guard data.vectorSources[name] != nil else {
            throw .notFound(parameter: "source", "no vector source '\(name.prefix(64))'")
        }
        do {
            return try withWorker { worker in
                do {
                    return try worker.sources(
                        for: .normal, style: data.styles[.normal]!, expecting: data.found[.normal] ?? []
                    ).sources[name]?.joinedTile(id)
                } catch let TileError.changed(url) {
                    worker.reopen()  // the next request reads the archive that replaced it
                    throw TileError.changed(url: url)
                }
            }
        } catch {
            throw Self.failure(error, "tile") ?? .failed(parameter: "tile", "\(error)")
        }
    }

    /// The tile a 512-pixel client (MapLibre) reads at `id`: the source's four tiles one zoom
    /// deeper, joined (`TileQuad`), so it shows at each scale what Meridian shows there; nil
    /// when none of them has data, and past the source's last zoom.
    /// - Throws: as ``vectorTile(source:_:)``, and ``ServingError/failed(parameter:_:)`` when a
    ///   child does not parse.
    public func quadTile(source name: String, _ id: TileID) throws(ServingError) -> [UInt8]? {
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
            throw .failed(parameter: "tile", "\(name) \(id): \(error)")
        }
    }

    /// A stored raster tile's bytes: the first region's that has the tile; nil when none has it.
    /// - Throws: ``ServingError/notFound(parameter:_:)`` for a name that is not a served raster
    ///   source or an extension not its tiles'; ``ServingError/failed(parameter:_:)`` when a file
    ///   cannot be read.
    public func storedTile(source name: String, _ id: TileID, fileExtension: String) throws(ServingError) -> [UInt8]? {
        guard let raster = data.storedRasters[name] else {
            throw .notFound(parameter: "source", "no raster source '\(name.prefix(64))'")
        }
        guard raster.fileExtension == fileExtension else {
            throw .notFound(parameter: "tile", "\(name.prefix(64))'s tiles end in .\(raster.fileExtension)")
        }
        for region in raster.regions {
            do {
                let tileset = try DataFolder.open(region.path)
                guard tileset.mayHold(id), tileset.zoomRange?.contains(id.z) ?? true else { continue }
                if let bytes = try tileset.data(for: id) { return bytes }
            } catch { throw .failed(parameter: "tile", "\(error)") }
        }
        return nil
    }
}
