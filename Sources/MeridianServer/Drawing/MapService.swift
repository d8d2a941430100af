import Foundation
import Logging
import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianRender
import MeridianStyle
import MeridianTiles
import Metrics
import NIOConcurrencyHelpers

/// What the server draws with: the data folder, the style of each map type (or one custom
/// style for all), a pool of render workers (each with its own open tilesets and tile
/// cache, used by one request at a time) and a bounded cache of finished PNGs by request.
/// Knows no dataset: every source comes from the styles, opened by `MapSources`.
/// Safe to share between requests.
public final class MapService: Sendable {
    public let dataFolder: DataFolder
    /// The data's VERSION stamp (part of every ETag); "0" when the folder has none.
    public let dataVersion: String
    let styles: [MapType: Style]
    /// Sources of the styles with no data in the folder, one line each (they draw nothing).
    public let warnings: [String]
    /// The vector sources of the normal style, served at `/data/{source}/{z}/{x}/{y}.pbf`,
    /// with what their tilesets declare (zooms, attribution).
    let vectorSources: [String: ServedStyle.SourceInfo]
    /// The vector source `/tiles/{z}/{x}/{y}.pbf`, `/tiles.json` and `/tiles/metadata.json`
    /// serve: the one holding the most detailed tileset (as for ``home``); nil without one.
    let primarySource: String?
    /// Where the viewer starts: the most detailed vector tileset of the normal style (highest
    /// last zoom, then the smallest bounds: a city before a region): its declared centre, else
    /// its bounds fitted to 800 × 600 points, at zoom 2–15; the world without one.
    public let home: CameraPosition
    /// The limits every connection, drawing and session is held to.
    public let limits: HTTPLimits
    /// CORS origins and the public base URL (``PublicAccess``).
    public let access: PublicAccess
    /// The sources of each map type's style that had data when the service started: a worker
    /// that opens the folder later and misses one answers 503 (``DataUnavailable``).
    let found: [MapType: Set<String>]
    /// Where drawing runs: lanes, bounded queues, the waiting deadline.
    let gate: DrawingGate
    /// The viewer sessions' places: who holds each, and who gives one up to a newcomer.
    let seats: ViewerSeats
    let workers = NIOLockedValueBox<[RenderWorker]>([])
    /// Bytes of prepared layers each worker held when it last finished a drawing (by worker),
    /// for `/metrics` (a worker drawing now is not read).
    let preparedBytes = NIOLockedValueBox<[ObjectIdentifier: Int]>([:])
    let responses = NIOLockedValueBox(ResponseCache(capacity: 64 << 20))

