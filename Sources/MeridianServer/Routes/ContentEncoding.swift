import CompressNIO
import HTTPTypes
import NIOCore

/// gzip for the bodies that compress well (vector tiles, JSON), when the request's
/// `Accept-Encoding` takes it (RFC 9110 §12.5.3: the `gzip` or `*` coding with a q-value above 0).
///
/// PNGs are sent as they are (already compressed).
enum ContentEncoding {
    /// Media types worth compressing.
    static func compressible(_ type: String) -> Bool {
        type.hasPrefix("application/json") || type == "application/vnd.mapbox-vector-tile"
            || type == "application/x-protobuf"
    }

    /// Whether `Accept-Encoding` takes gzip.
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        guard let accept = headers[.acceptEncoding] else { return false }
        var gzip: Bool?
        var any = false
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
