import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Crypto
import Testing

/// Registration (WebAuthn Level 3 section 7.1) as GoTrue's `/passkeys/registration/verify` applies
/// it through go-webauthn's `CreateCredential` (internal/api/passkey_registration.go): every
/// field tampered with is refused with a typed error.
@Suite("WebAuthn registration ceremony")
struct RegistrationCeremonyTests {
    @Test(
        "a software authenticator's none and packed self-attested registrations verify",
        arguments: [
            SoftwareAuthenticator.Attestation.none, .packedSelf,
        ])
    func verifies(attestation: SoftwareAuthenticator.Attestation) async throws {
        let sut = CeremonyFixture()
        let (credential, challenge) = try await sut.register(attestation)
        let registered = try sut.relyingParty.verifyRegistration(credential, challenge: challenge)
        #expect(registered.credentialID == credential.credentialID)
        #expect(registered.attestationFormat == (attestation == .none ? "none" : "packed"))
        #expect(registered.signCount == 1)
        #expect(registered.flags.contains([.userPresent, .userVerified]))
        #expect(try COSEKey(cbor: CBORDecoder(rules: .webAuthn).decode(registered.publicKey)).algorithm == .es256)
    }

    @Test("section 7.1 steps 7-10: type, challenge and origin of clientDataJSON")
    func clientData() async throws {
        let sut = CeremonyFixture()
        let (credential, challenge) = try await sut.register()
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(credential, challenge: CeremonyFixture.challenge()) }
                == .challengeMismatch)
        let (evil, evilChallenge) = try await sut.register(origin: "https://evil.example")
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(evil, challenge: evilChallenge) }
                == .originNotAllowed("https://evil.example"))
        // An assertion's client data (type webauthn.get) cannot register.
        var swapped = credential
        swapped.clientDataJSON =
            CollectedClientData(
                type: "webauthn.get", challenge: Base64URL.encode(challenge), origin: CeremonyFixture.origin, crossOrigin: false
            ).json
        #expect(
            verificationError {
                try sut.relyingParty.verifyRegistration(
                    swapped,
                    challenge: challenge)
            } == .wrongType(expected: "webauthn.create"))
        var garbage = credential
        garbage.clientDataJSON = Array(#"{"type":"webauthn.create","type":"webauthn.create"}"#.utf8)
        guard
            case .malformed(.invalidClientData) = verificationError({
                try sut.relyingParty.verifyRegistration(
                    garbage,
                    challenge: challenge)
            })
        else {
            Issue.record("duplicate JSON member accepted")
            return
        }
    }

    @Test("section 7.1 step 13: the RP ID hash must be SHA-256 of the RP ID")
    func rpIDHash() async throws {
        let sut = CeremonyFixture()
        let (credential, challenge) = try await sut.register(rpID: "evil.example")
        #expect(verificationError { try sut.relyingParty.verifyRegistration(credential, challenge: challenge) } == .rpIDHashMismatch)
    }

    @Test("section 7.1 steps 14-16: UP required, UV only where required, BS needs BE")
    func flags() async throws {
        let lax = CeremonyFixture(options: .init(countsSignatures: true, verifiesUser: false, aaguid: Array(repeating: 0, count: 16)))
        let (unverified, challenge) = try await lax.register()
        #expect(verificationError { try lax.relyingParty.verifyRegistration(unverified, challenge: challenge) } == nil)
        let strict = WebAuthnRelyingParty(rpID: CeremonyFixture.rpID, origins: [CeremonyFixture.origin], requireUserVerification: true)
        #expect(verificationError { try strict.verifyRegistration(unverified, challenge: challenge) } == .userNotVerified)

        let sut = CeremonyFixture()
        let (credential, fresh) = try await sut.register()
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(try flipped(credential, clearing: 0x01), challenge: fresh) }
                == .userNotPresent)
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(try flipped(credential, setting: 0x10), challenge: fresh) }
                == .backupStateWithoutEligibility)
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(try flipped(credential, clearing: 0x40), challenge: fresh) }
                == .malformed(.trailingAuthenticatorData))
    }

    @Test("section 8.2: a packed self-attestation must verify, with the credential's alg and no chain")
    func packed() async throws {
        let sut = CeremonyFixture()
        let (credential, challenge) = try await sut.register(.packedSelf)
        let statement = try CBORDecoder(rules: .webAuthn).decode(credential.attestationObject)[.text("attStmt")]!
        var signature = statement[.text("sig")]!.bytesValue!
        signature[signature.count - 1] ^= 1
        let badSig = try CeremonyFixture.reattested(
            credential,
            statement: .map([
                CBORMapEntry(.text("alg"), .int(-7)), CBORMapEntry(.text("sig"), .bytes(signature)),
            ]))
        #expect(verificationError { try sut.relyingParty.verifyRegistration(badSig, challenge: challenge) } == .badSignature)
        let wrongAlg = try CeremonyFixture.reattested(
            credential,
            statement: .map([
                CBORMapEntry(.text("alg"), .int(-257)), statement.mapValue![1],
            ]))
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(wrongAlg, challenge: challenge) }
                == .invalidAttestationStatement("alg is not the credential's algorithm"))
        let chain = try CeremonyFixture.reattested(
            credential,
            statement: .map(
                statement.mapValue! + [
                    CBORMapEntry(.text("x5c"), .array([.bytes([0x30])]))
                ]))
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(chain, challenge: challenge) }
                == .unsupportedAttestationFormat("packed with a certificate chain"))
        // A packed statement over other client data: the signature covers SHA-256(clientDataJSON).
        var otherClientData = credential
        otherClientData.clientDataJSON =
            CollectedClientData(
                type: "webauthn.create", challenge: Base64URL.encode(challenge), origin: CeremonyFixture.origin, crossOrigin: true
            ).json
        #expect(verificationError { try sut.relyingParty.verifyRegistration(otherClientData, challenge: challenge) } == .badSignature)
    }

    @Test("section 8.7 and step 19: none has an empty statement; other formats are refused")
    func formats() async throws {
        let sut = CeremonyFixture()
        let (credential, challenge) = try await sut.register(.none)
        let filled = try CeremonyFixture.reattested(credential, statement: .map([CBORMapEntry(.text("alg"), .int(-7))]))
        #expect(
            verificationError { try sut.relyingParty.verifyRegistration(filled, challenge: challenge) }
                == .invalidAttestationStatement("none with a statement"))
        let tpm = try CeremonyFixture.reattested(credential, format: "tpm")
        #expect(
            verificationError {
                try sut.relyingParty.verifyRegistration(
                    tpm,
                    challenge: challenge)
            } == .unsupportedAttestationFormat("tpm"))
        var otherID = credential
        otherID.credentialID = [1, 2, 3]
        #expect(verificationError { try sut.relyingParty.verifyRegistration(otherID, challenge: challenge) } == .credentialMismatch)
    }

    /// The registration with bits of its authenticator data's flags changed (the signature of a
    /// `none` attestation covers nothing, so only the flag rules can refuse it).
    private func flipped(_ credential: RegistrationCredential, setting: UInt8 = 0, clearing: UInt8 = 0) throws -> RegistrationCredential {
        let object = try CBORDecoder(rules: .webAuthn).decode(credential.attestationObject)
        var authData = object[.text("authData")]!.bytesValue!
        authData[32] = (authData[32] | setting) & ~clearing
        var tampered = credential
        tampered.attestationObject = AttestationObject.encode(format: "none", statement: .map([]), authenticatorData: authData)
        return tampered
    }
}
