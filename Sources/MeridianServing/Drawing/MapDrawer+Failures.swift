import Logging
import MeridianTiles
import Metrics

extension MapDrawer {
    /// The ``ServingError`` of a failure that is not the drawing's own, or nil for any other
    /// error: data the service started with has gone (``ServingError/unavailable(_:)``, logged as
    /// a warning so the operator sees it), a remote archive unreachable, slow or cut short
    /// (`TileError.unavailable`: ``ServingError/remote(parameter:_:retryAfter:)`` with the
    /// `Retry-After` its origin asks, counted in `meridian_remote_unavailable_total`), or replaced
    /// while read (`TileError.changed`: asked again in a second, the new one is read).
    static func failure(_ error: any Error, _ what: String) -> ServingError? {
        switch error {
        case let gone as DataUnavailable:
            Logger(label: "meridian.data").warning("data unavailable", metadata: ["reason": "\(gone.reason)"])
            return .unavailable(gone.reason)
        case let TileError.unavailable(url, reason, retryAfter):
            Counter(label: "meridian_remote_unavailable_total").increment()
            return .remote(parameter: what, "the data server cannot be read: \(url): \(reason)", retryAfter: retryAfter)
        case let TileError.changed(url):
            return .remote(parameter: what, "\(url) was replaced while it was read; try again", retryAfter: 1)
        default: return nil
        }
    }
}
