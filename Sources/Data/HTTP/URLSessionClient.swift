import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` behind ``HTTPTransport/urlSession(configuration:limits:)``: one session
/// with one delegate, so redirects are checked and bodies counted as they stream in, and a
/// deadline per request. Invalidates the session when the last transport holding it goes.
final class URLSessionClient: Sendable {
    private let session: URLSession
    private let delegate: URLSessionExchangeDelegate
    private let limits: HTTPTransportLimits

    /// Creates the session.
    /// - Parameters:
    ///   - configuration: The session configuration.
    ///   - limits: The deadline and body limit of every request.
    init(configuration: URLSessionConfiguration, limits: HTTPTransportLimits) {
        precondition(limits.isValid, "HTTPTransportLimits need a positive, finite timeout and a positive byte limit")
        let delegate = URLSessionExchangeDelegate()
        // A serial queue: a task's body pieces and its completion arrive in order.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.delegate = delegate
        self.limits = limits
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends a request and reads its response within the limits.
    /// - Parameter request: The request.
    /// - Returns: The response (any status).
    /// - Throws: ``HTTPTransportError``: timed out, body too large, cross-origin redirect,
    ///   connection failure, cancelled.
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        // URLSession's own timeout, which restarts on every byte, is only a backstop; the
        // deadline below is the one that counts.
        var urlRequest = URLRequest(url: request.url, timeoutInterval: limits.timeout.rounded(.up) + 1)
        urlRequest.httpMethod = request.method
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        urlRequest.httpBody = request.body
        let task = session.dataTask(with: urlRequest)
        let exchange = URLSessionExchange(request: request, limits: limits)
        delegate.add(exchange, for: task)
        // On a Dispatch queue, not a task: the deadline fires, and the transfer stops, even
        // while every thread of the cooperative pool is busy.
        let deadline = DispatchWorkItem { [limits] in
            if exchange.fail(.timedOut(request, after: limits.timeout)) { task.cancel() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.timeout, execute: deadline)
        defer { deadline.cancel() }
        task.resume()
        return try await exchange.reply.value(
            cancelled: HTTPTransportError(reason: "\(HTTPTransportError.label(request)): cancelled", isTransient: true),
            onCancel: { URLSessionExchangeDelegate.cancel(task) })
    }
}
