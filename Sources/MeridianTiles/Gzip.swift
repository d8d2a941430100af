import CZlib

/// gzip compression for tiles written into archives (MBTiles and PMTiles vector tiles are
/// stored gzipped by convention; every client of the field inflates them).
public enum Gzip {
    /// `input` as one gzip member (zlib, level 6).
    /// - Throws: ``TileError/compression(_:)`` if zlib fails (it does not for valid input).
    public static func compress(_ input: [UInt8]) throws(TileError) -> [UInt8] {
        var stream = z_stream()
        // deflateInit2 is a C macro: call the function it expands to. 15 + 16: a gzip wrapper.
        guard
            deflateInit2_(
                &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)
            ) == Z_OK
        else {
            throw .compression("zlib could not start compressing")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        var source = input
        let status = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst -> Int32 in
                stream.next_in = src.baseAddress
                stream.avail_in = UInt32(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = UInt32(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .compression("zlib could not compress (\(status))") }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
