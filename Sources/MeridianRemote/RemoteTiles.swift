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
/// A 200 is the tile (at most `TileError.maxTileBytes`), a 204 an empty tile (no bytes: drawn as
/// nothing, never stood in for by its parent, as MapLibre takes it), a 404 no tile; anything else is
/// retried within one deadline, behind the origin's breaker, and then `TileError.unavailable`.
/// Answers, tiles and absences both, are kept in one cache of its ``RemoteReader`` bounded at
/// ``cacheBytes`` by default, and a tile asked by several reads at once is fetched once (the
/// others wait for it within their own deadlines).
/// Reads block the calling thread, as ``RemoteArchive``'s do.
public final class RemoteTiles: Tileset {
    /// The first template, as resolved.
    public let path: String
    public let info: TilesetInfo
    /// Whether rows count from the south (`scheme: "tms"`).
    public let isTMS: Bool

    /// Most bytes of tiles a reader keeps by default (64 MiB), over every template.
    public static let cacheBytes = 64 << 20

    /// A tileset of `mirrors` (one template or more) described by `described`, read through
    /// `reader` (its client, breaker and cache of tiles).
    /// - Throws: `TileError.badTileJSON` naming the document when `mirrors` is empty.
    public init(mirrors: [String], described: TileJSONFile, reader: RemoteReader) throws(TileError) {
        guard let first = mirrors.first else {
            throw .badTileJSON(path: described.path, reason: "tiles names no http(s) template")
        }
        var templates: [TileTemplate] = []
        for m in mirrors { templates.append(TileTemplate(m, described: described)) }
        self.templates = templates
        (path, info, isTMS) = (first, templates[0].info, templates[0].isTMS)
        context = reader.context
    }

    private let templates: [TileTemplate]
    private let context: RemoteContext

    /// The URL of `tile`: its mirror's template, filled in.
    public func url(for tile: TileID) -> String {
        let mirror = (UInt(bitPattern: tile.x) &+ UInt(bitPattern: tile.y)) % UInt(templates.count)
        return templates[Int(mirror)].filled(tile)
    }

    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? {
        guard (0...30).contains(tile.z), tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z else {
            throw .tileOutOfRange(z: tile.z, x: tile.x, y: tile.y)
        }
        return try context.tiles.tile(url(for: tile), deadline: deadline, in: context)
    }

    /// A reader's cache of fetched tiles and the fetches in flight.
    ///
    /// Used behind its lock only (the cache it holds is a class).
    final class Store: @unchecked Sendable {
        struct State {
            var kept: LRUCache<String, [UInt8]?>
            var inFlight: [String: EventLoopFuture<[UInt8]?>] = [:]
        }
        let state: NIOLockedValueBox<State>

        /// - Parameter capacity: bytes of tiles (and their URLs) kept at most.
        init(capacity: Int) { state = NIOLockedValueBox(State(kept: LRUCache(capacity: capacity))) }

        /// The tile at `url` (nil: the server has none), kept or fetched through `context`; a
        /// fetch another read has in flight is waited for until `frame` (at most the request's
        /// own deadline).
        func tile(
            _ url: String, deadline frame: Deadline = .never, in context: RemoteContext
        ) throws(TileError)
            -> [UInt8]?
        {
            enum Found {
                case kept([UInt8]?)
                case waiting(EventLoopFuture<[UInt8]?>)
                case mine(EventLoopPromise<[UInt8]?>)
            }
            let found = state.withLockedValue { s -> Found in
                if let kept = s.kept.value(for: url) { return .kept(kept) }
                if let future = s.inFlight[url] { return .waiting(future) }
                let promise = context.client.eventLoopGroup.next().makePromise(of: [UInt8]?.self)
                s.inFlight[url] = promise.futureResult
                return .mine(promise)
            }
            switch found {
            case let .kept(bytes):
                context.counters.read(hits: 1, misses: 0)
                return bytes
            case let .waiting(future):
                return try awaited(future, url: url, until: frame, timeout: RemoteArchive.requestSeconds)
            case let .mine(promise):
                context.counters.read(hits: 0, misses: 1)
                do throws(TileError) {
                    let bytes = try retrying(
                        url, in: context, timeout: RemoteArchive.requestSeconds, until: frame,
                        bytes: { $0?.count ?? 0 },
                        replaced: {},
                        { deadline throws(RangeFailure) in
                            try Self.get(url, client: context.client, deadline: deadline)
                        })
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

        /// One GET of a tile: its body (200), no bytes (204), nil (404), or why not.
        static func get(_ url: String, client: HTTPClient, deadline: NIODeadline) throws(RangeFailure) -> [UInt8]? {
            let response: HTTPClient.Response
            do {
                let request = try HTTPClient.Request(url: url, method: .GET)
                response = try client.execute(
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
            case 204: return []
            case 404: return nil
            case 400..<500 where response.status.code != 408 && response.status.code != 429:
                throw .refused("HTTP \(response.status.code)")
            default: throw .transient("HTTP \(response.status.code)")
            }
        }
    }
}
