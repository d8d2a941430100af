import CCairo

/// Decodes a PNG with Cairo into (width, height, ARGB pixels) (tests only).
public func decodePNG(_ bytes: [UInt8]) -> (width: Int, height: Int, pixels: [UInt32])? {
    final class Reader {
        let bytes: [UInt8]
        var at = 0
        init(_ b: [UInt8]) { bytes = b }
    }
    let reader = Reader(bytes)
    guard
        let surface = cairo_image_surface_create_from_png_stream(
            { context, data, length in
                let r = Unmanaged<Reader>.fromOpaque(context!).takeUnretainedValue()
                guard r.at + Int(length) <= r.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                for i in 0..<Int(length) { data![i] = r.bytes[r.at + i] }
                r.at += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque()), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    defer { cairo_surface_destroy(surface) }
    let w = Int(cairo_image_surface_get_width(surface))
    let h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let base = cairo_image_surface_get_data(surface) else { return nil }
    var pixels: [UInt32] = []
    for y in 0..<h {
        for x in 0..<w {
            pixels.append(UnsafeRawPointer(base + y * stride).load(fromByteOffset: x * 4, as: UInt32.self))
        }
    }
    return (w, h, pixels)
}
