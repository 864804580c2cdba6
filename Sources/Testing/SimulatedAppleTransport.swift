import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// An ``HTTPTransport`` that answers Apple's `/auth/token` and `/auth/revoke` from the simulated
/// Apple ID in process, so `AppleRESTTokenRevoker` (what an app's server runs on account
/// deletion) is tested as it is, without a server.
enum SimulatedAppleTransport {
    /// The transport.
    /// - Parameter apple: The simulated Apple ID.
    /// - Returns: A transport answering `POST …/auth/token` and `POST …/auth/revoke`.
    static func make(apple: SimulatedAppleID) -> HTTPTransport {
        HTTPTransport { request in
            let body = request.body.flatMap { String(data: $0, encoding: .utf8) } ?? ""
            guard request.method == "POST", let form = FormEncoding.decode(body) else {
                return answer(400, ["error": .string("invalid_request")])
            }
            do throws(OAuthProviderError) {
                switch request.url.path {
                case let path where path.hasSuffix("/auth/token"): return answer(200, try await apple.token(form: form))
                case let path where path.hasSuffix("/auth/revoke"):
                    try await apple.revoke(form: form)
                    return answer(200, [:])
                default: return answer(404, ["error": .string("not_found")])
                }
            } catch {
                var object: JSONObject = ["error": .string(error.error)]
                if let description = error.errorDescription { object["error_description"] = .string(description) }
                return answer(400, object)
            }
        }
    }

    private static func answer(_ status: Int, _ object: JSONObject) -> HTTPResponseData {
        HTTPResponseData(status: status, headers: ["Content-Type": "application/json"], body: Data(object.serialized()))
    }
}
