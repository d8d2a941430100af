import Metrics
import MeridianTiles

extension MapService {
    /// The answer to a remote archive's failure (`--data` on an HTTP server), or nil for any other
    /// error: 503 with the `Retry-After` the archive's origin asks (unreachable, slow, cut short:
    /// `TileError.unavailable`), or 503 in a second when the archive was
    /// replaced while read (`TileError.changed`: asked again, the new one is read).
    func remoteFailure(_ error: any Error, _ what: String) -> RequestError? {
        switch error {
        case let TileError.unavailable(url, reason, retryAfter):
            Counter(label: "meridian_remote_unavailable_total").increment()
            return RequestError(
                what, "the data server cannot be read: \(url): \(reason)", status: 503, retryAfter: retryAfter)
        case let TileError.changed(url):
            return RequestError(what, "\(url) was replaced while it was read; try again", status: 503, retryAfter: 1)
        default: return nil
        }
    }
}
