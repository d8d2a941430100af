import CCairo

/// A frame's pixels encoded: PNG (``PNGEncoder``), JPEG (``JPEGEncoder``), WebP
/// (``WebPEncoder``), whole or a rectangle of them, and Cairo's own PNG writer for comparison.
extension FramePixels {
    /// The image as PNG bytes (``PNGEncoder``).
    func png() throws(RenderError) -> [UInt8] { try encoded(.png) }

    /// The image as JPEG bytes at `quality` 1–100 (`JPEGEncoder`; for frames of a moving camera).
    func jpeg(quality: Int = JPEGEncoder.motionQuality) throws(RenderError) -> [UInt8] {
        try encoded(.jpeg, quality: quality)
    }

    /// A rectangle of the image (pixels from the top left; the whole image when nil) in a
    /// format, lossy ones at `quality`.
    /// - Throws: ``RenderError/invalidSize(_:)`` when the rectangle leaves the image; the
    ///   encoder's errors.
    func encoded(
        _ format: ImageFormat, quality: Int = ImageFormat.stillQuality,
        x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil
    ) throws(RenderError) -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("the surface has no pixels") }
        let (w, h) = (self.width, self.height)
        let (width, height) = (width ?? w - x, height ?? h - y)
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= w, y + height <= h else {
            throw .invalidSize("crop \(x),\(y) \(width)×\(height) outside \(w)×\(h)")
        }
        let base = UnsafePointer(data + y * stride + x * 4)
        switch format {
        case .png: return try PNGEncoder.encode(base: base, width: width, height: height, stride: stride)
        case .jpeg:
            return try JPEGEncoder.encode(base: base, width: width, height: height, stride: stride, quality: quality)
        case .webp:
            return try WebPEncoder.encode(base: base, width: width, height: height, stride: stride, quality: quality)
        }
    }

    /// The image as PNG bytes written by Cairo (libpng), for comparison in the benchmarks.
    func cairoPNG() throws(RenderError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(
            surface,
            { context, data, length in
                guard let context, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }
}
