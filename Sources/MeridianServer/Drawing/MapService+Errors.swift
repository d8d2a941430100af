import MeridianServing

extension RequestError {
    /// The answer to what the drawer could not make: 500 naming `data` or `style` when the data
    /// cannot be served; 404 for what is not served; 503 for data gone since the start, for a
    /// remote data server that cannot be read now (with the `Retry-After` its origin asks) and for
    /// a drawing that passed the deadline of `limits` ("busy", try again in a second); else 500.
    init(_ error: ServingError, limits: HTTPLimits) {
        switch error {
        case let .data(what): self.init("data", what, status: 500)
        case let .style(what): self.init("style", what, status: 500)
        case let .notFound(parameter, what): self.init(parameter, what, status: 404)
        case let .unavailable(reason):
            self.init("data", "the data this needs is unavailable: \(reason)", status: 503)
        case let .remote(parameter, what, retryAfter): self.init(parameter, what, status: 503, retryAfter: retryAfter)
        case let .deadlinePassed(stage):
            self.init(
                "server", "busy: the drawing passed the \(limits.deadline) s deadline (at \(stage)); try again shortly",
                status: 503)
        case let .failed(parameter, what): self.init(parameter, what, status: 500)
        }
    }
}
