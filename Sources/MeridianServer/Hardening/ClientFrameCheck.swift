/// Follows the frames a WebSocket client sends, header by header, without buffering payloads, to
/// hold the client to RFC 6455 §5.1: every client frame is masked.
///
/// An unmasked frame means the connection must be closed (status 1002, protocol error).
struct ClientFrameCheck {
    /// Header bytes of the frame being read (at most 14), and payload bytes still to skip.
    var header: [UInt8] = []
    var payloadLeft: UInt64 = 0

    /// Reads the next bytes; false as soon as a frame header is unmasked.
    mutating func accept<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        for byte in bytes {
            if payloadLeft > 0 {
                payloadLeft -= 1
                continue
            }
            header.append(byte)
            guard header.count >= 2 else { continue }
            guard header[1] & 0x80 != 0 else { return false }
            let short = UInt64(header[1] & 0x7F)
            let extended = short == 126 ? 2 : short == 127 ? 8 : 0
            guard header.count == 2 + extended + 4 else { continue }
            payloadLeft = extended == 0 ? short : header[2..<(2 + extended)].reduce(0) { $0 << 8 | UInt64($1) }
            header.removeAll(keepingCapacity: true)
        }
        return true
    }
}
