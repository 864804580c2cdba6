import AuthDomain
import Foundation

extension HTTPTransport {
    /// Sends a request as every REST adapter does: a failure below HTTP is a transient
    /// ``AuthError/network(_:)``; any HTTP status is returned for the adapter to read.
    /// - Parameter request: The request.
    /// - Returns: The response.
    /// - Throws: ``AuthError/network(_:)``, with the ``HTTPTransportError``'s reason (or the
    ///   description of anything else a transport threw).
    package func exchange(_ request: HTTPRequestData) async throws(AuthError) -> HTTPResponseData {
        do {
            return try await send(request)
        } catch let error as HTTPTransportError {
            throw .network(error.reason)
        } catch {
            throw .network("\(error)")
        }
    }
}

extension HTTPResponseData {
    /// The body decoded from JSON.
    /// - Parameter code: The backend error code for a body that cannot be read (each service's
    ///   own spelling).
    /// - Returns: The decoded value.
    /// - Throws: ``AuthError/backend(_:)`` with `code` and the response's status.
    package func decodedJSON<Response: Decodable>(invalidCode code: BackendErrorCode) throws -> Response {
        do {
            return try JSONDecoder().decode(Response.self, from: body)
        } catch {
            throw AuthError.backend(BackendError(code: code, message: "could not read the response: \(error)", status: status))
        }
    }
}

/// How the REST adapters write JSON request bodies: keys sorted (the same bytes every time, as
/// the request snapshots expect) and `/` not escaped.
package enum RequestJSON {
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
