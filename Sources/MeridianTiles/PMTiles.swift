import Foundation
import MeridianCamera

/// A read-only PMTiles v3 archive, in a local file or read by ranges from elsewhere
/// (``ByteSource``): a 127-byte header, a root directory,
/// leaf directories, JSON metadata and tile data, tiles addressed by Hilbert tile id
/// (``PMTilesDirectory``); ``data(for:)`` gives a tile's stored bytes (gzip-compressed vector
/// tiles stay compressed, as from MBTiles). Every read is bounded and checked against the file's size:
/// a corrupt archive is a ``TileError/corrupt(path:reason:)`` naming the file, never a trap or
/// an unbounded allocation. Directories are gzip or uncompressed; brotli and zstd archives
/// are refused when opened (no decoder for them here). One byte source per instance; use one per
/// thread or task.
///
/// ```swift
/// let archive = try PMTiles(path: "region.pmtiles")
/// let tile = try archive.vectorTile(TileID(z: 14, x: 9326, y: 4740))   // VectorTile?
/// ```
public final class PMTiles: Tileset {
    public let path: String
    public let info: TilesetInfo
    /// The header as read when opening.
    public let header: Header
    /// The archive's JSON metadata, parsed (empty when there is none).
    public let metadata: [String: String]
    private let file: any ByteSource
    private let root: [PMTilesDirectory.Entry]
    /// Leaf directories read so far, by offset, bounded by their decoded bytes (least recently
    /// used out first): a few compressed bytes can decode to megabytes of entries, so a count
    /// bound let a 128 KB archive hold 900 MB.
    let leaves: LRUCache<UInt64, [PMTilesDirectory.Entry]>

    static let headerSize = 127
    /// Bounds on what one read may allocate (a directory's bound holds stored and inflated).
    static let maxDirectoryBytes: UInt64 = 16 << 20, maxMetadataBytes: UInt64 = 4 << 20
    /// The leaf cache's bound in decoded bytes (an entry costs its stride; a leaf 64 bytes more).
    public static let leafCacheBytes = 8 << 20
    /// Directory levels below the root (the spec's writers use one).
    static let maxDepth = 3

    /// Opens the archive and reads its header, root directory and metadata.
    /// - Throws: ``TileError/database(path:message:)`` when the file cannot be opened,
    ///   ``TileError/corrupt(path:reason:)`` for anything malformed (not PMTiles, an unsupported
    ///   version or compression, offsets or lengths outside the file, a bad directory).
    public convenience init(path: String) throws(TileError) {
        try self.init(path: path, leafCacheBytes: Self.leafCacheBytes)
    }

    /// ``init(path:)`` with another bound on the leaf cache (decoded bytes).
    convenience init(path: String, leafCacheBytes: Int) throws(TileError) {
        try self.init(source: try FileBytes(path: path), leafCacheBytes: leafCacheBytes)
    }

