import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransport {
    /// A transport over `URLSession` that keeps a request's credentials at its origin and
    /// bounds every request in time and size:
    /// - a redirect is followed only within the request's origin (scheme, host, port); one to
    ///   another origin fails with ``HTTPTransportError/Kind/crossOriginRedirect`` and is not
    ///   sent, so `Authorization`, `apikey` and a body (which a 307 or 308 would resend) stay
    ///   where the adapter sent them;
    /// - the whole exchange ends within `limits.timeout` or fails with
    ///   ``HTTPTransportError/Kind/timedOut`` ("timed out after N s"), however slowly the
    ///   server trickles bytes;
    /// - a response body over `limits.maxResponseBytes` (announced or streamed) cancels the
    ///   transfer and fails with ``HTTPTransportError/Kind/responseTooLarge``, without reading
    ///   the rest.
    ///
    /// ```swift
    /// let backend = SupabaseAuthBackend(
    ///     configuration: SupabaseConfiguration(projectURL: url, apiKey: anonKey),
    ///     transport: .urlSession(limits: HTTPTransportLimits(timeout: 15)), clock: .live)
    /// ```
    /// - Parameters:
    ///   - configuration: The session configuration (ephemeral by default: no cookies kept
    ///     between runs, no disk cache).
    ///   - limits: The deadline and body limit of every request.
    /// - Returns: The transport. Its session is invalidated when the last copy is released.
    /// - Precondition: `limits.isValid`.
    public static func urlSession(configuration: URLSessionConfiguration = .ephemeral, limits: HTTPTransportLimits = .standard)
        -> HTTPTransport
    {
        let client = URLSessionClient(configuration: configuration, limits: limits)
        return HTTPTransport { try await client.send($0) }
    }

    /// This transport, retrying an idempotent request once, after `delay`, when it failed
    /// transiently (no connection, timeout, 408, 429 is not retried, 5xx gateway errors).
    /// - Parameters:
    ///   - delay: The backoff before the retry.
    ///   - clock: Waits for the backoff.
    /// - Returns: The retrying transport.
    public func retryingIdempotentRequests(after delay: Duration = .milliseconds(500), clock: AuthClock) -> HTTPTransport {
        let send = self.send
        return HTTPTransport { request in
            guard request.isIdempotent else { return try await send(request) }
            do {
                let response = try await send(request)
                guard Self.retryableStatuses.contains(response.status) else { return response }
            } catch let error as HTTPTransportError where error.isTransient {
            }
            try await clock.sleep(delay)
            return try await send(request)
        }
    }

    private static let retryableStatuses: Set<Int> = [408, 500, 502, 503, 504]
}
