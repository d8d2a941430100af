/// Encodes one raster tile's pixels for a tileset (what `meridian data import` writes for imagery
/// and elevation): straight (not premultiplied) RGBA bytes in, PNG or lossy WebP bytes out.
public enum TileImageEncoder {
    /// A tile's image format.
    public enum Format: Hashable, Sendable {
        /// Lossless: RGB when every pixel is opaque, else RGBA. Elevation tiles are always PNG.
        case png
        /// Lossy WebP at `quality` 0–100 (imagery's default, at 90).
        case webp(quality: Int)
    }

    /// The tile's bytes in `format`.
    /// - Parameters: rgba: `width` × `height` pixels, four bytes each (R, G, B, A), rows top first.
    /// - Throws: ``RenderError/invalidSize(_:)`` when `rgba` does not hold that many pixels or a
    ///   side is outside 1–16,383; ``RenderError/encoding(_:)`` when the encoder fails.
    public static func encode(rgba: [UInt8], width: Int, height: Int, format: Format) throws(RenderError) -> [UInt8] {
        guard (1...WebPEncoder.maxSide).contains(width), (1...WebPEncoder.maxSide).contains(height),
            rgba.count == 4 * width * height
        else { throw .invalidSize("a tile of \(width)×\(height) px needs \(4 * width * height) bytes of RGBA") }
        // Cairo's layout, which the encoders take: native-endian words A, R, G, B, premultiplied.
        var words = [UInt32](repeating: 0, count: width * height)
        for i in 0..<width * height {
            let (r, g, b, a) = (
                UInt32(rgba[4 * i]), UInt32(rgba[4 * i + 1]), UInt32(rgba[4 * i + 2]), UInt32(rgba[4 * i + 3])
            )
            words[i] =
                a == 255
                ? 0xFF00_0000 | r << 16 | g << 8 | b
                : a << 24 | (r * a + 127) / 255 << 16 | (g * a + 127) / 255 << 8 | (b * a + 127) / 255
        }
        let result = words.withUnsafeBytes { raw -> Result<[UInt8], RenderError> in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            do throws(RenderError) {
                switch format {
                case .png:
                    return .success(try PNGEncoder.encode(base: base, width: width, height: height, stride: 4 * width))
                case let .webp(quality):
                    return .success(
                        try WebPEncoder.encode(
                            base: base, width: width, height: height, stride: 4 * width, quality: quality))
                }
            } catch { return .failure(error) }
        }
        return try result.get()
    }
}
