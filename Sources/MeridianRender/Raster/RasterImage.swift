import CCairo
import MeridianCamera
import MeridianTiles

/// A decoded raster tile: a Cairo image surface, owned and freed with the value's last reference.
///
/// Decoded once per tile and kept in ``RenderCache``.
final class RasterImage {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    /// Most pixels on a side of an image decoded here: a claim past it is refused before any
    /// memory is taken for it.
    static let maxSide = 8192
    /// Most pixels of an image decoded here: 16 Mi (64 MiB decoded).
    static let maxPixels = 1 << 24

    /// Decodes PNG bytes of a tile (the only image format Cairo reads).
    /// - Throws: ``RenderError/badImage(_:)`` naming the tile when the bytes are not a PNG
    ///   Cairo can decode (truncated, corrupt, or another format), or claim more than
    ///   ``maxSide`` pixels on a side or ``maxPixels`` in all.
    convenience init(png bytes: [UInt8], tile: TileID) throws(RenderError) {
        try self.init(png: bytes, named: "tile \(tile)")
    }

    /// The width and height a PNG's header (IHDR: big-endian, from byte 16) claims; nil when
    /// the bytes do not start as a PNG's do.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Decodes PNG bytes; `name` says what they are in errors (`tile 3/4/2`, `sprite x.png`).
    /// - Throws: as ``init(png:tile:)``.
    init(png bytes: [UInt8], named name: String) throws(RenderError) {
        // The header's size checked first.
        if let (w, h) = Self.pngSize(bytes) {
            guard w <= Self.maxSide, h <= Self.maxSide, w * h <= Self.maxPixels else {
                throw .badImage(
                    "\(name) claims \(w) × \(h) pixels, more than \(Self.maxSide) on a side or \(Self.maxPixels) in all"
                )
            }
        }
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ b: [UInt8]) { bytes = b }
        }
        let reader = Reader(bytes)
        let decoded = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { context, data, length in
                    guard let context, let data else { return CAIRO_STATUS_READ_ERROR }
                    let r = Unmanaged<Reader>.fromOpaque(context).takeUnretainedValue()
                    let n = Int(length)
                    guard r.bytes.count - r.offset >= n else { return CAIRO_STATUS_READ_ERROR }
                    r.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + r.offset, count: n) }
                    r.offset += n
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let decoded else { throw .badImage("\(name): Cairo returned no surface") }
        let status = cairo_surface_status(decoded)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(decoded)
            throw .badImage("\(name) is not a readable PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        surface = decoded
        width = Int(cairo_image_surface_get_width(decoded))
        height = Int(cairo_image_surface_get_height(decoded))
    }

    /// Takes ownership of an image surface made here (freed with the value).
    init(surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Bytes of memory the decoded pixels take.
    var cost: Int { width * height * 4 }
}
