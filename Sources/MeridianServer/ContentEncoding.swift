import CompressNIO
import HTTPTypes
import NIOCore

/// gzip for the bodies that compress well (vector tiles, JSON), when the request's
/// `Accept-Encoding` takes it (RFC 9110 §12.5.3: the `gzip` or `*` coding with a q-value above
/// 0). PNGs are sent as they are (already compressed).
enum ContentEncoding {
    /// Media types worth compressing.
    static func compressible(_ type: String) -> Bool {
        type.hasPrefix("application/json") || type == "application/vnd.mapbox-vector-tile" || type == "application/x-protobuf"
    }

    /// Whether `Accept-Encoding` takes gzip.
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        guard let accept = headers[.acceptEncoding] else { return false }
        var gzip: Bool?, any = false
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { gzip = q > 0 } else if coding == "*" { any = q > 0 }
        }
        return gzip ?? any
    }

    /// `bytes` gzipped (compress-nio, zlib's gzip format).
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var buffer = ByteBuffer(bytes: bytes)
        guard let compressed = try? buffer.compress(with: .gzip()) else { return bytes }
        return Array(compressed.readableBytesView)
    }
}

/// A single `Range: bytes=…` of a body (RFC 9110 §14.1.2): `first-last`, `first-` or `-suffix`.
enum ByteRange {
    /// The first and last byte offsets (inclusive), clipped to the body; nil when the header is
    /// not one satisfiable byte range (several ranges are not served: nil too).
    static func parse(_ header: String, length: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes="), length > 0 else { return nil }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !spec.contains(","), parts.allSatisfy({ $0.count <= 18 && $0.allSatisfy(\.isASCII) }) else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return (max(0, length - suffix), length - 1)
        }
        guard let first = Int(parts[0]), first < length else { return nil }
        guard !parts[1].isEmpty else { return (first, length - 1) }
        guard let last = Int(parts[1]), last >= first else { return nil }
        return (first, min(last, length - 1))
    }
}
