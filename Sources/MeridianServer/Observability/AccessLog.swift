import Logging
import Metrics

/// The one place an answered request is logged and counted: an access-log entry at `info`
/// (`served`, with `method`, `path` cut to 256 characters, `route`, `status`, `ms`; structured with
/// ``JSONLogHandler``), `meridian_http_requests_total{route,status}` and the latency histogram
/// `meridian_http_request_duration_seconds{route}`.
///
/// Routed requests are recorded by ``MetricsMiddleware`` under their route template; requests the
/// guard refuses before routing (``RequestHeadGuard``) under the route `refused`.
enum AccessLog {
    static func served(_ logger: Logger, method: String, path: String, route: String, status: Int, nanoseconds: UInt64)
    {
        Counter(label: "meridian_http_requests_total", dimensions: [("route", route), ("status", String(status))])
            .increment()
        Metrics.Timer(label: "meridian_http_request_duration_seconds", dimensions: [("route", route)])
            .recordNanoseconds(Int64(clamping: nanoseconds))
        logger.info(
            "served",
            metadata: [
                "method": .string(method), "path": .string(String(path.prefix(256))), "route": .string(route),
                "status": .stringConvertible(status), "ms": .string(String(format: "%.1f", Double(nanoseconds) / 1e6)),
            ])
    }
}
