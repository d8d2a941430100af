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

    /// Decodes PNG bytes (the only image format Cairo reads).
    /// - Throws: ``RenderError/badImage(_:)`` naming the tile when the bytes are not a PNG
    ///   Cairo can decode (truncated, corrupt, or another format).
    init(png bytes: [UInt8], tile: TileID) throws(RenderError) {
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
        guard let decoded else { throw .badImage("tile \(tile): Cairo returned no surface") }
        let status = cairo_surface_status(decoded)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(decoded)
            throw .badImage("tile \(tile) is not a readable PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        surface = decoded
        width = Int(cairo_image_surface_get_width(decoded))
        height = Int(cairo_image_surface_get_height(decoded))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Bytes of memory the decoded pixels take.
    var cost: Int { width * height * 4 }
}
