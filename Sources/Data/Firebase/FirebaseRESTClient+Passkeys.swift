import AuthDomain
import AuthJWT
import Foundation

/// The Identity Toolkit v2 passkey methods over HTTP (`/v2/accounts/...?key=`).
extension FirebaseRESTClient {
    func startPasskeyEnrollment(idToken: String) async throws -> JSONObject {
        try await callV2("passkeyEnrollment:start", ["idToken": .string(idToken)])
    }

    func finalizePasskeyEnrollment(idToken: String, response: JSONValue, name: String?) async throws -> JSONObject {
        var body: JSONObject = ["idToken": .string(idToken), "authenticatorRegistrationResponse": response]
        if let name { body["name"] = .string(name) }
        return try await callV2("passkeyEnrollment:finalize", body)
    }

    func startPasskeySignIn() async throws -> JSONObject {
        try await callV2("passkeySignIn:start", JSONObject())
    }

    func finalizePasskeySignIn(response: JSONValue) async throws -> JSONObject {
        try await callV2("passkeySignIn:finalize", ["authenticatorAuthenticationResponse": response])
    }

    private func callV2(_ method: String, _ body: JSONObject) async throws -> JSONObject {
        let url = try keyed(configuration.url(host: "identitytoolkit.googleapis.com", path: "v2/accounts/\(method)"))
        let data = try RequestJSON.encoder.encode(body)
        return try decode(try await send(url, body: data, contentType: "application/json", bearer: nil, idempotent: false))
    }
}
