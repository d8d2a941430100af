import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import MeridianCamera
import MeridianRender
import MeridianStyle
import MeridianText
import NIOCore
import NIOPosix

/// Meridian's HTTP service on Hummingbird: the viewer page at `/`, `/staticmap`,
/// `/tiles/{z}/{x}/{y}.png` (`.jpg`, `.webp`, each also `@2x`, cut from metatiles), `/data/{source}/{z}/{x}/{y}.pbf`
/// (and the primary source at `/tiles/{z}/{x}/{y}.pbf`), `/style.json`, `/fonts/…`, TileJSON
/// and GDAL's `metadata.json` (`addDocumentRoutes(to:service:)`), `/health`, `/metrics`, and
/// the viewer's map sessions on the WebSocket `/session`; CORS, preflight and HEAD on every
/// route. Requests are logged through swift-log and counted through swift-metrics (``ServerMetrics``). Every
/// connection starts behind `RequestHeadGuard` (the ``HTTPLimits``); drawing runs on the
/// `DrawingGate`'s two lanes of worker threads, off the event loops and Swift's cooperative
/// threads.
public enum MeridianServer {
    /// The application, ready to run (`try await app.runService()`; SIGINT and SIGTERM shut it
    /// down gracefully). `onRunning` receives the bound port (useful with port 0).
    public static func application(service: MapService, host: String = "127.0.0.1", port: Int = 8080, logger: Logger? = nil,
                                   onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        ServerMetrics.bootstrap()
        let router = Router(context: MeridianRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: MetricsMiddleware())
        // CORS on every response, preflight answered (HEAD comes with every GET route).
        let origins = service.access.corsOrigins
        if !origins.contains("*") { router.add(middleware: OriginFilter(allowed: Set(origins))) }
        router.add(middleware: CORSMiddleware(allowOrigin: origins.contains("*") ? .all : .originBased,
                                              allowHeaders: [.accept, .acceptEncoding, .contentType, .origin, .ifNoneMatch, .range],
                                              allowMethods: [.get, .head, .options], exposedHeaders: ["ETag", "Content-Length", "Content-Encoding"],
                                              maxAge: .seconds(86_400)))
        addRoutes(to: router, service: service)
        let sessions = Router(context: BasicWebSocketRequestContext.self)
        // `/session?camera=lat,lng,zoom[,bearing[,tilt]]` starts where the page was (a reconnect);
        // a camera that does not parse refuses the upgrade with 400.
        sessions.ws("/session") { request, _ in
            do { _ = try ViewerSession.start(request.uri) } catch { throw HTTPError(.badRequest, message: "\(error)") }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            try await ViewerSession.run(service: service, start: try? ViewerSession.start(context.request.uri), inbound: inbound, outbound: outbound)
        }
        var log = logger ?? Logger(label: "meridian.server")
        if logger == nil { log.logLevel = .info }
        let webSocketResponder = sessions.buildResponder(), limits = service.limits
        // Every connection starts behind the byte-level guard (timeouts, sizes, malformed heads).
        let server = HTTPServerBuilder { responder in
            GuardedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                               configuration: .init(http1: .init(idleTimeout: .seconds(Int64(limits.idleTimeout.rounded(.up)))),
                                                                                    ws: .init(autoPing: .enabled(timePeriod: .milliseconds(Int64(limits.sessionPing * 1000)))))),
                           limits: limits)
        }
        return Application(router: router, server: server,
                           configuration: .init(address: .hostname(host, port: port), serverName: "Meridian"),
                           onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? -1) }, logger: log)
    }

    static func addRoutes(to router: Router<MeridianRequestContext>, service: MapService) {
        addDocumentRoutes(to: router, service: service)
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: ViewerPage.html)))
        }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(bytes: ServerMetrics.text(for: service))))
        }
        router.get("/health") { _, _ in json(.object([("status", .string("ok")), ("data", .string(service.dataVersion))])) }
        router.get("/staticmap") { request, _ in
            await respond(request) { () throws(RequestError) -> Response in
                let items = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
                let query = try StaticMapQuery(items)
                let camera = try query.camera()
                let viewport: Viewport
                do { viewport = try Viewport(camera: camera, size: query.size, padding: query.padding) } catch { throw RequestError("padding", "\(error)") }
                let key = "static|\(query)"
                let pixels = query.size.width * query.size.height * Double(query.scale * query.scale)
                let image = try await service.gate.run(pixels: pixels) { deadline throws(RequestError) in
                    try service.image(key: key, format: query.format, mapType: query.mapType, viewport: viewport, overlays: query.overlays,
                                      scale: query.scale, deadline: deadline)
                }
                return deliver(image, type: query.format.mediaType, etag: etag(key, service), request: request, service: service)
            }
        }
        // The same sources in 512-pixel tiles, as the style served to MapLibre names them: each
        // tile joins the four one zoom deeper (``MapService/quadTile(source:_:)``).
        router.get("/data/:source/512/:z/:x/:y") { request, context in
            await respond(request) { () throws(RequestError) -> Response in
                let (source, id) = try sourceTile(context)
                guard id.z < 30 else { throw RequestError("tile", "512-pixel tiles go to zoom 29", status: 404) }
                return try await vectorTile(source: source, id, quad: true, request: request, service: service)
            }
        }
        router.get("/data/:source/:z/:x/:y") { request, context in
            await respond(request) { () throws(RequestError) -> Response in
                let (source, id) = try sourceTile(context)
                return try await vectorTile(source: source, id, request: request, service: service)
            }
        }
        router.get("/tiles/:z/:x/:y") { request, context in
            await respond(request) { () throws(RequestError) -> Response in
                let z = context.parameters.get("z") ?? "", x = context.parameters.get("x") ?? "", last = context.parameters.get("y") ?? ""
                let mapType = String(request.uri.queryParameters["maptype"] ?? "roadmap")
                if last.hasSuffix(".pbf") {
                    // The primary vector source (GDAL's tileset mode and XYZ clients look here).
                    guard let source = service.primarySource else { throw RequestError("tile", "no vector data is served", status: 404) }
                    return try await vectorTile(source: source, try MapService.tileID(z: z, x: x, y: String(last.dropLast(4))),
                                                request: request, service: service)
                }
                guard let dot = last.lastIndex(of: "."), let format = ImageFormat(named: String(last[last.index(after: dot)...])),
                      last[last.index(after: dot)...] == format.fileExtension else {
                    throw RequestError("tile", "tiles end in .png, .jpg, .webp (each also as @2x) or .pbf", status: 404)
                }
                let stem = last[..<dot], retina = stem.hasSuffix("@2x")
                let id = try MapService.tileID(z: z, x: x, y: String(stem.dropLast(retina ? 3 : 0)))
                guard let type = MapType(named: mapType) else {
                    throw RequestError("maptype", "must be \(MapType.accepted), got '\(mapType.prefix(64))'")
                }
                let side = (256 * Double(MapService.metatile(of: id).side) + 2 * MapService.bleed) * (retina ? 2 : 1)
                let image = try await service.gate.run(pixels: side * side) { deadline throws(RequestError) in
                    try service.rasterTile(id, scale: retina ? 2 : 1, mapType: type, format: format, deadline: deadline)
                }
                return deliver(image, type: format.mediaType, etag: etag("tile|\(type)|\(id)|\(retina)|\(format.rawValue)", service),
                               request: request, service: service)
            }
        }
    }

    /// The handler's response, or its ``RequestError`` as a JSON error response.
    static func respond(_ request: Request, _ body: () async throws(RequestError) -> Response) async -> Response {
        do { return try await body() } catch {
            var response = json(error.json)
            response.status = .init(code: error.status)
            // Busy: come back in a second (the queue drains at a few drawings a second).
            if error.status == 503 { response.headers[.retryAfter] = "1" }
            return response
        }
    }

    static func json(_ value: JSON) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: value.text)))
    }

    /// The source and tile a `/data/{source}/…/{z}/{x}/{y}.pbf` path names.
    /// - Throws: ``RequestError`` 404 for another extension or a tile outside the world.
    static func sourceTile(_ context: MeridianRequestContext) throws(RequestError) -> (String, TileID) {
        let source = context.parameters.get("source") ?? "", last = context.parameters.get("y") ?? ""
        guard last.hasSuffix(".pbf") else { throw RequestError("tile", "source tiles end in .pbf", status: 404) }
        return (source, try MapService.tileID(z: context.parameters.get("z") ?? "", x: context.parameters.get("x") ?? "", y: String(last.dropLast(4))))
    }

    /// A vector tile of a source; where no region has it, an empty tile on every route: 200 with
    /// an empty body (a protobuf message with no fields is a valid Mapbox Vector Tile of no
    /// layers), publicly cacheable with its ETag. Of the answers the field gives, this is the one
    /// every client takes silently (measured with GDAL 3.6 and MapLibre GL JS 5.3 in Chromium):
    /// a 404 is a red "Failed to load resource" line in the browser's console for every empty
    /// tile (tile servers answer 204 for that reason: tileserver-gl, martin, GeoWebCache), but
    /// GDAL's `/vsicurl/` warns "HTTP response code … 204" for every 204, up to 1,000 times
    /// over a tileset folder, while it reads an empty 200 as a tile with no features. MapLibre
    /// GL JS and Native parse the empty body as a tile with no layers. A tile outside the world
    /// or of an unknown source stays a 404.
    static func vectorTile(source: String, _ id: TileID, quad: Bool = false, request: Request,
                           service: MapService) async throws(RequestError) -> Response {
        let tile = try await service.gate.run(pixels: 0, { _ throws(RequestError) in
            try quad ? service.quadTile(source: source, id) : service.vectorTile(source: source, id)
        })
        return deliver(tile ?? [], type: "application/vnd.mapbox-vector-tile", etag: etag("pbf|\(quad ? "512|" : "")\(source)|\(id)", service),
                       request: request, service: service)
    }

    /// A deterministic body with its validator (`304 Not Modified` when the client has it),
    /// gzipped when the client accepts it and the type compresses (``ContentEncoding``; the
    /// gzipped bytes are kept in the response cache, with their own ETag), publicly cacheable
    /// for `maxAge` seconds unless `shared` is false (a body made from the request's `Host`).
    static func deliver(_ bytes: [UInt8], type: String, etag: String, maxAge: Int = 86_400, shared: Bool = true,
                        request: Request, service: MapService) -> Response {
        var body = bytes, tag = etag
        var headers: HTTPFields = [.contentType: type, .cacheControl: "\(shared ? "public" : "private"), max-age=\(maxAge)"]
        if ContentEncoding.compressible(type) {
            headers[.vary] = shared ? "Accept-Encoding" : "Accept-Encoding, Host"
            if ContentEncoding.acceptsGzip(request.headers) && bytes.count > 256 {
                tag = String(etag.dropLast()) + "-gzip\""
                let key = "gzip|" + tag
                if let hit = service.responses.withLockedValue({ $0.value(for: key) }) { body = hit } else {
                    body = ContentEncoding.gzip(bytes)
                    service.responses.withLockedValue { $0.insert(body, for: key) }
                }
                headers[.contentEncoding] = "gzip"
            }
        }
        headers[.eTag] = tag
        headers[.acceptRanges] = "bytes"
        if IfNoneMatch.matches(request.headers[values: .ifNoneMatch], etag: tag) { return Response(status: .notModified, headers: headers) }
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
                return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body[first...last])))
            }
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A strong validator: FNV-1a (64 bits) of the request key and the data version.
    static func etag(_ key: String, _ service: MapService) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in (key + "|" + service.dataVersion).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return "\"" + String(hash, radix: 16) + "\""
    }
}
