import Hummingbird
import MeridianServing
import MeridianText
import NIOCore

/// The service's own routes: the viewer page (`/`), Prometheus metrics (`/metrics`) and the
/// health check (`/health`, with the data version and the
/// warnings of loading: what the style leaves out, sources with no data).
struct ServiceRoutes: Sendable {
    let service: MapService

    func add(to router: Router<MeridianRequestContext>) {
        router.get("/", use: viewerPage)
        router.get("/metrics", use: metrics)
        router.get("/health", use: health)
    }

    @Sendable func viewerPage(_ request: Request, context: MeridianRequestContext) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: ViewerPage.html)))
    }

    @Sendable func metrics(_ request: Request, context: MeridianRequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: ServerMetrics.text(for: service))))
    }

    @Sendable func health(_ request: Request, context: MeridianRequestContext) -> Response {
        MeridianServer.json(
            .object([
                ("status", .string("ok")), ("data", .string(service.data.dataVersion)),
                ("warnings", .array(service.warnings.map { .string($0) })),
            ]))
    }
}
