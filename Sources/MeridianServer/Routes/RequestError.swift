import MeridianText

/// A request Meridian's server will not serve: the parameter at fault and what is wrong with it.
///
/// The server answers `400 Bad Request` (or the `status` given) with a JSON body
/// `{"error":{"parameter":…,"message":…}}`.
public struct RequestError: Error, Hashable, Sendable, CustomStringConvertible {
    public let parameter: String
    public let message: String
    public let status: Int
    /// Seconds a client should wait before asking again, sent as `Retry-After` with a 503 (1 when nil).
    public var retryAfter: Int?

    public init(_ parameter: String, _ message: String, status: Int = 400, retryAfter: Int? = nil) {
        self.parameter = parameter
        self.message = message
        self.status = status
        self.retryAfter = retryAfter
    }

    public var description: String { "\(parameter): \(message)" }

    /// The response body.
    public var json: JSON {
        .object([
            (
                "error",
                .object([
                    ("parameter", .string(parameter)), ("message", .string(message)), ("status", .integer(status)),
                ])
            )
        ])
    }
}