    /// - Parameters:
    ///   - dataFolder: the folder the styles' sources are read from (`meridian data`).
    ///   - customStyle: a style document used for every map type instead of the shipped ones.
    ///   - limits: timeouts, sizes, queues and the drawing deadline.
    ///   - access: CORS origins, the public base URL and trusted proxies.
    /// - Throws: ``RequestError`` (parameter `data` or `style`) when a tileset in the folder is
    ///   unreadable or corrupt, or a shipped style does not parse; (parameter `style`) when a
    ///   source of `customStyle` has no data. The shipped styles' missing sources are not
    ///   errors: they are listed in ``warnings``.
    public init(dataFolder: DataFolder, style customStyle: Style? = nil, limits: HTTPLimits = HTTPLimits(),
                access: PublicAccess = PublicAccess()) throws(RequestError) {
        try limits.validate()
        try access.validate()
        self.dataFolder = dataFolder
        self.limits = limits
        self.access = access
        gate = DrawingGate(limits: limits)
        seats = ViewerSeats(capacity: limits.maxSessions, grace: .milliseconds(Int64((limits.sessionGrace * 1000).rounded())))
        dataVersion = (try? String(contentsOfFile: dataFolder.path + "/VERSION", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0"
        var styles: [MapType: Style] = [:]
        for type in MapType.allCases {
            if let customStyle { styles[type] = customStyle; continue }
            do { styles[type] = try Style(json: Data(type.document.utf8)) } catch {
                throw RequestError("style", "the shipped \(type) style does not parse: \(error)", status: 500)
            }
        }
        self.styles = styles
        var warnings: [String] = [], vector: [String: ServedStyle.SourceInfo] = [:], detailed: TilesetInfo?, primary: String?
        var found: [MapType: Set<String>] = [:]
        for type in MapType.allCases {
            let opened: MapSources
            do { opened = try MapSources(style: styles[type]!, folder: dataFolder) } catch {
                throw RequestError("data", "\(error)", status: 500)
            }
            // A style the user gives must find every source; the shipped styles draw what the folder has.
            if customStyle != nil {
                do { try opened.requireEverySource() } catch { throw RequestError("style", error.description, status: 500) }
            }
            warnings += opened.warnings.filter { !warnings.contains($0) }
            found[type] = Set(opened.sources.keys)
            guard type == .normal else { continue }
            for (name, source) in opened.sources where styles[type]!.sources[name]?.kind == .vector {
                vector[name] = ServedStyle.SourceInfo(zoomRange: source.zoomRange ?? 0...14, attribution: source.attributions.joined(separator: " · "),
                                                      tilesets: source.tilesets.map(\.info))
                for info in source.tilesets.map(\.info) where (info.bounds != nil || info.center != nil) && Self.moreDetailed(info, than: detailed) {
                    (detailed, primary) = (info, name)
                }
            }
        }
        (self.warnings, self.vectorSources, home, primarySource, self.found) = (warnings, vector, Self.home(detailed), primary, found)
    }

    static func moreDetailed(_ a: TilesetInfo, than b: TilesetInfo?) -> Bool {
        guard let b else { return true }
        let (za, zb) = (a.zoomRange?.upperBound ?? 0, b.zoomRange?.upperBound ?? 0)
        if za != zb { return za > zb }
        func area(_ i: TilesetInfo) -> Double { i.bounds.map { abs(($0.east - $0.west) * ($0.north - $0.south)) } ?? 360 * 180 }
        return area(a) < area(b)
    }

    static func home(_ info: TilesetInfo?) -> CameraPosition {
        if let c = info?.center, let home = try? CameraPosition(target: Coordinate(latitude: c.latitude, longitude: c.longitude), zoom: min(15, max(2, c.zoom))) {
            return home
        }
        guard let b = info?.bounds,
              let fitted = try? CameraFit.camera(fitting: CoordinateBounds(southWest: Coordinate(latitude: b.south, longitude: b.west),
                                                                           northEast: Coordinate(latitude: b.north, longitude: b.east)),
                                                 size: ScreenSize(width: 800, height: 600)),
              let home = try? CameraPosition(target: fitted.target, zoom: min(15, max(2, fitted.zoom.rounded(.down)))) else { return ViewerSession.world }
        return home
    }

    /// Runs `body` with a worker of its own (taken from the pool, or a new one).
    func withWorker<T>(_ body: (RenderWorker) throws -> T) throws -> T {
        let worker = workers.withLockedValue { $0.popLast() } ?? RenderWorker(folder: dataFolder)
        defer {
            let bytes = worker.cache.preparedBytes
            preparedBytes.withLockedValue { $0[ObjectIdentifier(worker)] = bytes }
            workers.withLockedValue { $0.append(worker) }
        }
        return try body(worker)
    }

    /// An image of `viewport` in a map type and format, with overlays; from the response cache
    /// when the same `key` (which must name the format) was drawn before.
    /// - Throws: ``RequestError`` (500) when the data cannot be read or drawing fails; 503 when
    ///   the drawing passed `deadline`.
    func image(key: String, format: ImageFormat = .png, mapType: MapType, viewport: Viewport, overlays: [Overlay], scale: Int, credit: Bool = true,
               deadline: Date? = nil) throws(RequestError) -> [UInt8] {
        if let hit = responses.withLockedValue({ $0.value(for: key) }) {
            Counter(label: "meridian_response_cache_hits_total").increment()
            return hit
        }
        Counter(label: "meridian_response_cache_misses_total").increment()
        let bytes = try draw(format: format, mapType: mapType, viewport: viewport, overlays: overlays, scale: Double(scale), credit: credit, deadline: deadline)
        responses.withLockedValue { $0.insert(bytes, for: key) }
        return bytes
    }

    /// An image drawn by a pooled worker (no response cache), abandoned at `deadline`.
    /// - Throws: ``RequestError`` (500) when drawing fails; 503 when it passed `deadline`.
    func draw(format: ImageFormat = .png, mapType: MapType, viewport: Viewport, overlays: [Overlay], scale: Double, credit: Bool = true,
              deadline: Date? = nil) throws(RequestError) -> [UInt8] {
        try drawing(mapType, credit: credit, deadline: deadline) { renderer, sources, cache in
            try reported(renderer.draw(viewport, sources: sources, overlays: overlays, scale: scale, cache: cache)).encoded(format)
        }
    }

    /// The image, after one log line (notice) when its labels hold characters no font covers
    /// (drawn as replacement boxes), naming up to five of them.
    func reported(_ image: MapRenderer.Image) -> MapRenderer.Image {
        let uncovered = image.uncoveredTexts
        if !uncovered.isEmpty {
            Logger(label: "meridian.render").notice("labels hold characters no font covers, drawn as boxes",
                                                    metadata: ["count": "\(uncovered.count)", "texts": "\(uncovered.prefix(5).joined(separator: " | "))"])
        }
        return image
    }

    /// Runs `body` with a pooled worker's renderer for a map type (no credit line unless
    /// `credit`, abandoned at `deadline`, rasterised on `bands` threads), its open sources and
    /// its tile cache. Static maps and tiles take one band: the drawing lanes already keep both
    /// cores busy under load, and a second band costs about 15 % more CPU under tilt
    /// (BENCHMARKS.md); viewer frames take two, for latency.
    /// - Throws: ``RequestError``: 503 when the drawing passed `deadline`, else 500 naming `what`.
    func drawing<T>(_ mapType: MapType, credit: Bool, deadline: Date?, what: String = "map", bands: Int = 1,
                    _ body: (MapRenderer, MapSources, RenderCache) throws -> T) throws(RequestError) -> T {
        let style = styles[mapType]!
        do {
            return try withWorker { worker in
                var renderer = MapRenderer(style: style)
                if !credit { renderer.attribution = "" }
                renderer.deadline = deadline
                renderer.bands = bands
                return try body(renderer, try worker.sources(for: mapType, style: style, expecting: found[mapType] ?? []), worker.cache)
            }
        } catch let RenderError.deadlinePassed(stage) { throw abandoned(at: stage) } catch let gone as DataUnavailable { throw unavailable(gone) } catch {
            throw RequestError(what, "drawing failed: \(error)", status: 500)
        }
    }

    /// The 503 of a drawing abandoned at its deadline (counted in `meridian_drawings_abandoned_total`).
    func abandoned(at stage: String) -> RequestError {
        Counter(label: "meridian_drawings_abandoned_total").increment()
        return RequestError("server", "busy: the drawing passed the \(limits.deadline) s deadline (at \(stage)); try again shortly", status: 503)
    }
}

/// One request's drawing tools: open tilesets per map type and a decoded-tile cache. Used by
/// one request at a time (the pool hands it out), hence unchecked Sendable.
final class RenderWorker: @unchecked Sendable {
    let folder: DataFolder
    var open: [MapType: MapSources] = [:]
    let cache = RenderCache(capacityPerSource: 32 << 20)

    init(folder: DataFolder) { self.folder = folder }

    /// The style's sources, opened on first use (and kept only when every source in `expected`
    /// is there).
    /// - Throws: ``DataUnavailable`` when the folder cannot be opened or a source of `expected`
    ///   has no data any more (a file removed or replaced while the server runs).
    func sources(for type: MapType, style: Style, expecting expected: Set<String>) throws(DataUnavailable) -> MapSources {
        if let sources = open[type] { return sources }
        let sources: MapSources
        do { sources = try MapSources(style: style, folder: folder) } catch { throw DataUnavailable(reason: "\(error)") }
        let gone = expected.subtracting(sources.sources.keys)
        guard gone.isEmpty else {
            throw DataUnavailable(reason: "source(s) \(gone.sorted().joined(separator: ", ")) had data when the server started and have none now in \(folder.path)")
        }
        open[type] = sources
        return sources
    }
}

/// The data folder changed under the server: a source it started with is gone or unreadable.
struct DataUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

extension MapService {
    /// A 503 for what needs data that has gone, logged (a warning) so the operator sees it.
    func unavailable(_ gone: DataUnavailable) -> RequestError {
        Logger(label: "meridian.data").warning("data unavailable", metadata: ["reason": "\(gone.reason)"])
        return RequestError("data", "the data this needs is unavailable: \(gone.reason)", status: 503)
    }
}

/// Finished images by request key, least recently used out first (`LRUCache`: O(1) each),
/// bounded in bytes: each entry costs its image's bytes plus its key's (a long request URL is a
/// long key), so the bound holds however the keys are made; an entry costing more than an
/// eighth of the bound is not kept. Used only behind ``MapService``'s lock (hence the unchecked
/// `Sendable`: the cache it wraps is a class).
struct ResponseCache: @unchecked Sendable {
    let cache: LRUCache<String, [UInt8]>

    init(capacity: Int) { cache = LRUCache(capacity: capacity) }

    var capacity: Int { cache.capacity }
    /// Bytes held (images and keys).
    var bytes: Int { cache.totalCost }
    var count: Int { cache.count }

    func value(for key: String) -> [UInt8]? { cache.value(for: key) }

    /// What an entry costs: its bytes and its key's.
    static func cost(_ key: String, _ image: [UInt8]) -> Int { key.utf8.count + image.count }

    func insert(_ image: [UInt8], for key: String) {
        let cost = Self.cost(key, image)
        guard cost <= capacity / 8 else { return }
        cache.insert(image, for: key, cost: cost)
    }
}
