import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Foundation
import Testing

/// Independent checks with py_webauthn (PyPI `webauthn`): ceremonies built on the Python side
/// (ES256 and RS256, `none` and `packed`) verify with this relying party; `Scripts/interop.sh`
/// also has this test write the software authenticator's ceremonies for py_webauthn to verify.
/// With `WEBAUTHN_INTEROP_DIR` set, it reads `python.json` there and writes `swift.json`.
@Suite("WebAuthn interop with py_webauthn")
struct WebAuthnInteropTests {
    static let directory = ProcessInfo.processInfo.environment["WEBAUTHN_INTEROP_DIR"].map { URL(fileURLWithPath: $0) }
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/WebAuthn/python-ceremonies.json")

    @Test("ceremonies built by Python verify here, counters growing; a flipped signature byte is refused")
    func pythonCeremoniesVerify() throws {
        let source = Self.directory?.appendingPathComponent("python.json") ?? Self.fixture
        let document = try JSONDecoder().decode(InteropDocument.self, from: Data(contentsOf: source))
        let relyingParty = WebAuthnRelyingParty(rpID: document.rpId, origins: Set(document.origins), requireUserVerification: false)
        #expect(Set(document.ceremonies.map(\.name)).count == 4)
        for ceremony in document.ceremonies {
            let response = ceremony.registration.credential.response
            let registration = RegistrationCredential(
                credentialID: try [UInt8](base64URL: ceremony.registration.credential.rawId),
                clientDataJSON: try [UInt8](base64URL: response.clientDataJSON),
                attestationObject: try [UInt8](base64URL: response.attestationObject))
            var stored = try relyingParty.verifyRegistration(
                registration,
                challenge: try [UInt8](base64URL: ceremony.registration.challenge))
            let algorithm = try COSEKey(cbor: CBORDecoder(rules: .webAuthn).decode(stored.publicKey)).algorithm
            #expect(algorithm == (ceremony.name.contains("rs256") ? .rs256 : .es256), "\(ceremony.name)")
            for step in ceremony.assertions {
                var assertion = try Self.assertion(step.credential)
                let challenge = try [UInt8](base64URL: step.challenge)
                stored.signCount = try relyingParty.verifyAssertion(assertion, challenge: challenge, credential: stored).signCount
                assertion.signature[assertion.signature.count - 1] ^= 1
                #expect(verificationError { try relyingParty.verifyAssertion(assertion, challenge: challenge, credential: stored) } != nil)
            }
            #expect(stored.signCount == 3, "\(ceremony.name)")
        }
    }

    @Test("the software authenticator's ceremonies are written for py_webauthn (only under Scripts/interop.sh)")
    func writeSwiftCeremonies() async throws {
        guard let directory = Self.directory else { return }
        var ceremonies: [InteropDocument.Ceremony] = []
        for attestation in [SoftwareAuthenticator.Attestation.none, .packedSelf] {
            let sut = CeremonyFixture()
            let (registration, challenge) = try await sut.register(attestation)
            var steps: [InteropDocument.Step] = []
            for _ in 0..<2 {
                let (assertion, assertionChallenge) = try await sut.assert()
                steps.append(Self.step(assertion, challenge: assertionChallenge))
            }
            let credential = InteropDocument.Credential(
                id: Base64URL.encode(registration.credentialID), rawId: Base64URL.encode(registration.credentialID),
                response: .init(
                    clientDataJSON: Base64URL.encode(registration.clientDataJSON),
                    attestationObject: Base64URL.encode(registration.attestationObject)))
            ceremonies.append(
                .init(
                    name: "swift-es256-\(attestation == .none ? "none" : "packed")",
                    registration: .init(challenge: Base64URL.encode(challenge), credential: credential), assertions: steps))
        }
        let document = InteropDocument(rpId: CeremonyFixture.rpID, origins: [CeremonyFixture.origin], ceremonies: ceremonies)
        try JSONEncoder().encode(document).write(to: directory.appendingPathComponent("swift.json"))
    }

    private static func assertion(_ credential: InteropDocument.Credential) throws -> AssertionCredential {
        AssertionCredential(
            credentialID: try [UInt8](base64URL: credential.rawId),
            clientDataJSON: try [UInt8](base64URL: credential.response.clientDataJSON),
            authenticatorData: try [UInt8](base64URL: credential.response.authenticatorData),
            signature: try [UInt8](base64URL: credential.response.signature),
            userHandle: try [UInt8](base64URL: credential.response.userHandle))
    }

    private static func step(_ assertion: AssertionCredential, challenge: [UInt8]) -> InteropDocument.Step {
        let id = Base64URL.encode(assertion.credentialID)
        return InteropDocument.Step(
            challenge: Base64URL.encode(challenge),
            credential: .init(
                id: id, rawId: id,
                response: .init(
                    clientDataJSON: Base64URL.encode(assertion.clientDataJSON),
                    authenticatorData: Base64URL.encode(assertion.authenticatorData),
                    signature: Base64URL.encode(assertion.signature), userHandle: Base64URL.encode(assertion.userHandle))))
    }
}
