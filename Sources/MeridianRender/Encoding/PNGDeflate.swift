import CIsal

/// The zlib stream (RFC 1950) of a PNG's filtered rows, by ISA-L's igzip at level 1, on the
/// caller's thread: on map frames, one core does it in less time than libdeflate and zlib split
/// over two, for files a little larger than libdeflate's (BENCHMARKS.md has the figures).
enum PNGDeflate {
    /// The zlib stream of `input`.
    /// - Throws: ``RenderError/encoding(_:)`` when the input is over 4 GiB, memory runs out or
    ///   ISA-L refuses.
    static func zlib(_ input: UnsafeBufferPointer<UInt8>) throws(RenderError) -> [UInt8] {
        guard input.count < Int(UInt32.max) / 2 else {
            throw .encoding("an image of \(input.count) bytes is too large to compress")
        }
        // Level 1's Huffman codes are fitted to the data; the bound also covers stored blocks.
        let capacity = input.count + input.count / 4 + 4096
        let workSize = Int(meridian_isal_level1_buffer_size())
        let work = UnsafeMutablePointer<UInt8>.allocate(capacity: workSize)
        defer { work.deallocate() }
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = Int(
                meridian_isal_zlib_level1(
                    input.baseAddress, UInt32(input.count), buffer.baseAddress, UInt32(capacity), work))
            failed = count == 0
        }
        guard !failed else { throw .encoding("ISA-L could not compress the image") }
        return output
    }
}
