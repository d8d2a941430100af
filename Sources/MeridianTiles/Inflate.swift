import CZlib

/// Tile payload decompression: gzip or zlib (detected from the first bytes), anything else
/// passed through as raw. Output is capped so a small corrupt or hostile tile cannot expand
/// into gigabytes.
public enum Inflate {
    /// Largest inflated tile accepted, in bytes (64 MiB: far above any real vector tile).
    public static let maximumSize = 64 << 20

    /// Whether the bytes start like gzip (1f 8b) or zlib (78 01/5e/9c/da).
    public static func isCompressed(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        if bytes[0] == 0x1f && bytes[1] == 0x8b { return true }
        return bytes[0] == 0x78 && [0x01, 0x5e, 0x9c, 0xda].contains(bytes[1])
    }

    /// The inflated bytes of gzip or zlib data, or the input itself when it is not compressed.
    /// - Throws: ``TileError/compression(_:)`` for corrupt or truncated data, or output beyond
    ///   `limit` bytes (default ``maximumSize``).
    public static func decompress(_ input: [UInt8], limit: Int = maximumSize) throws(TileError) -> [UInt8] {
        let cap = max(1, limit)
        guard isCompressed(input) else { return input }
        var stream = z_stream()
        // inflateInit2 is a C macro: call the function it expands to. 15 + 32: zlib or gzip header.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .compression("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: min(cap, max(4096, input.count * 4)))
        var produced = 0
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while status == Z_OK {
                if produced == output.count {
                    guard output.count < cap else {
                        status = Z_MEM_ERROR
                        break
                    }
                    // Doubling, up to the cap (an array of zeros appends as one copy).
                    output.append(contentsOf: [UInt8](repeating: 0, count: min(output.count, cap - output.count)))
                }
                status = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = UInt32(target.count - produced)
                    let rc = inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                    return rc
                }
                if status == Z_BUF_ERROR && stream.avail_in == 0 { break }
                if status == Z_BUF_ERROR { status = Z_OK }
            }
        }
        switch status {
        case Z_STREAM_END:
            return Array(output[..<produced])
        case Z_MEM_ERROR:
            throw .compression("inflated size exceeds \(cap) bytes")
        case Z_BUF_ERROR:
            throw .compression("truncated data")
        default:
            throw .compression(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
        }
    }
}
