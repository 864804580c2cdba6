import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// A transport over `URLSession`.
    /// - Parameters:
    ///   - session: The session (an ephemeral one by default: no cookies, no cache).
    ///   - timeout: Seconds before a request times out.
    /// - Returns: The transport.
    public static func urlSession(_ session: URLSession = URLSession(configuration: .ephemeral), timeout: TimeInterval = 30) -> HTTPTransport {
        HTTPTransport { request in
            var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
            urlRequest.httpMethod = request.method
            for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
            urlRequest.httpBody = request.body
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await session.data(for: urlRequest)
            } catch let error as URLError {
                throw HTTPTransportError(reason: "\(request.method) \(request.url.host ?? ""): \(error.localizedDescription)",
                                         isTransient: Self.transientCodes.contains(error.code))
            } catch {
                throw HTTPTransportError(reason: "\(request.method) \(request.url.host ?? ""): \(error.localizedDescription)", isTransient: true)
            }
            guard let http = response as? HTTPURLResponse else {
                throw HTTPTransportError(reason: "not an HTTP response", isTransient: false)
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            return HTTPResponseData(status: http.statusCode, headers: headers, body: data)
        }
    }

    private static let transientCodes: Set<URLError.Code> = [
        .timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost,
        .dnsLookupFailed, .cancelled, .resourceUnavailable, .secureConnectionFailed,
    ]

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
