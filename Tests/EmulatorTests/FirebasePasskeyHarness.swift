import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Foundation
import Testing

/// An emulator whose Firebase project has a passkey config (`rpId` `localhost`, one expected
/// origin), a software authenticator, and the Identity Toolkit v2 ceremony calls.
struct FirebasePasskeyHarness {
    static let rpID = "localhost"
    static let origin = "http://localhost:3000"

    let sut: EmulatorHarness
    let keys = InMemoryPasskeyKeyStore()
    var authenticator: SoftwareAuthenticator { SoftwareAuthenticator(store: keys, options: .standard) }

    static func make() async throws -> FirebasePasskeyHarness {
        var configuration = SimulationConfiguration()
        configuration.firebasePasskeyConfig = FirebasePasskeyConfig(rpID: rpID, expectedOrigins: [origin])
        return FirebasePasskeyHarness(sut: try await EmulatorHarness.make(configuration: configuration))
    }

    /// A v2 call with an API key.
    func v2(_ method: String, _ body: JSONObject) async -> EmulatorResponse {
        await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/\(method)?key=test-key",
            json: JSONValue.object(body).jsonString)
    }

    /// A new (anonymous) user's ID token and `localId`.
    func user() async throws -> (idToken: String, localId: String) {
        let response = await sut.firebase("accounts:signUp", json: "{}")
        return (try #require(response.object["idToken"]?.stringValue), try #require(response.object["localId"]?.stringValue))
    }

    /// Proto3 JSON bytes (standard base64, padded or not, or URL-safe).
    static func bytes(_ text: String?) -> [UInt8]? {
        guard var text else { return nil }
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return Base64URL.decode(text)
    }

    /// `passkeyEnrollment:start` then the authenticator: the registration response Google's reference shapes.
    func enrollmentResponse(_ idToken: String, origin: String = origin, rpID: String = rpID) async throws -> JSONValue {
        let start = await v2("passkeyEnrollment:start", ["idToken": .string(idToken)])
        try #require(start.status == 200, "\(String(decoding: start.body, as: UTF8.self))")
        let options = try #require(start.object["credentialCreationOptions"]?.objectValue)
        let challenge = try #require(Self.bytes(options["challenge"]?.stringValue))
        let handle = try #require(Self.bytes(options["user"]?.objectValue?["id"]?.stringValue))
        let created = try await authenticator.register(
            rpID: rpID, origin: origin, challenge: challenge, userHandle: handle,
            attestation: .none)
        return .object([
            "credentialId": .string(Base64URL.encode(created.credentialID)), "credentialType": .string("public-key"),
            "authenticatorAttestationResponse": .object([
                "clientDataJSON": .string(Base64URL.encode(created.clientDataJSON)),
                "attestationObject": .string(Base64URL.encode(created.attestationObject)),
            ]),
        ])
    }

    /// A whole enrollment.
    func enroll(_ idToken: String, name: String = "Laptop") async throws -> EmulatorResponse {
        let response = try await enrollmentResponse(idToken)
        return await v2(
            "passkeyEnrollment:finalize",
            [
                "idToken": .string(idToken),
                "authenticatorRegistrationResponse": response, "name": .string(name),
            ])
    }

    /// `passkeySignIn:start`'s challenge.
    func signInChallenge() async throws -> [UInt8] {
        let start = await v2("passkeySignIn:start", [:])
        return try #require(Self.bytes(start.object["credentialRequestOptions"]?.objectValue?["challenge"]?.stringValue))
    }

    /// `passkeySignIn:finalize` with an assertion.
    func finalize(_ assertion: AssertionCredential) async -> EmulatorResponse {
        await v2(
            "passkeySignIn:finalize",
            [
                "authenticatorAuthenticationResponse": .object([
                    "credentialId": .string(Base64URL.encode(assertion.credentialID)),
                    "authenticatorAssertionResponse": .object([
                        "clientDataJSON": .string(Base64URL.encode(assertion.clientDataJSON)),
                        "authenticatorData": .string(Base64URL.encode(assertion.authenticatorData)),
                        "signature": .string(Base64URL.encode(assertion.signature)),
                        "userHandle": .string(Base64URL.encode(assertion.userHandle)),
                    ]),
                ])
            ])
    }
}
