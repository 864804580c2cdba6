import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight on the `URLSession` transport: what the session's delegate has
/// received so far (the status line and headers, the body up to the limit) and the one answer
/// the caller waits for.
///
/// Whatever ends the exchange first is the answer (the response, a refused redirect, an
/// oversized body, the deadline, the caller's cancellation); later events are ignored. Every
/// method may be called from any thread.
final class URLSessionExchange: Sendable {
    private struct Received: Sendable {
        var status: Int?
        var headers: [String: String] = [:]
        var body = Data()
    }

    /// The request, as the adapter built it.
    let request: HTTPRequestData
    /// The answer: the response, or an ``HTTPTransportError``.
    let reply = OneShotReply<HTTPResponseData, HTTPTransportError>()
    private let limits: HTTPTransportLimits
    private let origin: HTTPOrigin
    private let received = Locked(Received())

    /// Starts an exchange.
    /// - Parameters:
    ///   - request: The request.
    ///   - limits: Its deadline and body limit.
    init(request: HTTPRequestData, limits: HTTPTransportLimits) {
        self.request = request
        self.limits = limits
        self.origin = HTTPOrigin(request.url)
    }

    /// Decides a redirect: followed within the request's origin, refused (and the exchange
    /// failed) to any other, so the request's credentials (`Authorization`, `apikey`, a
    /// refresh token in a body a 307 would resend) never reach another server.
    /// - Parameter next: The request `URLSession` would send next.
    /// - Returns: `next`, or `nil` to stop there.
    func redirect(to next: URLRequest) -> URLRequest? {
        if let url = next.url, HTTPOrigin(url) == origin, !reply.isAnswered { return next }
        fail(.crossOriginRedirect(request, to: next.url))
        return nil
    }

    /// Takes the response head.
    /// - Parameter response: The response.
    /// - Returns: Whether to go on reading (`false`: the announced length is over the limit,
    ///   and the exchange has failed).
    func receive(_ response: URLResponse) -> Bool {
        guard !reply.isAnswered else { return true }
        guard let http = response as? HTTPURLResponse else {
            fail(HTTPTransportError(reason: "\(HTTPTransportError.label(request)): not an HTTP response", isTransient: false))
            return false
        }
        if http.expectedContentLength > Int64(limits.maxResponseBytes) {
            fail(.responseTooLarge(request, limit: limits.maxResponseBytes))
            return false
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        received.withLock { [headers] in
            $0.status = http.statusCode
            $0.headers = headers
        }
        return true
    }

    /// Takes a piece of the body.
    /// - Parameter data: The bytes.
    /// - Returns: Whether to go on reading (`false`: the body passed the limit, and the
    ///   exchange has failed).
    func receive(_ data: Data) -> Bool {
        guard !reply.isAnswered else { return true }
        let fits = received.withLock {
            guard $0.body.count + data.count <= limits.maxResponseBytes else { return false }
            $0.body.append(data)
            return true
        }
        if !fits { fail(.responseTooLarge(request, limit: limits.maxResponseBytes)) }
        return fits
    }

    /// Ends the exchange as `URLSession` reports the task complete.
    /// - Parameter error: The task's error, if any.
    func complete(with error: (any Error)?) {
        if let error {
            fail(map(error))
            return
        }
        let answer = received.withLock { received -> HTTPResponseData? in
            received.status.map { HTTPResponseData(status: $0, headers: received.headers, body: received.body) }
        }
        guard let answer else {
            fail(HTTPTransportError(reason: "\(HTTPTransportError.label(request)): not an HTTP response", isTransient: false))
            return
        }
        reply.resolve(.success(answer))
    }

    /// Ends the exchange with an error, unless it already ended, and drops the body read so far.
    /// - Parameter error: The error.
    /// - Returns: Whether this was the end (`false`: something else ended it first).
    @discardableResult
    func fail(_ error: HTTPTransportError) -> Bool {
        guard reply.resolve(.failure(error)) else { return false }
        received.withLock { $0.body = Data() }
        return true
    }

    private func map(_ error: any Error) -> HTTPTransportError {
        guard let error = error as? URLError else {
            return HTTPTransportError(reason: "\(HTTPTransportError.label(request)): \(error.localizedDescription)", isTransient: true)
        }
        if error.code == .timedOut { return .timedOut(request, after: limits.timeout) }
        return HTTPTransportError(
            reason: "\(HTTPTransportError.label(request)): \(error.localizedDescription)",
            isTransient: Self.transientCodes.contains(error.code))
    }

    private static let transientCodes: Set<URLError.Code> = [
        .timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost,
        .dnsLookupFailed, .cancelled, .resourceUnavailable, .secureConnectionFailed,
    ]
}
