extension PMTiles {
    /// The fixed 127-byte header of a PMTiles v3 archive (all integers little-endian): magic
    /// `PMTiles` and version 3; offsets and lengths of the root directory, metadata, leaf
    /// directories and tile data; counts; compression and tile type codes; zooms; bounds and
    /// centre in degrees × 10⁷.
    public struct Header: Sendable {
        public enum Compression: UInt8, Hashable, Sendable { case unknown = 0, none, gzip, brotli, zstd }
        public enum TileType: UInt8, Hashable, Sendable { case unknown = 0, mvt, png, jpeg, webp, avif }

        public var rootOffset: UInt64, rootLength: UInt64
        public var metadataOffset: UInt64, metadataLength: UInt64
        public var leafDirectoryOffset: UInt64, leafDirectoryLength: UInt64
        public var tileDataOffset: UInt64, tileDataLength: UInt64
        public var addressedTiles: UInt64, tileEntries: UInt64, tileContents: UInt64
        public var clustered: Bool
        public var internalCompression: Compression, tileCompression: Compression
        public var tileType: TileType
        public var minZoom: UInt8, maxZoom: UInt8
        /// West, south, east, north, and the centre, in degrees.
        public var bounds: (west: Double, south: Double, east: Double, north: Double)
        public var center: (zoom: UInt8, longitude: Double, latitude: Double)

        /// Parses the first 127 bytes of an archive.
        /// - Throws: ``TileError/corrupt(path:reason:)`` for a wrong magic or version, an unknown
        ///   compression or tile type, or zooms out of order or past 30.
        public init(_ b: [UInt8], path: String) throws(TileError) {
            guard b.count >= PMTiles.headerSize, b.prefix(7).elementsEqual("PMTiles".utf8) else {
                throw .corrupt(path: path, reason: "no PMTiles magic at the start")
            }
            guard b[7] == 3 else { throw .corrupt(path: path, reason: "version \(b[7]); only version 3 is read") }
            func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) } }
            func degrees(_ at: Int) -> Double {
                Double(Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }))
                    / 1e7
            }
            (rootOffset, rootLength, metadataOffset, metadataLength) = (u64(8), u64(16), u64(24), u64(32))
            (leafDirectoryOffset, leafDirectoryLength, tileDataOffset, tileDataLength) = (
                u64(40), u64(48), u64(56), u64(64)
            )
            (addressedTiles, tileEntries, tileContents) = (u64(72), u64(80), u64(88))
            clustered = b[96] == 1
            guard let directories = Compression(rawValue: b[97]), let tiles = Compression(rawValue: b[98]) else {
                throw .corrupt(path: path, reason: "unknown compression codes \(b[97]), \(b[98])")
            }
            guard let type = TileType(rawValue: b[99]) else {
                throw .corrupt(path: path, reason: "unknown tile type \(b[99])")
            }
            (internalCompression, tileCompression, tileType) = (directories, tiles, type)
            (minZoom, maxZoom) = (b[100], b[101])
            guard minZoom <= maxZoom, maxZoom <= 30 else {
                throw .corrupt(path: path, reason: "zooms \(minZoom)–\(maxZoom) are not within 0–30")
            }
            bounds = (degrees(102), degrees(106), degrees(110), degrees(114))
            center = (b[118], degrees(119), degrees(123))
        }

        /// Checks what the header promises against the file: every section inside it, and
        /// compressions this reader has (none, gzip).
        func check(fileSize: UInt64, path: String) throws(TileError) {
            for (name, offset, length) in [
                ("root directory", rootOffset, rootLength), ("metadata", metadataOffset, metadataLength),
                ("leaf directories", leafDirectoryOffset, leafDirectoryLength),
                ("tile data", tileDataOffset, tileDataLength),
            ] {
                guard offset <= fileSize, length <= fileSize - offset else {
                    throw .corrupt(
                        path: path,
                        reason:
                            "the \(name) (\(length) bytes at \(offset)) runs past the end of the file (\(fileSize) bytes)"
                    )
                }
            }
            guard internalCompression == .none || internalCompression == .gzip else {
                throw .corrupt(
                    path: path,
                    reason: "directories are \(internalCompression) compressed; this reader has gzip and none")
            }
            guard tileCompression != .brotli && tileCompression != .zstd else {
                throw .corrupt(
                    path: path, reason: "tiles are \(tileCompression) compressed; this reader has gzip and none")
            }
        }
    }
}

extension TilesetInfo {
    /// A PMTiles archive's description: content, zooms and bounds from its header; name,
    /// attribution and vector layers (ids and fields, from the parsed `vector_layers`) from
    /// its JSON metadata.
    init(pmtiles h: PMTiles.Header, metadata m: [String: String], vectorLayers: Any?) {
        let content: Content =
            switch h.tileType {
            case .mvt: .vector
            case .png: .png
            case .jpeg: .jpeg
            case .webp: .webp
            case .unknown, .avif: .unknown
            }
        let b = h.bounds
        let valid =
            [b.west, b.east].allSatisfy { (-180...180).contains($0) }
            && [b.south, b.north].allSatisfy { (-90...90).contains($0) } && b.south <= b.north
        let c = h.center
        let center =
            (-180...180).contains(c.longitude) && (-90...90).contains(c.latitude) && c.zoom <= 30
            ? (c.longitude, c.latitude, Double(c.zoom)) : nil
        self.init(
            name: m["name"], content: content, zoomRange: Int(h.minZoom)...Int(h.maxZoom), bounds: valid ? b : nil,
            center: center,
            attribution: m["attribution"], vectorLayers: Self.vectorLayers(vectorLayers))
        packedSources = m[TilePack.metadataKey]
        layerFields = Self.layerFields(vectorLayers)
        encoding = m["encoding"].flatMap(ElevationEncoding.init(rawValue:))
        tileSize = Self.tileSize(m[Self.tileSizeKey])
    }
}
