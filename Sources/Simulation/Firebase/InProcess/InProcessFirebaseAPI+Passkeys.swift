import AuthData
import AuthJWT

/// The Identity Toolkit v2 passkey methods answered by the in-process engine.
extension InProcessFirebaseAPI {
    func startPasskeyEnrollment(idToken: String) async throws -> JSONObject {
        try await engine.startPasskeyEnrollment(idToken: idToken)
    }

    func finalizePasskeyEnrollment(idToken: String, response: JSONValue, name: String?) async throws -> JSONObject {
        try await engine.finalizePasskeyEnrollment(idToken: idToken, response: response, name: name)
    }

    func startPasskeySignIn() async throws -> JSONObject {
        try await engine.startPasskeySignIn()
    }

    func finalizePasskeySignIn(response: JSONValue) async throws -> JSONObject {
        try await engine.finalizePasskeySignIn(response: response)
    }
}
