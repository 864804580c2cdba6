import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Foundation
import Testing

/// An emulator with GoTrue's passkeys on (`GOTRUE_PASSKEY_ENABLED`, RP ID `localhost`, origin
/// `http://localhost:3000`, as GoTrue's own passkey_test.go sets them), a software authenticator,
/// and the ceremony steps over `/auth/v1/passkeys`.
struct SupabasePasskeyHarness {
    static let rpID = "localhost"
    static let origin = "http://localhost:3000"

    let sut: EmulatorHarness
    let keys = InMemoryPasskeyKeyStore()
    var authenticator: SoftwareAuthenticator { SoftwareAuthenticator(store: keys, options: .standard) }

    static func make(_ change: (inout SupabasePasskeySettings) -> Void = { _ in }) async throws -> SupabasePasskeyHarness {
        var settings = SupabaseSettings()
        settings.rateLimits = nil
        settings.passkey = SupabasePasskeySettings(rpID: rpID, displayName: "Test App", origins: [origin])
        change(&settings.passkey)
        return SupabasePasskeyHarness(sut: try await EmulatorHarness.make(supabase: settings))
    }

    /// A confirmed user's access token and id (an Apple sign-in).
    func user(_ email: String = "ada@example.com") async throws -> (bearer: String, id: String) {
        let session = try await sut.appleSession(email: email)
        return (try #require(session["access_token"]?.stringValue), try #require(session["user"]?.objectValue?["id"]?.stringValue))
    }

    /// `POST /passkeys/registration/options`: the challenge id, the challenge and the user handle.
    func registrationOptions(_ bearer: String) async throws -> (id: String, challenge: [UInt8], userHandle: [UInt8], options: JSONObject) {
        let response = await sut.supabase("POST", "passkeys/registration/options", bearer: bearer)
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let options = try #require(response.object["options"]?.objectValue)
        let challenge = try #require(options["challenge"]?.stringValue.flatMap(Base64URL.decode))
        let handle = try #require(options["user"]?.objectValue?["id"]?.stringValue.flatMap(Base64URL.decode))
        return (try #require(response.object["challenge_id"]?.stringValue), challenge, handle, options)
    }

    /// A whole registration with the software authenticator.
    @discardableResult
    func register(_ bearer: String, attestation: SoftwareAuthenticator.Attestation = .none) async throws -> EmulatorResponse {
        let options = try await registrationOptions(bearer)
        let created = try await authenticator.register(
            rpID: Self.rpID, origin: Self.origin, challenge: options.challenge, userHandle: options.userHandle, attestation: attestation)
        return await sut.supabase(
            "POST", "passkeys/registration/verify",
            json: PasskeyWire.body(
                options.id,
                PasskeyWire.registration(created)),
            bearer: bearer)
    }

    /// `POST /passkeys/authentication/options`: the challenge id and challenge.
    func signInOptions() async throws -> (id: String, challenge: [UInt8]) {
        let response = await sut.supabase("POST", "passkeys/authentication/options")
        try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let challenge = try #require(response.object["options"]?.objectValue?["challenge"]?.stringValue.flatMap(Base64URL.decode))
        return (try #require(response.object["challenge_id"]?.stringValue), challenge)
    }

    /// `POST /passkeys/authentication/verify` with an assertion.
    func verify(_ challengeID: String, _ assertion: AssertionCredential) async -> EmulatorResponse {
        await sut.supabase("POST", "passkeys/authentication/verify", json: PasskeyWire.body(challengeID, PasskeyWire.assertion(assertion)))
    }

    /// A whole discoverable sign-in with the software authenticator.
    func signIn() async throws -> EmulatorResponse {
        let options = try await signInOptions()
        let assertion = try await authenticator.assert(
            rpID: Self.rpID, origin: Self.origin, challenge: options.challenge,
            allowCredentials: [])
        return await verify(options.id, assertion)
    }

    /// The authenticator's newest credential.
    func storedPasskey() async throws -> StoredPasskey { try #require(await keys.passkeys(rpID: Self.rpID).last) }
}

extension EmulatorResponse {
    /// GoTrue's `{code, message}` of an error answer.
    var supabaseError: (status: Int, code: String?) { (status, object["code"]?.stringValue) }
}
