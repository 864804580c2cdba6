import AuthSimulation
import AuthWebAuthn
import Crypto

/// One relying party (`example.com`, origin `https://example.com`, user verification preferred as
/// GoTrue configures it) and one software authenticator with an in-memory key store.
struct CeremonyFixture {
    static let rpID = "example.com"
    static let origin = "https://example.com"

    let store = InMemoryPasskeyKeyStore()
    let authenticator: SoftwareAuthenticator
    let relyingParty: WebAuthnRelyingParty

    init(options: SoftwareAuthenticator.Options = .standard, requireUserVerification: Bool = false) {
        authenticator = SoftwareAuthenticator(store: store, options: options)
        relyingParty = WebAuthnRelyingParty(rpID: Self.rpID, origins: [Self.origin], requireUserVerification: requireUserVerification)
    }

    static func challenge() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }

    func register(
        _ attestation: SoftwareAuthenticator.Attestation = .none, rpID: String = rpID, origin: String = origin
    ) async throws -> (RegistrationCredential, [UInt8]) {
        let challenge = Self.challenge()
        let credential = try await authenticator.register(
            rpID: rpID, origin: origin, challenge: challenge, userHandle: Array("user-1".utf8), attestation: attestation)
        return (credential, challenge)
    }

    func registered(_ attestation: SoftwareAuthenticator.Attestation = .none) async throws -> RegisteredCredential {
        let (credential, challenge) = try await register(attestation)
        return try relyingParty.verifyRegistration(credential, challenge: challenge)
    }

    func assert(rpID: String = rpID, origin: String = origin, allow: [[UInt8]] = []) async throws -> (AssertionCredential, [UInt8]) {
        let challenge = Self.challenge()
        return (try await authenticator.assert(rpID: rpID, origin: origin, challenge: challenge, allowCredentials: allow), challenge)
    }

    /// The attestation object with its statement or format replaced, re-encoded canonically.
    static func reattested(_ credential: RegistrationCredential, format: String? = nil, statement: CBORValue? = nil) throws
        -> RegistrationCredential
    {
        let object = try CBORDecoder(rules: .webAuthn).decode(credential.attestationObject)
        var tampered = credential
        tampered.attestationObject = AttestationObject.encode(
            format: format ?? object[.text("fmt")]!.textValue!, statement: statement ?? object[.text("attStmt")]!,
            authenticatorData: object[.text("authData")]!.bytesValue!)
        return tampered
    }
}

/// The error a throwing call ends with, or `nil` when it returns.
func verificationError(_ body: () throws -> some Any) -> WebAuthnVerificationError? {
    do {
        _ = try body()
        return nil
    } catch let error as WebAuthnVerificationError { return error } catch { return nil }
}
