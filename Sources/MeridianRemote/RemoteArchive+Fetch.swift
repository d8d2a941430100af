import AsyncHTTPClient
import Foundation
import MeridianTiles
import NIOCore
import NIOHTTP1

extension RemoteArchive {
    /// Backoff before the second and third attempt, seconds.
    static let backoff = [0.1, 0.3]

    /// One range of the archive, `count` bytes from `start` (fewer when `probing` at a short
    /// archive's start), with its ETag and the archive's length: tried up to three times, all of
    /// them within one deadline of `timeout` seconds (a server that stalls costs one deadline, not
    /// three).
    func fetch(
        _ start: UInt64, _ count: UInt64, pinned: Version?, probing: Bool, deadline frame: Deadline = .never
    ) throws(TileError) -> (bytes: [UInt8], etag: String?, size: UInt64) {
        let got = try retrying(
            url, in: context, timeout: timeout, until: frame, bytes: { $0.bytes.count },
            replaced: { if let pinned { replaced(pinned.generation) } }
        ) { deadline throws(RangeFailure) in
            try once(start, count, pinned: pinned, probing: probing, deadline: deadline)
        }
        state.withLockedValue { s in (s.requests, s.bytes) = (s.requests + 1, s.bytes + got.bytes.count) }
        return got
    }

    /// The most bytes of a body held for a request of `count`: the count, or for a small one 64
    /// KiB (an error answer's page, say a 412's, is longer than a one-byte range).
    static func bodyBound(_ count: UInt64) -> Int { Int(max(count, blockSize)) }

    /// One GET of `bytes=start-(start+count-1)`, `If-Match` the pinned ETag, checked: a 206 whose
    /// `Content-Range` is the range asked and whose body is that long. A body is held up to
    /// ``bodyBound(_:)`` bytes and cut off beyond (an error), so a server sending more than asked
    /// costs no more memory than that.
    func once(
        _ start: UInt64, _ count: UInt64, pinned: Version?, probing: Bool, deadline: NIODeadline
    ) throws(RangeFailure) -> (bytes: [UInt8], etag: String?, size: UInt64) {
        let response: HTTPClient.Response
        do {
            var request = try HTTPClient.Request(url: url, method: .GET)
            request.headers.add(name: "Range", value: "bytes=\(start)-\(start + count - 1)")
            if let etag = pinned?.etag { request.headers.add(name: "If-Match", value: etag) }
            let accumulator = ResponseAccumulator(request: request, maxBodySize: Self.bodyBound(count))
            response = try client.execute(
                request: request, delegate: accumulator,
                deadline: deadline
            ).wait()
        } catch let error as ResponseAccumulator.ResponseTooBigError {
            throw .transient("the server sent more than the \(error.maxBodySize) bytes asked")
        } catch {
            throw .transient("\(error)")
        }
        let etag = response.headers.first(name: "ETag")
        switch response.status.code {
        case 206: break
        case 412: throw .replaced
        case 416: throw pinned == nil ? .refused("the archive is empty") : .replaced
        case 200: throw .refused("its server ignores range requests (it sent the whole object)")
        case 404, 410: throw .refused("not found (HTTP \(response.status.code))")
        default: throw .transient("HTTP \(response.status.code)")
        }
        if let pinned, let etag, pinned.etag != nil, etag != pinned.etag { throw .replaced }
        // Content-Range: bytes FIRST-LAST/SIZE
        let range = response.headers.first(name: "Content-Range") ?? ""
        let parts = range.replacingOccurrences(of: "bytes ", with: "").split(whereSeparator: { $0 == "-" || $0 == "/" })
        guard parts.count == 3, let first = UInt64(parts[0]), let lastByte = UInt64(parts[1]),
            let size = UInt64(parts[2]), first == start, lastByte >= first, lastByte < size
        else { throw .transient("its Content-Range '\(range)' is not the range asked (bytes \(start)-…)") }
        if let pinned, size != pinned.size { throw .replaced }
        let expected = min(count, size - start)
        guard lastByte - first + 1 == expected else {
            throw .transient("it answered \(lastByte - first + 1) bytes of the \(expected) asked at \(start)")
        }
        let body = response.body.map { Array($0.readableBytesView) } ?? []
        guard UInt64(body.count) == expected else {
            throw .transient("it sent \(body.count) bytes of the \(expected) its Content-Range promised at \(start)")
        }
        return (body, etag, size)
    }
}
