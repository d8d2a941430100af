import CIsal

/// Encodes Cairo's ARGB32 pixels (premultiplied, native-endian words) as PNG: RGB when every pixel
/// is opaque (maps are), RGBA un-premultiplied otherwise; every row with filter None, compressed by
/// ISA-L at level 1 (``PNGDeflate``; CRCs by ISA-L too).
///
/// On map frames, filter None both compresses better and costs less than choosing a filter per row
/// (flat areas become long repeats at the pixel's distance, which DEFLATE finds itself;
/// BENCHMARKS.md has the figures).
enum PNGEncoder {
    /// - Parameters: pixels: `height` rows of `stride` bytes starting at `base`.
    /// - Throws: ``RenderError/encoding(_:)`` when the compressor fails (out of memory).
    static func encode(base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws(RenderError) -> [UInt8]
    {
        let opaque = isOpaque(base: base, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        let rawStride = rowBytes + 1
        let raw = [UInt8](unsafeUninitializedCapacity: rawStride * height) { buffer, count in
            for y in 0..<height {
                let out = buffer.baseAddress! + y * rawStride
                out[0] = 0  // filter None
                unpack(UnsafeRawPointer(base + y * stride), width: width, opaque: opaque, into: out + 1)
            }
            count = rawStride * height
        }
        let compressed = try raw.withUnsafeBufferPointer { bytes throws(RenderError) in try PNGDeflate.zlib(bytes) }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(8 + 25 + 12 + compressed.count + 12)
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, opaque ? 2 : 6, 0, 0, 0], into: &out)
        chunk("IDAT", compressed, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// Whether every pixel's alpha is 255.
    static func isOpaque(base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        // The AND of a row's words has alpha 255 only when every pixel's has (eight at a time).
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * stride)
            var wide = SIMD8<UInt32>(repeating: .max)
            var all = UInt32.max
            for g in 0..<width / 8 { wide &= row.loadUnaligned(fromByteOffset: g * 32, as: SIMD8<UInt32>.self) }
            for x in width / 8 * 8..<width { all &= row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) }
            for i in 0..<8 { all &= wide[i] }
            if all >> 24 != 0xFF { return false }
        }
        return true
    }

    /// One row of Cairo's words as RGB bytes (opaque) or un-premultiplied RGBA.
    @inline(__always)
    static func unpack(_ row: UnsafeRawPointer, width: Int, opaque: Bool, into out: UnsafeMutablePointer<UInt8>) {
        if opaque, 1.littleEndian == 1 {
            // Four pixels at a time as three words: each pixel's byte-swapped word holds
            // R, G, B in its top three bytes (B, G, R, A in memory before).
            let groups = width / 4
            let words = UnsafeMutableRawPointer(out)
            for g in 0..<groups {
                let p = row.loadUnaligned(fromByteOffset: g * 16, as: SIMD4<UInt32>.self)
                let w0 = p[0].byteSwapped >> 8
                let w1 = p[1].byteSwapped >> 8
                let w2 = p[2].byteSwapped >> 8
                let w3 = p[3].byteSwapped >> 8
                words.storeBytes(of: w0 | w1 << 24, toByteOffset: g * 12, as: UInt32.self)
                words.storeBytes(of: w1 >> 8 | w2 << 16, toByteOffset: g * 12 + 4, as: UInt32.self)
                words.storeBytes(of: w2 >> 16 | w3 << 8, toByteOffset: g * 12 + 8, as: UInt32.self)
            }
            for x in groups * 4..<width {
                let v = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                out[3 * x] = UInt8(truncatingIfNeeded: v >> 16)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: v)
            }
            return
        }
        if opaque {
            for x in 0..<width {
                let v = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                out[3 * x] = UInt8(truncatingIfNeeded: v >> 16)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: v)
            }
            return
        }
        for x in 0..<width {
            let v = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            let a = v >> 24
            var r = v >> 16 & 0xFF
            var g = v >> 8 & 0xFF
            var b = v & 0xFF
            if a > 0 && a < 255 {
                r = (r * 255 + a / 2) / a
                g = (g * 255 + a / 2) / a
                b = (b * 255 + a / 2) / a
            }
            out[4 * x] = UInt8(min(r, 255))
            out[4 * x + 1] = UInt8(min(g, 255))
            out[4 * x + 2] = UInt8(min(b, 255))
            out[4 * x + 3] = UInt8(a)
        }
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        out += be32(UInt32(data.count))
        let start = out.count
        out += type.utf8
        out += data
        // PNG's CRC (type and data) is zlib's, reflected CRC-32 IEEE: ISA-L's folding version.
        let crc = out.withUnsafeBufferPointer { crc32_gzip_refl(0, $0.baseAddress! + start, UInt64($0.count - start)) }
        out += be32(crc)
    }
}
