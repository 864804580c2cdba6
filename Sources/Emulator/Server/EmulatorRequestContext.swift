import Hummingbird
import Logging

/// Hummingbird's basic request context plus the peer's IP address, which the Supabase routes
/// key their rate limits by.
struct EmulatorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's peer address (`127.0.0.1`, `::1`), when known.
    let clientAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
