import MeridianTiles

/// A ``RemoteArchive`` as one reader sees it: pinned to the version it opened, so every read
/// of this reader is of that version or fails with `TileError.changed`.
final class RemoteBytes: ByteSource {
    let archive: RemoteArchive
    let pinned: RemoteArchive.Version

    init(_ archive: RemoteArchive, _ pinned: RemoteArchive.Version) { (self.archive, self.pinned) = (archive, pinned) }

    var name: String { archive.url }
    var size: UInt64 { pinned.size }

    func read(at offset: UInt64, count: UInt64, deadline: Deadline) throws(TileError) -> [UInt8] {
        if offset > size || count > size - offset {
            throw .corrupt(
                path: name, reason: "a read of \(count) bytes at \(offset) runs past the end (\(size) bytes)")
        }
        return try archive.read(at: offset, count: count, pinned: pinned, deadline: deadline)
    }
}

extension RemoteArchive {
    /// A reader of the PMTiles archive at `url` (`http://` or `https://`), pinned to its version now.
    /// - Throws: `TileError.unavailable` when the server cannot be read;
    ///   `TileError.corrupt` for an archive that is not PMTiles, or a URL of another format.
    public static func open(_ url: String) throws(TileError) -> any Tileset {
        guard (url.split(separator: "?").first ?? "").lowercased().hasSuffix(".pmtiles") else {
            throw .corrupt(path: url, reason: "only PMTiles archives are read over HTTP (by range requests)")
        }
        let archive = shared(url)
        return try PMTiles(source: RemoteBytes(archive, try archive.version()))
    }
}
