import Hummingbird

/// The request context of the emulator's server: Hummingbird's basic context plus the peer's
/// address, which the routes use for limits per client.
struct EmulatorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address, when the channel has one.
    let clientAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
