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
