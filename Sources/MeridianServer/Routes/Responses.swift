import Foundation
import Hummingbird
import HummingbirdCore
import MeridianServing
import MeridianText
import NIOCore

/// How every route answers: JSON errors with their status (``RequestError``; `Retry-After` on a
/// 503), JSON documents, and deterministic bodies with ETags, conditional requests, gzip and
/// byte ranges.
extension MeridianServer {
    /// The handler's response, or its ``RequestError`` as a JSON error response.
    static func respond(_ request: Request, _ body: () async throws(RequestError) -> Response) async -> Response {
        do { return try await body() } catch {
            var response = json(error.json)
            response.status = .init(code: error.status)
            // Busy: come back in a second (the queue drains at a few drawings a second), or when a
            // remote data server may answer again.
            if error.status == 503 { response.headers[.retryAfter] = "\(error.retryAfter ?? 1)" }
            return response
        }
    }

    static func json(_ value: JSON) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: value.text)))
    }

    /// A deterministic body with its validator (`304 Not Modified` when the client has it): the
    /// ETag is the body's `ContentTag` (the same bytes, the same tag, on every node and run),
    /// gzipped when the client accepts it and the type compresses (``ContentEncoding``; the
    /// gzipped bytes are kept in the response cache, with their own ETag), publicly cacheable
    /// for `maxAge` seconds unless `shared` is false (a body made from the request's `Host`).
    /// Data on an HTTP server may be replaced under the node at any time: then at most
    /// ``remoteMaxAge`` seconds, after which a cache asks again with the ETag (a `304` while the
    /// data is the same).
    static func deliver(
        _ bytes: [UInt8], type: String, maxAge: Int = 86_400, shared: Bool = true, request: Request,
        service: MapService
    ) -> Response {
        let maxAge = service.data.readsHTTP ? min(maxAge, remoteMaxAge) : maxAge
        var body = bytes
        let content = ContentTag(bytes)
        var tag = content.header()
        var headers: HTTPFields = [
            .contentType: type, .cacheControl: "\(shared ? "public" : "private"), max-age=\(maxAge)",
        ]
        if ContentEncoding.compressible(type) {
            headers[.vary] = shared ? "Accept-Encoding" : "Accept-Encoding, Host"
            if ContentEncoding.acceptsGzip(request.headers) && bytes.count > 256 {
                tag = content.header(suffix: "gzip")
                if let hit = service.drawer.cached(.gzipped(content)) {
                    body = hit
                } else {
                    body = ContentEncoding.gzip(bytes)
                    service.drawer.keep(body, for: .gzipped(content))
                }
                headers[.contentEncoding] = "gzip"
            }
        }
        headers[.eTag] = tag
        headers[.acceptRanges] = "bytes"
        if IfNoneMatch.matches(request.headers[values: .ifNoneMatch], etag: tag) {
            return Response(status: .notModified, headers: headers)
        }
        // One byte range (RFC 9110 §14: what GDAL's /vsicurl/ asks for); anything else is the whole body (``ByteRange``).
        // An empty body (an empty tile) is whole: no range of it is satisfiable, and a 416
        // would be an error to the client, so the Range is ignored (as RFC 9110 §14.2 allows).
        if !body.isEmpty, let range = request.headers[.range], request.headers[.ifRange].map({ $0 == tag }) ?? true {
            switch ByteRange.parse(range, length: body.count) {
            case .whole: break
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(body.count)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            case let .part(first, last):
                headers[.contentRange] = "bytes \(first)-\(last)/\(body.count)"
                return Response(
                    status: .partialContent, headers: headers,
                    body: .init(byteBuffer: ByteBuffer(bytes: body[first...last])))
            }
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Longest a response may be cached, seconds, when the data is on an HTTP server.
    static let remoteMaxAge = 60
}
