import AuthWebAuthn
import Crypto
import Foundation
import Testing

/// The software authenticator and its key store: what it writes is what WebAuthn Level 3 section
/// 6.1 lays out, its counter grows per assertion, and its keys never print.
@Suite("Software authenticator")
struct SoftwareAuthenticatorTests {
    @Test("registration writes UP, UV, AT, counter 1 and the credential's COSE key; each assertion counts one more")
    func counts() async throws {
        let store = InMemoryPasskeyKeyStore()
        let sut = SoftwareAuthenticator(store: store, options: .standard)
        let created = try await sut.register(
            rpID: "example.com", origin: "https://example.com", challenge: [1], userHandle: [9], attestation: .none)
        let data = try AttestationObject(bytes: created.attestationObject).authenticatorData
        #expect(data.flags == [.userPresent, .userVerified, .attestedCredentialData])
        #expect(data.signCount == 1)
        #expect(data.rpIDHash == Array(SHA256.hash(data: Array("example.com".utf8))))
        for expected in UInt32(2)...4 {
            let assertion = try await sut.assert(rpID: "example.com", origin: "https://example.com", challenge: [2], allowCredentials: [])
            #expect(try AuthenticatorData(bytes: assertion.authenticatorData).signCount == expected)
        }
        #expect(await store.passkeys(rpID: "example.com").map(\.signCount) == [4])
        #expect(await store.passkeys(rpID: "other.example").isEmpty)
    }

    @Test("allowCredentials picks the listed credential; an unlisted or deleted one is not used")
    func allowList() async throws {
        let store = InMemoryPasskeyKeyStore()
        let sut = SoftwareAuthenticator(store: store, options: .standard)
        let first = try await sut.register(
            rpID: "example.com", origin: "https://example.com", challenge: [1], userHandle: [1],
            attestation: .none)
        let second = try await sut.register(
            rpID: "example.com", origin: "https://example.com", challenge: [1], userHandle: [2],
            attestation: .none)
        let picked = try await sut.assert(
            rpID: "example.com", origin: "https://example.com", challenge: [3],
            allowCredentials: [first.credentialID])
        #expect(picked.credentialID == first.credentialID && picked.userHandle == [1])
        let newest = try await sut.assert(rpID: "example.com", origin: "https://example.com", challenge: [3], allowCredentials: [])
        #expect(newest.credentialID == second.credentialID)
        await store.delete(credentialID: first.credentialID)
        await #expect(throws: SoftwareAuthenticatorError.noCredential(rpID: "example.com")) {
            try await sut.assert(
                rpID: "example.com", origin: "https://example.com", challenge: [3],
                allowCredentials: [first.credentialID])
        }
    }

    @Test("a stored passkey prints without its private key")
    func redacted() {
        let key = P256.Signing.PrivateKey()
        let passkey = StoredPasskey(
            credentialID: [1, 2], rpID: "example.com", userHandle: [3],
            privateKey: Array(key.rawRepresentation), signCount: 5)
        let hex = key.rawRepresentation.map { String(format: "%02x", $0) }.joined()
        #expect(passkey.description.contains("<REDACTED>"))
        #expect(!passkey.description.contains(hex) && !passkey.description.contains("\(Array(key.rawRepresentation))"))
    }
}
