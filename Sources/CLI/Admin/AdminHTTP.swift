import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// One admin call over an ``HTTPTransport``: JSON in, a JSON object out, and a non-2xx answer
/// read by the service's own error decoding into an ``AuthError``.
struct AdminHTTP: Sendable {
    let transport: HTTPTransport
    /// Reads a refusal (each service's envelope and codes).
    let failure: @Sendable (HTTPResponseData) -> AuthError

    /// Sends a request and parses the answer.
    /// - Parameters:
    ///   - method: `GET`, `POST`, `PUT`, `DELETE`.
    ///   - url: The URL.
    ///   - headers: Header fields besides `Content-Type`.
    ///   - body: A JSON object to send, if any.
    /// - Returns: The answer's JSON object and headers.
    /// - Throws: ``AuthError``: `network` below HTTP, the service's error for a refusal, `backend`
    ///   with `unexpected_response` for a body that is not a JSON object.
    func send(_ method: String, _ url: URL, headers: [HTTPHeader], body: JSONObject? = nil) async throws(AuthError) -> (
        JSONObject, [String: String]
    ) {
        var fields = headers
        if body != nil { fields.append(HTTPHeader("Content-Type", "application/json")) }
        let request = HTTPRequestData(
            method: method, url: url, headers: fields, body: body.map { Data($0.serialized()) },
            isIdempotent: method != "POST")
        let response = try await transport.exchange(request)
        guard (200..<300).contains(response.status) else { throw failure(response) }
        if response.body.isEmpty { return ([:], response.headers) }
        do {
            return (try StrictJSONParser.parseObject(Array(response.body)), response.headers)
        } catch {
            throw .backend(
                BackendError(
                    code: "unexpected_response", message: "the server's answer is not a JSON object (is the URL an auth server?)",
                    status: response.status))
        }
    }
}

/// `POST /reset` of `login serve` (or of the in-process routes): forget users, sessions and
/// mail, keep the keys.
struct EmulatorReset: Sendable {
    let baseURL: URL
    let bearer: Secret
    let transport: HTTPTransport

    /// Asks the emulator to reset.
    /// - Throws: ``AuthError``; a server that is not `login serve` answers 404, reported as such.
    func run() async throws(AuthError) {
        let http = AdminHTTP(transport: transport) { response in
            response.status == 404
                ? .invalidInput(
                    "\(baseURL.absoluteString) has no /reset route: reset works on the embedded services and on login serve only")
                : .backend(
                    BackendError(
                        code: response.status == 401 ? "unauthorized" : "unexpected_response",
                        message: response.status == 401 ? "the emulator refused the admin credentials" : "HTTP \(response.status)",
                        status: response.status))
        }
        _ = try await http.send(
            "POST", baseURL.appendingPathComponent("reset"), headers: [HTTPHeader("Authorization", "Bearer \(bearer.revealed)")])
    }
}
