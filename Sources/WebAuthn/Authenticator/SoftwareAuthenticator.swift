import AuthJWT
import Crypto

/// A software passkey authenticator and client in one: P-256 (ES256) credentials, `none` or
/// `packed` self-attestation, a signature counter, keys behind a ``PasskeyKeyStore``. It writes the
/// client data a browser would, so its output is what a relying party receives.
///
/// ```swift
/// let authenticator = SoftwareAuthenticator(store: InMemoryPasskeyKeyStore())
/// let created = try await authenticator.register(
///     rpID: "example.com", origin: "https://example.com", challenge: challenge, userHandle: userID)
/// let asserted = try await authenticator.assert(rpID: "example.com", origin: "https://example.com", challenge: next)
/// ```
public struct SoftwareAuthenticator: Sendable {
    /// The attestation an authenticator returns.
    public enum Attestation: Sendable, Hashable {
        /// Format `none`, an empty statement (WebAuthn Level 3 section 8.7).
        case none
        /// Format `packed` self-attestation: `alg` and `sig` by the credential key (section 8.2).
        case packedSelf
    }

    /// The behaviour of the authenticator.
    public struct Options: Sendable, Hashable {
        /// Whether it counts signatures (when not, the counter stays 0).
        public var countsSignatures: Bool
        /// Whether it reports the user as verified (UV).
        public var verifiesUser: Bool
        /// Its 16-byte AAGUID.
        public var aaguid: [UInt8]

        /// Makes options.
        /// - Parameters:
        ///   - countsSignatures: Whether it counts signatures.
        ///   - verifiesUser: Whether it reports UV.
        ///   - aaguid: Its 16-byte AAGUID.
        public init(countsSignatures: Bool, verifiesUser: Bool, aaguid: [UInt8]) {
            self.countsSignatures = countsSignatures
            self.verifiesUser = verifiesUser
            self.aaguid = aaguid
        }

        /// Counts signatures, verifies the user, all-zero AAGUID.
        public static let standard = Options(countsSignatures: true, verifiesUser: true, aaguid: Array(repeating: 0, count: 16))
    }

    private let store: any PasskeyKeyStore
    private let options: Options

    /// Makes an authenticator.
    /// - Parameters:
    ///   - store: Where its credentials live.
    ///   - options: How it behaves.
    public init(store: any PasskeyKeyStore, options: Options) {
        self.store = store
        self.options = options
    }

    /// Creates a discoverable credential, as `navigator.credentials.create()` does.
    /// - Parameters:
    ///   - rpID: The RP ID.
    ///   - origin: The origin the client reports.
    ///   - challenge: The relying party's challenge.
    ///   - userHandle: The relying party's user handle.
    ///   - attestation: The attestation to return.
    /// - Returns: The credential ID, client data and attestation object.
    /// - Throws: ``SoftwareAuthenticatorError``.
    public func register(
        rpID: String, origin: String, challenge: [UInt8], userHandle: [UInt8], attestation: Attestation
    ) async throws(SoftwareAuthenticatorError) -> RegistrationCredential {
        let key = P256.Signing.PrivateKey()
        let credentialID = Array(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        let signCount: UInt32 = options.countsSignatures ? 1 : 0
        let passkey = StoredPasskey(
            credentialID: credentialID, rpID: rpID, userHandle: userHandle, privateKey: Array(key.rawRepresentation), signCount: signCount)
        do { try await store.save(passkey) } catch { throw .storage(String(describing: error)) }

        let clientData = clientDataJSON(type: "webauthn.create", challenge: challenge, origin: origin)
        let credential = AttestedCredentialData(
            aaguid: options.aaguid, credentialID: credentialID,
            publicKey: COSEKey(p256: key.publicKey))
        let authData = AuthenticatorData.encode(
            rpIDHash: Self.rpIDHash(rpID), flags: flags, signCount: signCount, attestedCredentialData: credential)
        let object: [UInt8] =
            switch attestation {
            case .none:
                AttestationObject.encode(format: "none", statement: .map([]), authenticatorData: authData)
            case .packedSelf:
                AttestationObject.encode(
                    format: "packed",
                    statement: .map([
                        CBORMapEntry(.text("alg"), .int(COSEAlgorithm.es256.rawValue)),
                        CBORMapEntry(.text("sig"), .bytes(try Self.sign(authData, clientData, with: key))),
                    ]), authenticatorData: authData)
            }
        return RegistrationCredential(credentialID: credentialID, clientDataJSON: clientData, attestationObject: object)
    }

    /// Signs a challenge with a stored credential, as `navigator.credentials.get()` does: the
    /// newest credential for the RP ID among `allowCredentials` (any, when empty: discoverable).
    /// - Parameters:
    ///   - rpID: The RP ID.
    ///   - origin: The origin the client reports.
    ///   - challenge: The relying party's challenge.
    ///   - allowCredentials: The credential IDs the relying party accepts; empty for any.
    /// - Returns: The assertion.
    /// - Throws: ``SoftwareAuthenticatorError``.
    public func assert(
        rpID: String, origin: String, challenge: [UInt8], allowCredentials: [[UInt8]]
    ) async throws(SoftwareAuthenticatorError) -> AssertionCredential {
        let candidates: [StoredPasskey]
        do { candidates = try await store.passkeys(rpID: rpID) } catch { throw .storage(String(describing: error)) }
        guard let passkey = candidates.last(where: { allowCredentials.isEmpty || allowCredentials.contains($0.credentialID) }) else {
            throw .noCredential(rpID: rpID)
        }
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: passkey.privateKey) else { throw .corruptKey }
        var signCount: UInt32 = 0
        if options.countsSignatures {
            let next: UInt32?
            do { next = try await store.incrementSignCount(credentialID: passkey.credentialID) } catch {
                throw .storage(String(describing: error))
            }
            guard let next else { throw .noCredential(rpID: rpID) }
            signCount = next
        }
        let clientData = clientDataJSON(type: "webauthn.get", challenge: challenge, origin: origin)
        let authData = AuthenticatorData.encode(
            rpIDHash: Self.rpIDHash(rpID), flags: flags, signCount: signCount,
            attestedCredentialData: nil)
        return AssertionCredential(
            credentialID: passkey.credentialID, clientDataJSON: clientData, authenticatorData: authData,
            signature: try Self.sign(authData, clientData, with: key), userHandle: passkey.userHandle)
    }

    private var flags: AuthenticatorFlags {
        options.verifiesUser ? [.userPresent, .userVerified] : [.userPresent]
    }

    private func clientDataJSON(type: String, challenge: [UInt8], origin: String) -> [UInt8] {
        CollectedClientData(type: type, challenge: Base64URL.encode(challenge), origin: origin, crossOrigin: false).json
    }

    private static func rpIDHash(_ rpID: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(rpID.utf8)))
    }

    /// ES256 over `authenticatorData || SHA-256(clientDataJSON)`, DER-encoded.
    private static func sign(
        _ authData: [UInt8], _ clientData: [UInt8],
        with key: P256.Signing.PrivateKey
    ) throws(SoftwareAuthenticatorError) -> [UInt8] {
        let signed = authData + Array(SHA256.hash(data: clientData))
        guard let signature = try? key.signature(for: signed) else { throw .corruptKey }
        return Array(signature.derRepresentation)
    }
}
