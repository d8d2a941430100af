import Foundation
import Hummingbird
import MeridianServing
import Metrics
import NIOConcurrencyHelpers
import Prometheus

/// The server's metrics, through swift-metrics into a swift-prometheus registry, served as
/// Prometheus text at `/metrics`:
///
/// - `meridian_http_requests_total{route,status}`: requests answered, by route template (never the
///   raw path, so hostile URLs cannot grow the label set; Hummingbird names unmatched requests
///   `NotFound`; heads the guard refuses before routing are `refused`) and status;
/// - `meridian_http_request_duration_seconds{route}`: a latency histogram;
/// - `meridian_response_cache_bytes`, `meridian_response_cache_entries`,
///   `meridian_response_cache_hits_total`, `meridian_response_cache_misses_total`;
/// - `meridian_viewer_sessions`, `meridian_drawing_queue` (waiting or drawing now);
/// - `meridian_prepared_layers_bytes`: the drawing workers' prepared layers (each worker's
///   `RenderCache` keeps at most 32 MiB);
/// - `meridian_glyph_ranges_rendered_total`: glyph ranges made with FreeType (each served font
///   and range once while it stays in the response cache);
/// - `meridian_viewer_sessions_closed_idle_total`: viewer sessions closed for silence;
/// - `meridian_viewer_sessions_evicted_total`: silent viewer sessions whose place a newcomer took
///   (``HTTPLimits/sessionGrace``).
///
/// The metrics system is bootstrapped once per process (``bootstrap()``); every server of the
/// process reports into the same registry.
public enum ServerMetrics {
    /// The registry `/metrics` reads.
    public static let registry = PrometheusCollectorRegistry()

    private static let bootstrapped = NIOLockedValueBox(false)

    /// Makes swift-metrics report into ``registry`` (once; later calls do nothing).
    public static func bootstrap() {
        bootstrapped.withLockedValue { done in
            guard !done else { return }
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            done = true
        }
    }

    /// The `/metrics` body: the service's gauges brought up to date, then the registry as text.
    static func text(for service: MapService) -> [UInt8] {
        let cache = service.drawer.cacheUse
        Gauge(label: "meridian_response_cache_bytes").record(cache.bytes)
        Gauge(label: "meridian_response_cache_entries").record(cache.entries)
        Gauge(label: "meridian_viewer_sessions").record(service.seats.count)
        Gauge(label: "meridian_drawing_queue").record(service.gate.queued)
        // Prepared layers of every drawing worker, as of its last finished drawing.
        Gauge(label: "meridian_prepared_layers_bytes").record(service.drawer.preparedBytes)
        return registry.emitToBuffer()
    }
}

/// Counts, times and logs every routed request by its route template and status (``AccessLog``).
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let route = { context.endpointPath ?? "unmatched" }
        do {
            let response = try await next(request, context)
            record(request, context, route(), status: response.status.code, since: start)
            return response
        } catch {
            record(
                request, context, route(), status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    func record(_ request: Request, _ context: Context, _ route: String, status: Int, since start: UInt64) {
        AccessLog.served(
            context.logger, method: request.method.rawValue, path: request.uri.description, route: route,
            status: status,
            nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
    }
}
