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
import ServiceLifecycle

/// Meridian's HTTP service on Hummingbird: the viewer page at `/`, `/staticmap`,
/// `/tiles/{z}/{x}/{y}.png` (`.jpg`, `.webp`, each also `@2x`, cut from metatiles),
/// `/data/{source}/{z}/{x}/{y}.pbf` (and the primary source at `/tiles/{z}/{x}/{y}.pbf`),
/// `/style.json`, `/fonts/…`, TileJSON and GDAL's `metadata.json` (`DocumentRoutes`), `/health`,
/// `/metrics`, and the viewer's map sessions on the WebSocket `/session`; CORS, preflight and HEAD
/// on every route.
///
/// Requests are logged through swift-log and counted through swift-metrics (``ServerMetrics``).
/// Every connection starts behind `RequestHeadGuard` (the ``HTTPLimits``); drawing runs on the
/// `DrawingGate`'s two lanes of worker threads, off the event loops and Swift's cooperative
/// threads.
public enum MeridianServer {
    /// The application, ready to run (`try await app.runService()`; SIGINT and SIGTERM shut it down
    /// gracefully).
    ///
    /// `onRunning` receives the bound port (useful with port 0). `services` run beside the server
    /// in its service group and stop with it (`meridian serve` gives MeridianRemote's
    /// revalidation where data is on an HTTP server).
    public static func application(
        service: MapService, host: String = "127.0.0.1", port: Int = 8080, logger: Logger? = nil,
        services: [any Service] = [], onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        ServerMetrics.bootstrap()
        let router = Router(context: MeridianRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: MetricsMiddleware())
        // CORS on every response, preflight answered (HEAD comes with every GET route).
        let origins = service.access.corsOrigins
        if !origins.contains("*") { router.add(middleware: OriginFilter(allowed: Set(origins))) }
        router.add(
            middleware: CORSMiddleware(
                allowOrigin: origins.contains("*") ? .all : .originBased,
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
            try await ViewerSession.run(
                service: service, start: try? ViewerSession.start(context.request.uri), inbound: inbound,
                outbound: outbound)
        }
        var log = logger ?? Logger(label: "meridian.server")
        if logger == nil { log.logLevel = .info }
        // What loading left out (a style's undrawn properties, sources without data): once, as notices.
        for warning in service.warnings { log.notice("\(warning)", metadata: ["event": "load"]) }
        let webSocketResponder = sessions.buildResponder()
        let limits = service.limits
        // Every connection starts behind the byte-level guard (timeouts, sizes, malformed heads).
        let server = HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(
                        http1: .init(idleTimeout: .seconds(Int64(limits.idleTimeout.rounded(.up)))),
                        ws: .init(autoPing: .enabled(timePeriod: .milliseconds(Int64(limits.sessionPing * 1000)))))),
                limits: limits)
        }
        return Application(
            router: router, server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: "Meridian"), services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? -1) }, logger: log)
    }

    /// Every route, group by group (each a type of named handlers).
    static func addRoutes(to router: Router<MeridianRequestContext>, service: MapService) {
        ServiceRoutes(service: service).add(to: router)
        MapRoutes(service: service).add(to: router)
        DocumentRoutes(service: service).add(to: router)
    }
}
