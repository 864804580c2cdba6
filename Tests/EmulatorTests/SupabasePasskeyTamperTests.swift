import AuthEmulator
import AuthJWT
import AuthWebAuthn
import Foundation
import Testing

/// Passkey ceremonies tampered with one field at a time over `/auth/v1/passkeys`, each refused
/// with GoTrue's answer: 400 `webauthn_verification_failed` for what go-webauthn refuses
/// (internal/api/passkey_registration.go `CreateCredential`, passkey_authentication.go
/// `ValidatePasskeyLogin`), 400 `webauthn_challenge_not_found` for a consumed challenge
/// (internal/models/webauthn_challenge.go `ConsumeWebAuthnChallengeByID`). Every tampered
/// assertion is validly signed by the registered key, so only the tampered field can fail it;
/// the untouched one beside it succeeds.
@Suite("Emulator: Supabase passkeys, tampered ceremonies")
struct SupabasePasskeyTamperTests {
    /// A user with one registered passkey, and honest parts for an assertion over a fresh challenge.
    private func registered() async throws -> (SupabasePasskeyHarness, StoredPasskey, challengeID: String, parts: PasskeyWire.Parts) {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        let registration = try await harness.register(user.bearer)
        try #require(registration.status == 200)
        let passkey = try await harness.storedPasskey()
        let options = try await harness.signInOptions()
        let parts = PasskeyWire.Parts(
            challenge: options.challenge, origin: SupabasePasskeyHarness.origin, rpID: SupabasePasskeyHarness.rpID,
            signCount: passkey.signCount + 1, userHandle: passkey.userHandle)
        return (harness, passkey, options.id, parts)
    }

    private static let verificationFailed: (Int, String?) = (400, "webauthn_verification_failed")

    @Test("the untampered forged assertion signs in: the forging itself is sound")
    func control() async throws {
        let (harness, passkey, challengeID, parts) = try await registered()
        let response = await harness.verify(challengeID, try PasskeyWire.signedAssertion(passkey, parts))
        #expect(response.status == 200)
        #expect(response.object["access_token"]?.stringValue != nil)
    }

    @Test(
        "each tampered assertion field is refused",
        arguments: [
            "challenge", "origin", "rpIDHash", "type", "userPresent", "backupEligible", "signCountEqual", "signCountLower",
        ])
    func tamperedAssertion(field: String) async throws {
        let (harness, passkey, challengeID, honest) = try await registered()
        var parts = honest
        switch field {
        case "challenge": parts.challenge[0] ^= 0xFF
        case "origin": parts.origin = "http://evil.localhost:3000"
        case "rpIDHash": parts.rpID = "evil.example"
        case "type": parts.type = "webauthn.create"
        case "userPresent": parts.flags = [.userVerified]
        case "backupEligible": parts.flags.insert(.backupEligible)
        case "signCountEqual": parts.signCount = passkey.signCount
        default: parts.signCount = 0
        }
        let response = await harness.verify(challengeID, try PasskeyWire.signedAssertion(passkey, parts))
        #expect(response.supabaseError == Self.verificationFailed, "\(field)")
        #expect(response.object["message"] == .string("Credential verification failed"))
    }

    @Test("a signature with one byte flipped is refused")
    func badSignature() async throws {
        let (harness, passkey, challengeID, parts) = try await registered()
        var assertion = try PasskeyWire.signedAssertion(passkey, parts)
        assertion.signature[assertion.signature.count - 1] ^= 0x01
        #expect(await harness.verify(challengeID, assertion).supabaseError == Self.verificationFailed)
    }

    @Test("a replayed assertion is refused: the same challenge is gone, a new one does not match")
    func replay() async throws {
        let (harness, passkey, challengeID, parts) = try await registered()
        let assertion = try PasskeyWire.signedAssertion(passkey, parts)
        #expect(await harness.verify(challengeID, assertion).status == 200)
        let again = await harness.verify(challengeID, assertion)
        #expect(again.supabaseError == (400, "webauthn_challenge_not_found"))
        #expect(again.object["message"] == .string("Challenge not found or already used"))
        let fresh = try await harness.signInOptions()
        #expect(await harness.verify(fresh.id, assertion).supabaseError == Self.verificationFailed)
    }

    @Test("another user's credential under this user's handle is refused, and so is an unknown handle")
    func anotherUsersCredential() async throws {
        let (harness, passkey, challengeID, parts) = try await registered()
        let grace = try await harness.user("grace@example.com")
        #expect(try await harness.register(grace.bearer).status == 200)
        var crossed = parts
        crossed.userHandle = Array(grace.id.utf8)
        #expect(
            await harness.verify(
                challengeID,
                try PasskeyWire.signedAssertion(
                    passkey,
                    crossed)
            ).supabaseError == Self.verificationFailed)
        var unknown = parts
        unknown.userHandle = Array(UUID().uuidString.lowercased().utf8)
        let next = try await harness.signInOptions()
        unknown.challenge = next.challenge
        #expect(await harness.verify(next.id, try PasskeyWire.signedAssertion(passkey, unknown)).supabaseError == Self.verificationFailed)
    }

    @Test("a registration for another challenge, origin or RP ID is refused, and its challenge is spent")
    func tamperedRegistration() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        for field in ["challenge", "origin", "rpID"] {
            let options = try await harness.registrationOptions(user.bearer)
            var challenge = options.challenge
            if field == "challenge" { challenge[0] ^= 0xFF }
            let created = try await harness.authenticator.register(
                rpID: field == "rpID" ? "evil.example" : SupabasePasskeyHarness.rpID,
                origin: field == "origin" ? "https://evil.example" : SupabasePasskeyHarness.origin,
                challenge: challenge, userHandle: options.userHandle, attestation: .none)
            let body = PasskeyWire.body(options.id, PasskeyWire.registration(created))
            let response = await harness.sut.supabase("POST", "passkeys/registration/verify", json: body, bearer: user.bearer)
            #expect(response.supabaseError == Self.verificationFailed, "\(field)")
            let retry = await harness.sut.supabase("POST", "passkeys/registration/verify", json: body, bearer: user.bearer)
            #expect(retry.supabaseError == (400, "webauthn_challenge_not_found"), "\(field): the challenge was consumed")
        }
        let listed = await harness.sut.supabase("GET", "passkeys", bearer: user.bearer)
        #expect(String(decoding: listed.body, as: UTF8.self) == "[]")
    }

    @Test("a credential whose JSON is not a PublicKeyCredential is refused as an invalid credential response")
    func malformedCredential() async throws {
        let (harness, passkey, challengeID, parts) = try await registered()
        guard case .object(var credential) = PasskeyWire.assertion(try PasskeyWire.signedAssertion(passkey, parts)) else { return }
        credential["rawId"] = .string(Base64URL.encode([1, 2, 3]))
        let response = await harness.sut.supabase(
            "POST", "passkeys/authentication/verify", json: PasskeyWire.body(challengeID, .object(credential)))
        #expect(response.supabaseError == Self.verificationFailed)
        #expect(response.object["message"] == .string("Invalid credential response"))
    }
}