    /// The archive `source` holds (its ``ByteSource/name`` is the ``path`` errors name); reads its
    /// header, root directory and metadata.
    /// - Throws: as ``init(path:)``, and the source's own errors.
    public init(source: any ByteSource, leafCacheBytes: Int = PMTiles.leafCacheBytes) throws(TileError) {
        leaves = LRUCache(capacity: leafCacheBytes)
        (self.path, file) = (source.name, source)
        header = try Header(try source.read(at: 0, count: UInt64(Self.headerSize)), path: path)
        try header.check(fileSize: source.size, path: path)
        root = try Self.directory(source, header: header, at: header.rootOffset, count: header.rootLength)
        let json = try source.read(
            at: header.metadataOffset, count: min(header.metadataLength, Self.maxMetadataBytes))
        let (values, layers) = try Self.metadata(json, compression: header.internalCompression, path: path)
        metadata = values
        info = TilesetInfo(pmtiles: header, metadata: values, vectorLayers: layers)
    }

    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? {
        try Self.check(tile)
        guard (Int(header.minZoom)...Int(header.maxZoom)).contains(tile.z) else { return nil }
        let id = PMTilesDirectory.tileID(z: tile.z, x: tile.x, y: tile.y)
        var entries = root
        for _ in 0...Self.maxDepth {
            guard let entry = PMTilesDirectory.find(id, in: entries) else { return nil }
            if entry.runLength > 0 {
                let (offset, overflow) = header.tileDataOffset.addingReportingOverflow(entry.offset)
                guard !overflow, entry.offset <= header.tileDataLength,
                    UInt64(entry.length) <= header.tileDataLength - entry.offset
                else {
                    throw .corrupt(path: path, reason: "tile \(tile) lies outside the tile data section")
                }
                guard UInt64(entry.length) <= TileError.maxTileBytes else {
                    throw .tileTooLarge(path: path, tile: "\(tile.z)/\(tile.x)/\(tile.y)", bytes: UInt64(entry.length))
                }
                return try file.read(at: offset, count: UInt64(entry.length), deadline: deadline)
            }
            entries = try leaf(at: entry.offset, length: UInt64(entry.length), deadline: deadline)
        }
        throw .corrupt(path: path, reason: "leaf directories nested more than \(Self.maxDepth) deep")
    }

    /// A leaf directory, from the cache or the file.
    private func leaf(
        at offset: UInt64, length: UInt64, deadline: Deadline
    ) throws(TileError)
        -> [PMTilesDirectory.Entry]
    {
        if let cached = leaves.value(for: offset) { return cached }
        guard offset <= header.leafDirectoryLength, length <= header.leafDirectoryLength - offset else {
            throw .corrupt(path: path, reason: "a leaf directory lies outside the leaf section")
        }
        let entries = try Self.directory(
            file, header: header, at: header.leafDirectoryOffset + offset, count: length, deadline: deadline)
        leaves.insert(entries, for: offset, cost: entries.count * MemoryLayout<PMTilesDirectory.Entry>.stride + 64)
        return entries
    }

    static func directory(
        _ source: any ByteSource, header: Header, at offset: UInt64, count: UInt64, deadline: Deadline = .never
    ) throws(TileError) -> [PMTilesDirectory.Entry] {
        let path = source.name
        guard count <= maxDirectoryBytes else {
            throw .corrupt(
                path: path, reason: "a directory of \(count) bytes is over the \(maxDirectoryBytes)-byte bound")
        }
        var bytes = try source.read(at: offset, count: count, deadline: deadline)
        if header.internalCompression == .gzip {
            // Inflated, a directory is held to the same bound as stored (a 40 KB bomb used to
            // inflate to 40 MB of entries on every open).
            do { bytes = try Inflate.decompress(bytes, limit: Int(maxDirectoryBytes)) } catch {
                throw .corrupt(path: path, reason: "directory at \(offset): \(error)")
            }
        }
        do { return try PMTilesDirectory.decode(bytes) } catch {
            throw .corrupt(path: path, reason: "directory at \(offset): \(error.reason)")
        }
    }

    /// The metadata's members as text (strings as they are, other values as JSON), and its
    /// `vector_layers` (parsed).
    static func metadata(
        _ raw: [UInt8], compression: Header.Compression, path: String
    ) throws(TileError) -> ([String: String], Any?) {
        guard !raw.isEmpty else { return ([:], nil) }
        let bytes: [UInt8]
        do { bytes = compression == .gzip ? try Inflate.decompress(raw, limit: Int(maxMetadataBytes)) : raw } catch {
            throw .corrupt(path: path, reason: "metadata: \(error)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw .corrupt(path: path, reason: "the metadata is not a JSON object")
        }
        var out: [String: String] = [:]
        for (key, value) in object {
            if let text = value as? String {
                out[key] = text
            } else if let number = value as? NSNumber {
                out[key] = number.stringValue
            } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) {
                out[key] = String(decoding: data, as: UTF8.self)
            }
        }
        return (out, object["vector_layers"])
    }
}
