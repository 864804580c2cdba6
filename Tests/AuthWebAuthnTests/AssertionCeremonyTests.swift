import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Testing

/// Assertion (WebAuthn Level 3 section 7.2) as GoTrue's `/passkeys/authentication/verify` applies
/// it through go-webauthn's `ValidatePasskeyLogin` (internal/api/passkey_authentication.go), plus
/// the counter rule of step 22 enforced: every field tampered with is refused with a typed error.
@Suite("WebAuthn assertion ceremony")
struct AssertionCeremonyTests {
    @Test("a discoverable assertion verifies and returns the grown counter and the user handle")
    func verifies() async throws {
        let sut = CeremonyFixture()
        let registered = try await sut.registered(.packedSelf)
        let (assertion, challenge) = try await sut.assert()
        let verified = try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: registered)
        #expect(verified.signCount == 2)
        #expect(verified.userHandle == Array("user-1".utf8))
    }

    @Test("steps 11-14: challenge, origin and type of clientDataJSON")
    func clientData() async throws {
        let sut = CeremonyFixture()
        let registered = try await sut.registered()
        let (assertion, challenge) = try await sut.assert()
        #expect(
            verificationError {
                try sut.relyingParty.verifyAssertion(
                    assertion, challenge: CeremonyFixture.challenge(),
                    credential: registered)
            }
                == .challengeMismatch)
        let (evil, evilChallenge) = try await sut.assert(origin: "https://example.com.evil.example")
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(evil, challenge: evilChallenge, credential: registered) }
                == .originNotAllowed("https://example.com.evil.example"))
        var create = assertion
        create.clientDataJSON =
            CollectedClientData(
                type: "webauthn.create", challenge: Base64URL.encode(challenge), origin: CeremonyFixture.origin, crossOrigin: false
            ).json
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(create, challenge: challenge, credential: registered) }
                == .wrongType(expected: "webauthn.get"))
    }

    @Test("step 15: an assertion scoped to another RP ID is refused")
    func rpIDHash() async throws {
        let sut = CeremonyFixture()
        let registered = try await sut.registered()
        // The same key, registered under another RP ID and asserted there, shown to this relying party.
        _ = try await sut.authenticator.register(
            rpID: "evil.example", origin: CeremonyFixture.origin, challenge: [1], userHandle: [1], attestation: .none)
        let (evil, challenge) = try await sut.assert(rpID: "evil.example")
        var relabelled = evil
        relabelled.credentialID = registered.credentialID
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(relabelled, challenge: challenge, credential: registered) }
                == .rpIDHashMismatch)
    }

    @Test("steps 16-17: UP required, UV where required; flags are covered by the signature")
    func flags() async throws {
        let sut = CeremonyFixture(options: .init(countsSignatures: true, verifiesUser: false, aaguid: Array(repeating: 0, count: 16)))
        let registered = try await sut.registered()
        let (assertion, challenge) = try await sut.assert()
        let strict = WebAuthnRelyingParty(rpID: CeremonyFixture.rpID, origins: [CeremonyFixture.origin], requireUserVerification: true)
        #expect(
            verificationError {
                try strict.verifyAssertion(
                    assertion, challenge: challenge,
                    credential: registered)
            } == .userNotVerified)
        var absent = assertion
        absent.authenticatorData[32] &= ~0x01
        #expect(
            verificationError {
                try sut.relyingParty.verifyAssertion(
                    absent, challenge: challenge,
                    credential: registered)
            } == .userNotPresent)
        var claimsVerified = assertion
        claimsVerified.authenticatorData[32] |= 0x04
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(claimsVerified, challenge: challenge, credential: registered) }
                == .badSignature)
        #expect(verificationError { try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: registered) } == nil)
    }

    @Test("go-webauthn's ValidatePasskeyLogin: the backup-eligible flag must be the registered one")
    func backupEligibility() async throws {
        let sut = CeremonyFixture()
        var registered = try await sut.registered()
        registered.flags.insert(.backupEligible)
        let (assertion, challenge) = try await sut.assert()
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: registered) }
                == .backupEligibilityChanged)
    }

    @Test("step 20: the signature over authenticatorData || SHA-256(clientDataJSON) must verify")
    func signature() async throws {
        let sut = CeremonyFixture()
        let registered = try await sut.registered()
        let (assertion, challenge) = try await sut.assert()
        var bad = assertion
        bad.signature[bad.signature.count - 1] ^= 1
        #expect(
            verificationError {
                try sut.relyingParty.verifyAssertion(
                    bad, challenge: challenge,
                    credential: registered)
            } == .badSignature)
        var raised = assertion
        raised.authenticatorData[36] &+= 100 // a forged higher counter
        #expect(
            verificationError {
                try sut.relyingParty.verifyAssertion(
                    raised, challenge: challenge,
                    credential: registered)
            } == .badSignature)
        var empty = assertion
        empty.signature = []
        #expect(
            verificationError {
                try sut.relyingParty.verifyAssertion(
                    empty, challenge: challenge,
                    credential: registered)
            } == .badSignature)
    }

    @Test("step 22: a counter that does not grow is refused; a replayed assertion with it")
    func signCountAndReplay() async throws {
        let sut = CeremonyFixture()
        var registered = try await sut.registered()
        let (assertion, challenge) = try await sut.assert()
        let first = try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: registered)
        registered.signCount = first.signCount
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: registered) }
                == .signCountNotIncreased(stored: 2, received: 2))
        registered.signCount = 40 // a clone that fell behind
        let (next, nextChallenge) = try await sut.assert()
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(next, challenge: nextChallenge, credential: registered) }
                == .signCountNotIncreased(stored: 40, received: 3))
        // Replayed under a fresh challenge, the old client data fails first.
        #expect(
            verificationError {
                try sut.relyingParty.verifyAssertion(
                    assertion, challenge: CeremonyFixture.challenge(),
                    credential: registered)
            }
                == .challengeMismatch)
    }

    @Test("step 22: an authenticator that does not count (always 0) is accepted each time")
    func nonCounting() async throws {
        let sut = CeremonyFixture(options: .init(countsSignatures: false, verifiesUser: true, aaguid: Array(repeating: 0, count: 16)))
        let registered = try await sut.registered()
        #expect(registered.signCount == 0)
        for _ in 0..<2 {
            let (assertion, challenge) = try await sut.assert()
            #expect(try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: registered).signCount == 0)
        }
    }

    @Test("steps 5-6 and 20: another credential's record refuses the assertion")
    func anotherCredential() async throws {
        let sut = CeremonyFixture()
        let first = try await sut.registered()
        let second = try await sut.registered()
        let (assertion, challenge) = try await sut.assert(allow: [first.credentialID])
        #expect(assertion.credentialID == first.credentialID)
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(assertion, challenge: challenge, credential: second) }
                == .credentialMismatch)
        var relabelled = assertion
        relabelled.credentialID = second.credentialID
        #expect(
            verificationError { try sut.relyingParty.verifyAssertion(relabelled, challenge: challenge, credential: second) }
                == .badSignature)
    }

    @Test("a software authenticator with no credential for the RP ID says so")
    func noCredential() async {
        let sut = CeremonyFixture()
        await #expect(throws: SoftwareAuthenticatorError.noCredential(rpID: CeremonyFixture.rpID)) { try await sut.assert() }
    }
}
