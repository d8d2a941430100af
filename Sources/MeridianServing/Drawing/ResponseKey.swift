import MeridianCamera
import MeridianOverlays
import MeridianRender
import MeridianStyle
import MeridianTiles

/// What a kept response is: the response cache's key, one case per kind of response the service
/// keeps. Two requests that make the same thing (however they spell it) have equal keys.
public enum ResponseKey: Hashable, Sendable {
    /// A raster tile cut from its metatile: map type, tile, scale (1 or 2) and format.
    case rasterTile(MapType, TileID, scale: Int, format: ImageFormat)
    /// A drawn map image (`/staticmap`).
    case image(ImageKey)
    /// The style document served on a base URL (it names the server's own URLs).
    case style(base: String)
    /// A glyph range of a served font: the face's name and the range (`0-255`).
    case glyphs(font: String, range: String)
    /// The gzipped form of the body whose tag is given.
    case gzipped(ContentTag)

    /// What a map image is drawn from: everything that changes its pixels or its encoding.
    public struct ImageKey: Hashable, Sendable {
        public let mapType: MapType
        public let format: ImageFormat
        public let viewport: Viewport
        public let overlays: [Overlay]
        /// Device pixels per point: 1, 2 or 3.
        public let scale: Int
        /// Whether the credit line is drawn.
        public let credit: Bool

        public init(
            mapType: MapType, format: ImageFormat, viewport: Viewport, overlays: [Overlay], scale: Int, credit: Bool
        ) {
            (self.mapType, self.format, self.viewport, self.overlays, self.scale, self.credit) = (
                mapType, format, viewport, overlays, scale, credit
            )
        }
    }

    /// Bytes the key holds, roughly (what the cache counts beside the body it names): its own
    /// size, its strings' bytes, 64 bytes per overlay and 16 per overlay point.
    var cost: Int {
        let size = MemoryLayout<ResponseKey>.stride
        switch self {
        case .rasterTile, .gzipped: return size
        case let .style(base): return size + base.utf8.count
        case let .glyphs(font, range): return size + font.utf8.count + range.utf8.count
        case let .image(key):
            return size
                + key.overlays.reduce(0) { total, overlay in
                    let points =
                        switch overlay {
                        case let .polyline(line): line.path.count
                        case let .polygon(polygon): polygon.outer.count + polygon.holes.reduce(0) { $0 + $1.count }
                        case .marker, .circle: 1
                        }
                    return total + 64 + 16 * points
                }
        }
    }
}

/// A strong validator of a body (an HTTP ETag): a 64-bit hash of its bytes, so the same bytes
/// have the same tag on every node and in every run, and other bytes (another version of the
/// data, another format) another tag, with no key to keep in step with what the body depends on.
///
/// The hash is FNV-1a over the body's 8-byte words (the tail zero-padded), then over its
/// length, with a final avalanche (MurmurHash3's `fmix64`): 7 GB/s on the benchmark machine, 4 µs
/// for a 30 KB tile, 0.4 ms for a 3 MB static map (BENCHMARKS.md).
public struct ContentTag: Hashable, Sendable {
    public let value: UInt64

    public init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            var tail: UInt64 = 0
            for i in (words * 8)..<raw.count { tail |= UInt64(raw[i]) << (8 * UInt64(i - words * 8)) }
            hash = (hash ^ tail) &* 0x100_0000_01b3
        }
        hash = (hash ^ UInt64(bytes.count)) &* 0x100_0000_01b3
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        value = hash
    }

    /// The tag as an `ETag` header value: 16 hexadecimal digits in quotes, with `-suffix` inside
    /// them when given (the gzipped form's own tag).
    public func header(suffix: String = "") -> String {
        let hex = String(value, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + (suffix.isEmpty ? "" : "-" + suffix) + "\""
    }
}
