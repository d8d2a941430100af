/// Why something the service was asked for could not be made, below any protocol: the HTTP
/// server turns each case into a status (`MeridianServer`'s `RequestError`), the pyramid job into
/// a ``PyramidError``.
public enum ServingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data cannot be served at all: a tileset of the folder unreadable or corrupt, a shipped
    /// style that does not parse (the service does not start).
    case data(String)
    /// A given style the data cannot serve: a source of it with no data in the folder.
    case style(String)
    /// No such thing to serve: `parameter` names what was asked for (`source`, `tile`).
    case notFound(parameter: String, String)
    /// The data a request needs has gone since the service started (a file removed or replaced).
    case unavailable(String)
    /// A remote data server cannot be read now (`TileError.unavailable`), or an archive was
    /// replaced while read (`TileError.changed`): ask again after `retryAfter` seconds (nil: its
    /// origin asked none). `parameter` names what was being made.
    case remote(parameter: String, String, retryAfter: Int?)
    /// The drawing passed its deadline at `stage` and was abandoned.
    case deadlinePassed(stage: String)
    /// Drawing or reading failed: `parameter` names what was being made (`map`, `tile`).
    case failed(parameter: String, String)

    public var description: String {
        switch self {
        case let .data(what): "data: \(what)"
        case let .style(what): "style: \(what)"
        case let .notFound(parameter, what), let .remote(parameter, what, _), let .failed(parameter, what):
            "\(parameter): \(what)"
        case let .unavailable(reason): "data: the data this needs is unavailable: \(reason)"
        case let .deadlinePassed(stage): "server: the drawing passed its deadline (at \(stage))"
        }
    }
}
