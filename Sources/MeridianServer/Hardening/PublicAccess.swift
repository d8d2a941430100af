import Foundation
import HTTPTypes
import Hummingbird

/// How clients on other origins and behind proxies reach the server: which origins may read
/// its responses (CORS), and the public base URL that documents naming the server's own URLs
/// (the style's tile and glyph URLs, TileJSON) are written with.
///
/// The base URL comes from, in order: ``publicURL`` when configured (the right choice behind a
/// TLS proxy: `https://maps.example.com`); `X-Forwarded-Proto` and `X-Forwarded-Host` when the
/// connection comes from one of ``trustedProxies``; else the request's `Host`. A document built
/// from `Host` is never publicly cacheable (`Cache-Control: private`, `Vary: Host`), so one
/// request with a forged `Host` cannot poison a shared cache; forwarded headers from anyone
/// else are ignored.
public struct PublicAccess: Sendable, Hashable {
    /// Origins allowed to read responses: `["*"]` (the default: tiles, styles and fonts are
    /// public), or exact origins such as `https://app.example.com`.
    public var corsOrigins = ["*"]
    /// The base URL of the server as clients see it (scheme, host, optional port and path
    /// prefix; no trailing slash), or nil.
    public var publicURL: String?
    /// Addresses (IPv4 or IPv6, exact) of proxies whose `X-Forwarded-*` headers are believed.
    public var trustedProxies: [String] = []

    public init() {}

    /// - Throws: ``RequestError`` naming the option when a URL, origin or address is malformed.
    public func validate() throws(RequestError) {
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                !publicURL.hasSuffix("/"), url.query == nil
            else {
                throw RequestError(
                    "public-url",
                    "must be an http(s) URL without a trailing slash or query, got '\(publicURL.prefix(128))'")
            }
        }
        for origin in corsOrigins where origin != "*" {
            guard let url = URL(string: origin), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                url.path.isEmpty
            else {
                throw RequestError(
                    "cors-origin", "must be * or an origin such as https://app.example.com, got '\(origin.prefix(128))'"
                )
            }
        }
        for address in trustedProxies where !Self.isIPv4(address) && !Self.isIPv6(address) {
            throw RequestError("trusted-proxy", "must be an IPv4 or IPv6 address, got '\(address.prefix(64))'")
        }
    }

    static func isIPv4(_ text: String) -> Bool {
        var buffer = in_addr()
        return inet_pton(AF_INET, text, &buffer) == 1
    }

    static func isIPv6(_ text: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET6, text, &buffer) == 1
    }

    /// The base URL for a request's documents and whether a shared cache may keep them.
    /// - Parameters:
    ///   - headers: the request's header fields (`Host`, and `X-Forwarded-*` from trusted proxies).
    ///   - authority: the request's `:authority` (HTTP/2), nil in HTTP/1.
    ///   - remote: the connection's peer address (nil when unknown: never trusted).
    /// - Throws: ``RequestError`` (400) when the `Host` (or a trusted forwarded host) is not a
    ///   host name or address with an optional port.
    func base(
        headers: HTTPFields, authority: String?, remote: String?
    ) throws(RequestError) -> (url: String, shared: Bool) {
        if let publicURL { return (publicURL, true) }
        if let remote, trustedProxies.contains(remote), let host = headers[HTTPField.Name("X-Forwarded-Host")!] {
            let proto = headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() ?? "http"
            guard proto == "http" || proto == "https" else {
                throw RequestError("X-Forwarded-Proto", "must be http or https")
            }
            return ("\(proto)://\(try Self.checkedHost(host, "X-Forwarded-Host"))", true)
        }
        return ("http://\(try Self.checkedHost(authority ?? "127.0.0.1", "Host"))", false)
    }

    /// A host name, IPv4 address or bracketed IPv6 address with an optional port, as given.
    static func checkedHost(_ host: String, _ header: String) throws(RequestError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        guard (1...255).contains(host.utf8.count), host.allSatisfy({ allowed.contains($0) }), !host.hasPrefix("-"),
            !host.hasPrefix(".")
        else {
            throw RequestError(header, "is not a host name with an optional port")
        }
        return host
    }
}

/// With a list of allowed origins (``PublicAccess/corsOrigins``), hides the `Origin` of any
/// other page from the CORS middleware behind it, so only listed origins are echoed in
/// `Access-Control-Allow-Origin` (the browser then withholds the response from the others).
struct OriginFilter<Context: RequestContext>: RouterMiddleware {
    let allowed: Set<String>

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let origin = request.headers[.origin], !allowed.contains(origin) else {
            return try await next(request, context)
        }
        var head = request.head
        head.headerFields[.origin] = nil
        var response = try await next(Request(head: head, body: request.body), context)
        response.headers[values: .vary].append("Origin")
        return response
    }
}
