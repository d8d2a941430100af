import Foundation
import MeridianTiles

extension Importer {
    /// Imports a raster as the region `name` of the source ``Catalog/imagerySource`` or
    /// ``Catalog/elevationSource`` (see `RasterImport`), whichever it turns out to be.
    ///
    /// The regions of one source share a tile size, and an elevation source's an encoding (a server
    /// hands them out as one source, whose TileJSON names one of each): a raster in another than
    /// those already there is refused, naming theirs.
    /// - Throws: ``DataError`` naming the file or the name; the folder is left as it was.
    func importRaster(
        _ source: String, shown: String, name: String, replace: Bool
    ) throws(DataError)
        -> Catalog.Entry
    {
        try Catalog.check(name: name)
        let ext = raster.pmtiles ? "pmtiles" : "mbtiles"
        let sources = [Catalog.imagerySource, Catalog.elevationSource]
        func places(_ kind: String) -> [String] {
            DataFolder.extensions.map { folder.path + "/" + kind + "/" + name + "." + $0 }.filter {
                FileManager.default.fileExists(atPath: $0)
            }
        }
        if !replace, let taken = sources.flatMap(places).first {
            throw .badName(name, reason: "is taken by \(taken) (remove it first, or pass --replace)")
        }
        // One name, one tileset: `meridian data remove NAME` removes what the name names.
        if let street = places(Catalog.streetSource).first {
            throw .badName(name, reason: "is taken by \(street) (give the raster another name with --name)")
        }
        let work = try workFolder(for: name)
        Interruption.shared.working(in: work)
        defer {
            try? FileManager.default.removeItem(atPath: work)
            Interruption.shared.working(in: nil)
        }
        let built = work + "/" + name + "." + ext
        let elevation = try RasterImport(work: work, options: raster, progress: progress).build(
            source, shown: shown, into: built)
        let kind = elevation ? Catalog.elevationSource : Catalog.imagerySource
        let tileset: any Tileset
        do { tileset = try DataFolder.open(built) } catch {
            throw .tiles(Self.naming(error, source: shown, copy: built))
        }
        try checkShared(tileset.info, in: kind, besides: name, shown: shown)
        let target = folder.path + "/" + kind + "/" + name + "." + ext
        let existing = sources.flatMap(places)
        try Interruption.shared.commit(completing: "'\(name)' is in place at \(target)") { () throws(DataError) in
            do {
                try FileManager.default.createDirectory(
                    atPath: folder.path + "/" + kind, withIntermediateDirectories: true)
                for old in existing { try FileManager.default.removeItem(atPath: old) }
                try FileManager.default.moveItem(atPath: built, toPath: target)
            } catch { throw .io(path: target, reason: "\(error)") }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0
        return Catalog.Entry(
            name: name, source: kind, path: target, format: ext, info: tileset.info, schema: "raster", bytes: size,
            folder: folder.path)
    }

    /// Refuses a raster whose tile size, or an elevation model whose encoding, differs from the
    /// other regions' of the writable folder's source `kind` (the region `name` itself, about to
    /// be replaced, aside).
    func checkShared(_ info: TilesetInfo, in kind: String, besides name: String, shown: String) throws(DataError) {
        let dir = folder.path + "/" + kind
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
        where DataFolder.extensions.contains((file as NSString).pathExtension)
            && (file as NSString).deletingPathExtension != name
        {
            guard let other = try? DataFolder.open(dir + "/" + file) else { continue }
            let size = other.info.tileSize ?? 256
            if size != info.tileSize ?? 256 {
                throw .unsupported(
                    path: shown,
                    reason:
                        "\(dir)/\(file) is in \(size)-pixel tiles, and the regions of one source share theirs: import with --tile-size \(size)"
                )
            }
            if kind == Catalog.elevationSource, other.info.encoding != info.encoding {
                throw .unsupported(
                    path: shown,
                    reason:
                        "\(dir)/\(file) is in the \(other.info.encoding?.rawValue ?? "unknown") encoding, and the regions of one elevation source share theirs: import with --encoding \(other.info.encoding?.rawValue ?? "terrarium")"
                )
            }
        }
    }
}
