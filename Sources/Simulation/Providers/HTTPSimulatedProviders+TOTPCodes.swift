import AuthData
import AuthDomain
import AuthJWT
import Foundation

extension HTTPSimulatedProviders {
    /// The current codes of the signed-in user's factors (`GET /mfa/codes/{backend}`, the
    /// session's own token in `Authorization`, never in the URL).
    /// - Parameters:
    ///   - backend: `supabase` or `firebase`.
    ///   - project: The Firebase project (`nil`: the emulator's default).
    ///   - bearer: The session's access token (Supabase) or ID token (Firebase).
    /// - Returns: One code per factor.
    /// - Throws: ``AuthError/backend(_:)`` with the service's code for a refused token,
    ///   ``AuthError/network(_:)`` when the emulator cannot be reached.
    package func totpCodes(backend: String, project: String?, bearer: Secret) async throws(AuthError) -> [CurrentTOTPCode] {
        guard var components = URLComponents(url: baseURL.appendingPathComponent("mfa/codes/\(backend)"), resolvingAgainstBaseURL: false)
        else { throw .invalidInput("not a URL: the emulator's mfa/codes") }
        if let project { components.queryItems = [URLQueryItem(name: "project", value: project)] }
        guard let url = components.url else { throw .invalidInput("not a URL: the emulator's mfa/codes with its project") }
        let request = HTTPRequestData(
            method: "GET", url: url, headers: [HTTPHeader("Authorization", "Bearer " + bearer.revealed)],
            body: nil, isIdempotent: true)
        let response = try await transport.exchange(request)
        let object = (try? StrictJSONParser.parseObject(Array(response.body))) ?? [:]
        guard (200..<300).contains(response.status) else { throw .backend(Self.refusal(object, status: response.status)) }
        return (object["codes"]?.arrayValue ?? []).compactMap(CurrentTOTPCode.init(json:))
    }

    /// A refusal in either service's error shape: GoTrue's `{code, msg}` or `{error_code, message}`,
    /// Google's `{error: {message: "CODE : detail"}}`.
    private static func refusal(_ object: JSONObject, status: Int) -> BackendError {
        if let message = object["error"]?.objectValue?["message"]?.stringValue {
            let code = message.components(separatedBy: " : ").first ?? message
            return BackendError(code: BackendErrorCode(rawValue: code), message: message, status: status)
        }
        let code = object["error_code"]?.stringValue ?? object["code"]?.stringValue ?? "http_\(status)"
        let message = object["msg"]?.stringValue ?? object["message"]?.stringValue ?? "the emulator answered \(status)"
        return BackendError(code: BackendErrorCode(rawValue: code), message: message, status: status)
    }
}
