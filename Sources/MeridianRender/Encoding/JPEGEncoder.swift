import CJPEG

/// Encodes Cairo's ARGB32 pixels as JPEG through libjpeg-turbo (alpha ignored: maps are opaque),
/// with the settings for frames of a moving camera: 4:2:0 chroma, the fast integer DCT, no Huffman
/// optimisation.
///
/// Lossy, so frames at rest stay PNG (``PNGEncoder``); measured against it in BENCHMARKS.md.
enum JPEGEncoder {
    /// The quality frames in motion are sent at (libjpeg's 1–100 scale).
    static let motionQuality = 80  // also the default of MapRenderer.Image.jpeg

    /// - Parameters: pixels: `height` rows of `stride` bytes starting at `base`; `quality` 1–100.
    /// - Throws: ``RenderError/invalidSize(_:)`` for a size libjpeg cannot hold (a side over
    ///   65,500 pixels) or a quality outside 1–100; ``RenderError/encoding(_:)`` with libjpeg's
    ///   message when encoding fails.
    static func encode(
        base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int = motionQuality
    ) throws(RenderError) -> [UInt8] {
        guard (1...65_500).contains(width), (1...65_500).contains(height), stride >= 4 * width,
            (1...100).contains(quality)
        else {
            throw .invalidSize(
                "JPEG of \(width)×\(height) px at quality \(quality): sides must be 1–65500 px and quality 1–100")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = meridian_jpeg_encode(
            base, Int32(width), Int32(height), Int32(stride), 1.littleEndian == 1 ? 1 : 0, Int32(quality),
            &out, &size, &message, message.count)
        defer { meridian_jpeg_free(out) }
        guard status == 0, let out else {
            throw .encoding(
                "libjpeg: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
