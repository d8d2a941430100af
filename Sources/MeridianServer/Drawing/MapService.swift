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

/// What the server draws with: the data folder, the style of each map type (or one custom style for
/// all), a pool of render workers (each with its own open tilesets and tile cache, used by one
/// request at a time) and a bounded cache of finished PNGs by request.
///
/// Knows no dataset: every source comes from the styles, opened by `MapSources`. Safe to share
/// between requests.
public final class MapService: Sendable {
    public let dataFolder: DataFolder
    /// Where in the data folder the sprite served beside the dot is (`/sprite`): the data build's.
    static let spritePath = "sprite/meridian"
    /// The sprite `/sprite` serves beside the dot, without `.json`/`.png`: a given style's first
    /// local sprite (`StyleImages.path(of:style:folders:)`), none for a given style without one
    /// (the dot alone), the data build's for the shipped styles.
    let spriteFile: String?
    /// The style given to `serve --style`, which `/style.json` serves (``ServedStyle``); nil for
    /// the shipped styles.
    let customStyle: Style?
    /// The GeoJSON a given style's sources read from files, by source name, which `/style.json`
    /// gives the browser inline.
    let geojsonFiles: [String: StyleValue]
    /// The data's VERSION stamp (part of every ETag); "0" when the folder has none.
    public let dataVersion: String
    /// Whether some data is read from an HTTP server (the folder's, or a style source's), which
    /// may change under the server: what is drawn from it is then keyed by its versions.
    public let readsHTTP: Bool
    let styles: [MapType: Style]
    /// What loading left out, one line each: what a given style leaves out (grouped by
    /// property, `StyleWarning.summary`), then sources of the styles with no data in the folder
    /// (they draw nothing). `serve` prints them at start, and `/health` lists them.
    public let warnings: [String]
    /// The vector sources of the normal style, served at `/data/{source}/{z}/{x}/{y}.pbf`,
    /// with what their tilesets declare (zooms, attribution).
    let vectorSources: [String: ServedStyle.SourceInfo]
    /// The folder's raster tilesets (imagery, elevation), served as stored at
    /// `/data/{name}/{z}/{x}/{y}.png|webp|jpg` with TileJSON at `/data/{name}/tiles.json`.
    let storedRasters: [String: StoredRaster]
    /// The vector source `/tiles/{z}/{x}/{y}.pbf`, `/tiles.json` and `/tiles/metadata.json`
    /// serve: the one holding the most detailed tileset (as for ``home``); nil without one.
    let primarySource: String?
    /// Where the viewer starts: a given style's own camera (`Style.camera`), else the most
    /// detailed vector tileset of the normal style (highest
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
    public init(
        dataFolder: DataFolder, style customStyle: Style? = nil, limits: HTTPLimits = HTTPLimits(),
        access: PublicAccess = PublicAccess()
    ) throws(RequestError) {
        try limits.validate()
        try access.validate()
        // Before any source is opened: what reading them counts (remote archives) reaches `/metrics`.
        ServerMetrics.bootstrap()
        self.dataFolder = dataFolder
        self.limits = limits
        self.access = access
        gate = DrawingGate(limits: limits)
        seats = ViewerSeats(
            capacity: limits.maxSessions, grace: .milliseconds(Int64((limits.sessionGrace * 1000).rounded())))
        dataVersion =
            (try? String(contentsOfFile: dataFolder.path + "/VERSION", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines) ?? "0"
        var styles: [MapType: Style] = [:]
        for type in MapType.allCases {
            if let customStyle {
                styles[type] = customStyle
                continue
            }
            do { styles[type] = try Style(json: Data(type.document.utf8)) } catch {
                throw RequestError("style", "the shipped \(type) style does not parse: \(error)", status: 500)
            }
        }
        self.styles = styles
        self.customStyle = customStyle
        readsHTTP =
            !dataFolder.remote.isEmpty || styles.values.contains { $0.sources.values.contains(where: \.readsHTTP) }
        spriteFile =
            if let style = customStyle {
                style.sprites.lazy.compactMap { StyleImages.path(of: $0, style: style, folders: dataFolder.paths) }
                    .first
            } else { dataFolder.path + "/" + Self.spritePath }
        // What a style leaves out, once per style (the shipped ones leave out nothing).
        var warnings = customStyle.map { StyleWarning.summary($0.warnings) } ?? []
        var vector: [String: ServedStyle.SourceInfo] = [:]
        var detailed: TilesetInfo?
        var primary: String?
        var found: [MapType: Set<String>] = [:]
        var files: [String: StyleValue] = [:]
        for type in MapType.allCases {
            let opened: MapSources
            do { opened = try MapSources(style: styles[type]!, folder: dataFolder) } catch {
                throw RequestError("data", "\(error)", status: 500)
            }
            // A style the user gives must find every source; the shipped styles draw what the folder has.
            if customStyle != nil {
                do { try opened.requireEverySource() } catch {
                    throw RequestError("style", error.description, status: 500)
                }
            }
            warnings += opened.warnings.filter { !warnings.contains($0) }
            found[type] = Set(opened.sources.keys)
            guard type == .normal else { continue }
            for (name, source) in opened.sources {
                guard case .reference? = styles[type]!.sources[name]?.geojson?.data,
                    let tileset = source.tilesets.first as? GeoJSONTileset
                else { continue }
                files[name] = tileset.document
            }
            for (name, source) in opened.sources where styles[type]!.sources[name]?.kind == .vector {
                vector[name] = ServedStyle.SourceInfo(
                    zoomRange: source.zoomRange ?? 0...14, attribution: source.attributions.joined(separator: " · "),
                    tilesets: source.tilesets.map(\.info))
                for info in source.tilesets.map(\.info)
                where (info.bounds != nil || info.center != nil) && Self.moreDetailed(info, than: detailed) {
                    (detailed, primary) = (info, name)
                }
            }
        }
        // What `/style.json` leaves out of a given style (it serves only the vector tilesets).
        geojsonFiles = files
        if let customStyle,
            let served = try? ServedStyle.document(base: "", given: customStyle, sources: vector, geojson: files)
        {
            warnings += served.omitted.map { "/style.json: " + $0 }
        }
        (self.warnings, self.vectorSources, home, primarySource, self.found) = (
            warnings, vector, customStyle?.camera.flatMap(Self.home) ?? Self.home(detailed), primary, found
        )
        storedRasters = Self.storedRasters(in: dataFolder, besides: Set(vector.keys))
    }

    static func moreDetailed(_ a: TilesetInfo, than b: TilesetInfo?) -> Bool {
        guard let b else { return true }
        let (za, zb) = (a.zoomRange?.upperBound ?? 0, b.zoomRange?.upperBound ?? 0)
        if za != zb { return za > zb }
        func area(_ i: TilesetInfo) -> Double {
            i.bounds.map { abs(($0.east - $0.west) * ($0.north - $0.south)) } ?? 360 * 180
        }
        return area(a) < area(b)
    }

    /// A style's own camera as the viewer's first view (its zoom is MapLibre's: one less).
    static func home(_ view: Style.Camera) -> CameraPosition? {
        try? CameraPosition(
            target: Coordinate(latitude: view.latitude, longitude: view.longitude), zoom: view.cameraZoom,
            bearing: view.bearing, tilt: view.pitch)
    }

    static func home(_ info: TilesetInfo?) -> CameraPosition {
        if let c = info?.center,
            let home = try? CameraPosition(
                target: Coordinate(latitude: c.latitude, longitude: c.longitude), zoom: min(15, max(2, c.zoom)))
        {
            return home
        }
        guard let b = info?.bounds,
            let fitted = try? CameraFit.camera(
                fitting: CoordinateBounds(
                    southWest: Coordinate(latitude: b.south, longitude: b.west),
                    northEast: Coordinate(latitude: b.north, longitude: b.east)),
                size: ScreenSize(width: 800, height: 600)),
            let home = try? CameraPosition(target: fitted.target, zoom: min(15, max(2, fitted.zoom.rounded(.down))))
        else { return ViewerSession.world }
        return home
    }

    /// Runs `body` with a worker of its own (taken from the pool, or a new one).
    func withWorker<T>(_ body: (RenderWorker) throws -> T) throws -> T {
        let worker = workers.withLockedValue { $0.popLast() } ?? RenderWorker(folder: dataFolder)
        // A worker whose sources and tiles are of another version of remote data starts afresh.
        let stamp = dataStamp
        if worker.stamp != stamp {
            if worker.stamp != nil { worker.reopen() }
            worker.stamp = stamp
        }
        defer {
            let bytes = worker.cache.preparedBytes
            preparedBytes.withLockedValue { $0[ObjectIdentifier(worker)] = bytes }
            workers.withLockedValue { $0.append(worker) }
        }
        return try body(worker)
    }
}

/// The data folder changed under the server: a source it started with is gone or unreadable.
struct DataUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

extension MapService {
    /// The version of the data what is made now is made from: the folder's `VERSION` stamp and,
    /// for data on an HTTP server, the fingerprint of its archives' versions (ETags), which
    /// changes when one is replaced. Part of every ETag; the response cache and the workers'
    /// decoded tiles hold one version's.
    var dataStamp: String {
        guard readsHTTP, let access = dataFolder.access else { return dataVersion }
        return dataVersion + "-" + access.versions
    }

    /// The kept response for `key`, made from the data as it is now.
    func cached(_ key: String) -> [UInt8]? {
        let stamp = dataStamp
        return responses.withLockedValue { cache in
            cache.sync(stamp)
            return cache.value(for: key)
        }
    }

    /// Keeps `bytes` for `key` when they were made from the data version `made` (captured before
    /// making them) and that is still the current one; nil `made`: the current one.
    func keep(_ bytes: [UInt8], for key: String, made: String? = nil) {
        let stamp = dataStamp
        guard made == nil || made == stamp else { return }
        responses.withLockedValue { cache in
            cache.sync(stamp)
            cache.insert(bytes, for: key)
        }
    }

    /// A 503 for what needs data that has gone, logged (a warning) so the operator sees it.
    func unavailable(_ gone: DataUnavailable) -> RequestError {
        Logger(label: "meridian.data").warning("data unavailable", metadata: ["reason": "\(gone.reason)"])
        return RequestError("data", "the data this needs is unavailable: \(gone.reason)", status: 503)
    }
}
