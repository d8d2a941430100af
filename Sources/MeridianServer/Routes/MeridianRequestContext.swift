import Hummingbird
import NIOCore

/// The request context of Meridian's routes: Hummingbird's basic one plus the connection's
/// peer address (``PublicAccess`` believes `X-Forwarded-*` only from trusted proxies).
public struct MeridianRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
