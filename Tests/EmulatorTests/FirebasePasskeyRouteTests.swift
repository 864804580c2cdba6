import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Foundation
import Testing

/// The Identity Toolkit v2 passkey methods over the emulator, after Google's reference
/// (`accounts.passkeyEnrollment.start`/`finalize`, `accounts.passkeySignIn.start`/`finalize`,
/// `GoogleCloudIdentitytoolkitV2AuthenticatorRegistrationResponse` and
/// `…AuthenticationResponse`), with the codes Firebase's SDKs map (`INVALID_AUTHENTICATOR_RESPONSE`,
/// `PASSKEY_ENROLLMENT_NOT_FOUND`) and firebase-tools' operations.ts names for missing fields.
/// firebase-tools accepts any response; here every WebAuthn rule is checked, so each tampered
/// assertion below, validly signed, is refused while the honest one beside it signs in.
@Suite("Emulator: Firebase passkeys")
struct FirebasePasskeyRouteTests {
    private func enrolled() async throws -> (FirebasePasskeyHarness, (idToken: String, localId: String), StoredPasskey) {
        let harness = try await FirebasePasskeyHarness.make()
        let user = try await harness.user()
        let enrolled = try await harness.enroll(user.idToken)
        try #require(enrolled.status == 200, "\(String(decoding: enrolled.body, as: UTF8.self))")
        return (harness, user, try #require(await harness.keys.passkeys(rpID: FirebasePasskeyHarness.rpID).last))
    }

    @Test("enroll then sign in without a username: tokens for the same localId, sign_in_provider passkey")
    func enrollThenSignIn() async throws {
        let (harness, user, _) = try await enrolled()
        let challenge = try await harness.signInChallenge()
        let assertion = try await harness.authenticator.assert(
            rpID: FirebasePasskeyHarness.rpID, origin: FirebasePasskeyHarness.origin, challenge: challenge, allowCredentials: [])
        let response = await harness.finalize(assertion)
        #expect(response.status == 200)
        #expect(response.object["localId"] == .string(user.localId))
        let idToken = try #require(response.object["idToken"]?.stringValue)
        #expect(try CompactJWS(parsing: idToken).payload["firebase"]?.objectValue?["sign_in_provider"] == .string("passkey"))
        #expect(response.object["refreshToken"]?.stringValue != nil)
    }

    @Test("the start answers carry the project's rpId and proto3 base64 bytes")
    func startOptions() async throws {
        let harness = try await FirebasePasskeyHarness.make()
        let user = try await harness.user()
        let start = await harness.v2("passkeyEnrollment:start", ["idToken": .string(user.idToken)])
        let options = try #require(start.object["credentialCreationOptions"]?.objectValue)
        #expect(options["rp"]?.objectValue?["id"] == .string("localhost"))
        #expect(FirebasePasskeyHarness.bytes(options["user"]?.objectValue?["id"]?.stringValue) == Array(user.localId.utf8))
        #expect(FirebasePasskeyHarness.bytes(options["challenge"]?.stringValue)?.count == 32)
        let signIn = await harness.v2("passkeySignIn:start", [:])
        #expect(signIn.object["credentialRequestOptions"]?.objectValue?["rpId"] == .string("localhost"))
    }

    @Test(
        "each tampered assertion field is INVALID_AUTHENTICATOR_RESPONSE",
        arguments: [
            "control", "challenge", "origin", "rpIDHash", "type", "userPresent", "signature", "signCount",
        ])
    func tampered(field: String) async throws {
        let (harness, _, passkey) = try await enrolled()
        let challenge = try await harness.signInChallenge()
        var parts = PasskeyWire.Parts(
            challenge: challenge, origin: FirebasePasskeyHarness.origin, rpID: FirebasePasskeyHarness.rpID,
            signCount: passkey.signCount + 1, userHandle: passkey.userHandle)
        switch field {
        case "origin": parts.origin = "http://evil.localhost:3000"
        case "rpIDHash": parts.rpID = "evil.example"
        case "type": parts.type = "webauthn.create"
        case "userPresent": parts.flags = [.userVerified]
        case "signCount": parts.signCount = passkey.signCount
        default: break
        }
        var assertion = try PasskeyWire.signedAssertion(passkey, parts)
        if field == "signature" { assertion.signature[assertion.signature.count - 1] ^= 0x01 }
        if field == "challenge" {
            // A challenge never issued: signed honestly over it.
            var forged = parts
            forged.challenge[0] ^= 0xFF
            assertion = try PasskeyWire.signedAssertion(passkey, forged)
        }
        let response = await harness.finalize(assertion)
        if field == "control" {
            #expect(response.status == 200)
        } else {
            #expect(response.status == 400 && response.firebaseMessage == "INVALID_AUTHENTICATOR_RESPONSE", "\(field)")
        }
    }

    @Test("a replayed assertion is refused: its challenge is spent")
    func replay() async throws {
        let (harness, _, _) = try await enrolled()
        let challenge = try await harness.signInChallenge()
        let assertion = try await harness.authenticator.assert(
            rpID: FirebasePasskeyHarness.rpID, origin: FirebasePasskeyHarness.origin, challenge: challenge, allowCredentials: [])
        #expect(await harness.finalize(assertion).status == 200)
        #expect(await harness.finalize(assertion).firebaseMessage == "INVALID_AUTHENTICATOR_RESPONSE")
    }

    @Test("another user's credential under this user's handle is PASSKEY_ENROLLMENT_NOT_FOUND")
    func anotherUsersCredential() async throws {
        let (harness, _, passkey) = try await enrolled()
        let other = try await harness.user()
        let challenge = try await harness.signInChallenge()
        let parts = PasskeyWire.Parts(
            challenge: challenge, origin: FirebasePasskeyHarness.origin, rpID: FirebasePasskeyHarness.rpID,
            signCount: passkey.signCount + 1, userHandle: Array(other.localId.utf8))
        #expect(await harness.finalize(try PasskeyWire.signedAssertion(passkey, parts)).firebaseMessage == "PASSKEY_ENROLLMENT_NOT_FOUND")
    }

    @Test("an enrollment from another origin or RP ID is refused, and the same response twice is refused")
    func tamperedEnrollment() async throws {
        let harness = try await FirebasePasskeyHarness.make()
        let user = try await harness.user()
        for (origin, rpID) in [("https://evil.example", FirebasePasskeyHarness.rpID), (FirebasePasskeyHarness.origin, "evil.example")] {
            let response = try await harness.enrollmentResponse(user.idToken, origin: origin, rpID: rpID)
            let finalize = await harness.v2(
                "passkeyEnrollment:finalize", ["idToken": .string(user.idToken), "authenticatorRegistrationResponse": response])
            #expect(finalize.firebaseMessage == "INVALID_AUTHENTICATOR_RESPONSE", "\(origin) \(rpID)")
        }
        let honest = try await harness.enrollmentResponse(user.idToken)
        let body: JSONObject = ["idToken": .string(user.idToken), "authenticatorRegistrationResponse": honest]
        #expect(await harness.v2("passkeyEnrollment:finalize", body).status == 200)
        #expect(await harness.v2("passkeyEnrollment:finalize", body).firebaseMessage == "INVALID_AUTHENTICATOR_RESPONSE")
    }

    @Test("a disabled user's sign-in is USER_DISABLED")
    func disabledUser() async throws {
        let (harness, user, _) = try await enrolled()
        try harness.sut.world.services.firebase.storage.update { rows in
            let project = rows.firebase(project: harness.sut.project)
            guard var record = project.user(user.localId) else { return }
            record.disabled = true
            project.save(record)
        }
        let challenge = try await harness.signInChallenge()
        let assertion = try await harness.authenticator.assert(
            rpID: FirebasePasskeyHarness.rpID, origin: FirebasePasskeyHarness.origin, challenge: challenge, allowCredentials: [])
        #expect(await harness.finalize(assertion).firebaseMessage == "USER_DISABLED")
    }

    @Test("missing fields: MISSING_ID_TOKEN, MISSING_AUTHENTICATOR_RESPONSE (firebase-tools' operations.ts)")
    func missingFields() async throws {
        let harness = try await FirebasePasskeyHarness.make()
        #expect(await harness.v2("passkeyEnrollment:start", [:]).firebaseMessage == "MISSING_ID_TOKEN")
        #expect(
            await harness.v2("passkeyEnrollment:finalize", ["authenticatorRegistrationResponse": .object([:])]).firebaseMessage
                == "MISSING_ID_TOKEN")
        let user = try await harness.user()
        #expect(
            await harness.v2("passkeyEnrollment:finalize", ["idToken": .string(user.idToken)]).firebaseMessage
                == "MISSING_AUTHENTICATOR_RESPONSE")
        #expect(await harness.v2("passkeySignIn:finalize", [:]).firebaseMessage == "MISSING_AUTHENTICATOR_RESPONSE")
    }
}
