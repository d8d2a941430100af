import AsyncHTTPClient
import Foundation
import MeridianCamera
import MeridianTiles
import NIOConcurrencyHelpers
import NIOCore

/// Tiles fetched one by one from an XYZ template on an HTTP server
/// (`https://tiles.example.com/{z}/{x}/{y}.pbf`), as a style's `tiles` list or a TileJSON names
/// them; zooms, bounds and credits are the TileJSON's, the content the template's extension
/// (`pbf`/`mvt` vector, `png`, `jpg`, `webp`).
///
/// A list's templates are mirrors (`a.`, `b.`, `c.` hosts of one tileset): each tile is fetched
/// from one of them, the one MapLibre picks (`(x + y) mod n`), so the load is spread and a tile is
/// asked for (and kept) once.
///
/// A 200 is the tile (at most `TileError.maxTileBytes`), a 204 or 404 no tile; anything else is
/// retried within one deadline, behind the origin's breaker, and then `TileError.unavailable`.
/// Answers, tiles and absences both, are kept in one cache of the process bounded at
/// ``cacheBytes`` (`shared`), and a tile asked by several readers at once is fetched once.
/// Reads block the calling thread, as ``RemoteArchive``'s do.
public final class RemoteTiles: Tileset {
    /// The first template, as resolved.
    public let path: String
    public let info: TilesetInfo
    /// Whether rows count from the south (`scheme: "tms"`).
    public let isTMS: Bool

    /// Most bytes of tiles the process keeps (64 MiB), over every template.
    public static let cacheBytes = 64 << 20

    /// A tileset of `mirrors` (one template or more) described by `described`.
    /// - Throws: `TileError.badTileJSON` naming the document when `mirrors` is empty or a
    ///   template lacks `{z}`, `{x}` or `{y}`.
    public init(mirrors: [String], described: TileJSONFile) throws(TileError) {
        guard let first = mirrors.first else {
            throw .badTileJSON(path: described.path, reason: "tiles names no http(s) template")
        }
        var templates: [TileTemplate] = []
        for m in mirrors { templates.append(try TileTemplate(m, described: described)) }
        self.templates = templates
        (path, info, isTMS) = (first, templates[0].info, templates[0].isTMS)
    }

    private let templates: [TileTemplate]

    /// The URL of `tile`: its mirror's template, filled in.
    public func url(for tile: TileID) -> String {
        let mirror = (UInt(bitPattern: tile.x) &+ UInt(bitPattern: tile.y)) % UInt(templates.count)
        return templates[Int(mirror)].filled(tile)
    }

    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? {
        guard (0...30).contains(tile.z), tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z else {
            throw .tileOutOfRange(z: tile.z, x: tile.x, y: tile.y)
        }
        return try Self.shared.tile(url(for: tile), deadline: deadline)
    }

    /// The process's cache of fetched tiles and the fetches in flight.
    static let shared = Store()

    /// Used behind its lock only (the cache it holds is a class).
    final class Store: @unchecked Sendable {
        struct State {
            var kept = LRUCache<String, [UInt8]?>(capacity: RemoteTiles.cacheBytes)
            var inFlight: [String: EventLoopFuture<[UInt8]?>] = [:]
        }
        let state = NIOLockedValueBox(State())

        /// The tile at `url` (nil: the server has none), kept or fetched.
        func tile(_ url: String, deadline frame: Deadline = .never) throws(TileError) -> [UInt8]? {
            enum Found {
                case kept([UInt8]?)
                case waiting(EventLoopFuture<[UInt8]?>)
                case mine(EventLoopPromise<[UInt8]?>)
            }
            let found = state.withLockedValue { s -> Found in
                if let kept = s.kept.value(for: url) { return .kept(kept) }
                if let future = s.inFlight[url] { return .waiting(future) }
                let promise = HTTPClient.shared.eventLoopGroup.next().makePromise(of: [UInt8]?.self)
                s.inFlight[url] = promise.futureResult
                return .mine(promise)
            }
            switch found {
            case let .kept(bytes):
                RemoteCounters.shared.read(hits: 1, misses: 0)
                return bytes
            case let .waiting(future):
                do { return try future.wait() } catch let error as TileError { throw error } catch {
                    throw .unavailable(url: url, reason: "\(error)", retryAfter: 1)
                }
            case let .mine(promise):
                RemoteCounters.shared.read(hits: 0, misses: 1)
                do throws(TileError) {
                    let bytes = try retrying(
                        url, timeout: RemoteArchive.requestSeconds, until: frame, bytes: { $0?.count ?? 0 },
                        replaced: {},
                        { deadline throws(RangeFailure) in try Self.get(url, deadline: deadline) })
                    state.withLockedValue { s in
                        s.kept.insert(bytes, for: url, cost: url.utf8.count + (bytes?.count ?? 0))
                        s.inFlight[url] = nil
                    }
                    promise.succeed(bytes)
                    return bytes
                } catch {
                    state.withLockedValue { $0.inFlight[url] = nil }
                    promise.fail(error)
                    throw error
                }
            }
        }

        /// One GET of a tile: its body (200), nil (204, 404), or why not.
        static func get(_ url: String, deadline: NIODeadline) throws(RangeFailure) -> [UInt8]? {
            let response: HTTPClient.Response
            do {
                let request = try HTTPClient.Request(url: url, method: .GET)
                response = try HTTPClient.shared.execute(
                    request: request,
                    delegate: ResponseAccumulator(request: request, maxBodySize: Int(TileError.maxTileBytes)),
                    deadline: deadline
                ).wait()
            } catch is ResponseAccumulator.ResponseTooBigError {
                throw .refused("a tile is over \(TileError.maxTileBytes) bytes")
            } catch {
                throw .transient("\(error)")
            }
            switch response.status.code {
            case 200: return response.body.map { Array($0.readableBytesView) } ?? []
            case 204, 404: return nil
            case 400..<500 where response.status.code != 408 && response.status.code != 429:
                throw .refused("HTTP \(response.status.code)")
            default: throw .transient("HTTP \(response.status.code)")
            }
        }
    }
}
