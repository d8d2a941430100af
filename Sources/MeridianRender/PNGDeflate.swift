import CDeflate
import CZlib
import Dispatch

/// The zlib stream of a PNG's filtered rows, made on two threads for a large image: the rows
/// are cut in two; the first part is unpacked and compressed by zlib (level 1, raw DEFLATE
/// ended by a sync flush: byte-aligned and not final, so more blocks may follow), the second
/// by libdeflate (level 1, raw DEFLATE, final) at the same time, each also taking its part's
/// Adler-32; the parts are joined under one zlib header and the combined checksum (RFC 1950,
/// 1951; the same construction as pigz). libdeflate has no way to end a stream without a final
/// block, hence zlib for the first part, which is given the smaller share (zlib's level 1 is
/// the slower of the two). The second part cannot refer back into the first (a few bytes lost
/// at the cut). Small images take one thread and libdeflate alone.
enum PNGDeflate {
    /// Raw bytes below which one thread does all (threads cost more than they give).
    static let parallelFrom = 512 << 10
    /// The first part's share of the rows (zlib's), from timing both on map frames.
    static let zlibShare = 0.38

    /// Fills rows `rows` of the raw buffer (each `rowBytes + 1` bytes: the filter byte and the row).
    typealias Fill = @Sendable (_ rows: Range<Int>, _ into: UnsafeMutablePointer<UInt8>) -> Void

    /// The zlib stream of `height` rows of `rowBytes + 1` bytes each, made by `fill`.
    /// - Throws: ``RenderError/encoding(_:)`` when a compressor fails (out of memory).
    static func compress(height: Int, rowBytes: Int, level: Int32, fill: Fill) throws(RenderError) -> [UInt8] {
        let stride = rowBytes + 1, total = stride * height
        var raw = [UInt8](repeating: 0, count: total)
        guard total >= parallelFrom, height >= 2 else {
            raw.withUnsafeMutableBufferPointer { fill(0..<height, $0.baseAddress!) }
            return try raw.withUnsafeBufferPointer { bytes throws(RenderError) in try libdeflate(bytes, level: level, zlibWrapped: true) }
        }
        let cut = max(1, min(height - 1, Int(Double(height) * zlibShare)))
        var first: Result<[UInt8], RenderError> = .failure(.encoding("not run")), second = first
        var adlers: (UInt, UInt) = (0, 0)
        raw.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeSendable(buffer.baseAddress!)
            let results = UnsafeSendable(UnsafeMutablePointer<Result<[UInt8], RenderError>>.allocate(capacity: 2))
            let sums = UnsafeSendable(UnsafeMutablePointer<UInt>.allocate(capacity: 2))
            defer { results.value.deallocate(); sums.value.deallocate() }
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let rows = part == 0 ? 0..<cut : cut..<height
                let start = base.value + rows.lowerBound * stride, count = rows.count * stride
                fill(rows, base.value)
                sums.value[part] = UInt(libdeflate_adler32(1, start, count))   // libdeflate's is several times zlib's speed
                let bytes = UnsafeBufferPointer(start: UnsafePointer(start), count: count)
                let made: Result<[UInt8], RenderError>
                do throws(RenderError) {
                    made = .success(part == 0 ? try zlibSyncFlushed(bytes, level: level) : try libdeflate(bytes, level: level, zlibWrapped: false))
                } catch { made = .failure(error) }
                results.value.advanced(by: part).initialize(to: made)
            }
            (first, second) = (results.value[0], results.value[1])
            results.value.deinitialize(count: 2)
            adlers = (sums.value[0], sums.value[1])
        }
        let adler = adler32_combine(adlers.0, adlers.1, off_t((height - cut) * stride))
        let checksum = UInt32(truncatingIfNeeded: adler)
        return [0x78, 0x01] + (try first.get()) + (try second.get())
            + [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)]
    }

    /// Raw DEFLATE (or zlib-wrapped) of `input` by libdeflate, the last block final.
    static func libdeflate(_ input: UnsafeBufferPointer<UInt8>, level: Int32, zlibWrapped: Bool) throws(RenderError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw .encoding("libdeflate could not allocate a compressor (out of memory)") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = zlibWrapped ? libdeflate_zlib_compress_bound(compressor, input.count) : libdeflate_deflate_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBufferPointer { dst in
            zlibWrapped ? libdeflate_zlib_compress(compressor, input.baseAddress, input.count, dst.baseAddress, dst.count)
                : libdeflate_deflate_compress(compressor, input.baseAddress, input.count, dst.baseAddress, dst.count)
        }
        guard written > 0 else { throw .encoding("libdeflate could not compress the image") }
        output.removeSubrange(written...)
        return output
    }

    /// Raw DEFLATE of `input` by zlib, ended by a sync flush (byte-aligned, not final).
    static func zlibSyncFlushed(_ input: UnsafeBufferPointer<UInt8>, level: Int32) throws(RenderError) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .encoding("zlib could not start a compressor (out of memory)")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 16)
        let status = output.withUnsafeMutableBufferPointer { dst in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            stream.next_out = dst.baseAddress
            stream.avail_out = UInt32(dst.count)
            return CZlib.deflate(&stream, Z_SYNC_FLUSH)
        }
        guard status == Z_OK, stream.avail_in == 0 else { throw .encoding("zlib could not compress the image (status \(status))") }
        return Array(output[..<Int(stream.total_out)])
    }
}
