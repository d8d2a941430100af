import CWebP

/// Encodes Cairo's ARGB32 pixels as lossy WebP through libwebp (Debian's libwebp-dev), at its
/// fastest method (0): a quarter of the time of libwebp's default method 4, for files about a fifth
/// larger than method 4's and a third of the PNG's (BENCHMARKS.md has the figures).
///
/// Opaque images (maps are) go to libwebp as they lie in memory (BGRA bytes on little-endian
/// machines; libwebp drops an alpha channel that is opaque everywhere); others are un-premultiplied
/// first, as for PNG.
enum WebPEncoder {
    /// libwebp's largest side, pixels.
    static let maxSide = 16_383

    /// - Parameters: pixels: `height` rows of `stride` bytes starting at `base`; `quality` 0–100.
    /// - Throws: ``RenderError/invalidSize(_:)`` for a side over 16,383 pixels or a quality
    ///   outside 0–100; ``RenderError/encoding(_:)`` when libwebp fails (out of memory).
    static func encode(
        base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int
    ) throws(RenderError) -> [UInt8] {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height), stride >= 4 * width,
            (0...100).contains(quality)
        else {
            throw .invalidSize(
                "WebP of \(width)×\(height) px at quality \(quality): sides must be 1–\(maxSide) px and quality 0–100")
        }
        var out: UnsafeMutablePointer<UInt8>?
        let size: Int
        if 1.littleEndian == 1, PNGEncoder.isOpaque(base: base, width: width, height: height, stride: stride) {
            size = meridian_webp_encode(base, Int32(width), Int32(height), Int32(stride), 1, Float(quality), &out)
        } else {
            var rgba = [UInt8](repeating: 0, count: 4 * width * height)
            rgba.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<height {
                    PNGEncoder.unpack(
                        UnsafeRawPointer(base + y * stride), width: width, opaque: false,
                        into: buffer.baseAddress! + 4 * width * y)
                }
            }
            size = meridian_webp_encode(rgba, Int32(width), Int32(height), Int32(4 * width), 0, Float(quality), &out)
        }
        defer { WebPFree(out) }
        guard size > 0, let out else { throw .encoding("libwebp could not encode the image (out of memory)") }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
