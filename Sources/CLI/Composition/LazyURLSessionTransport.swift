import AuthData

/// The CLI's HTTP transport: ``HTTPTransport/urlSession(configuration:limits:)``, its session
/// made on the first request. A command on the embedded engine sends none, and making a
/// `URLSession` configuration is measurable in a command that lasts tens of milliseconds
/// (Docs/Performance.md, "The CLI").
enum LazyURLSessionTransport {
    /// A transport whose `URLSession` is made when it first sends.
    /// - Parameter limits: The deadline and body limit of every request.
    /// - Returns: The transport; copies share one session.
    static func make(limits: HTTPTransportLimits) -> HTTPTransport {
        let made = Locked<HTTPTransport?>(nil)
        return HTTPTransport { request in
            let transport = made.withLock { current in
                if let current { return current }
                let transport = HTTPTransport.urlSession(limits: limits)
                current = transport
                return transport
            }
            return try await transport.send(request)
        }
    }
}
