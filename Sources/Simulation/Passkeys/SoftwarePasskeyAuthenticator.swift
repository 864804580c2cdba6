import AuthDomain
import AuthWebAuthn
import Foundation

/// The ``PasskeyAuthenticating`` port over the ``SoftwareAuthenticator``: P-256 keys in a
/// ``PasskeyKeyStore`` (``InMemoryPasskeyKeyStore`` for tests, ``FilePasskeyKeyStore`` for
/// `login`), client data written for one origin as a browser or the system would.
///
/// ```swift
/// let authenticator = SoftwarePasskeyAuthenticator(
///     store: InMemoryPasskeyKeyStore(), origin: "http://localhost:3000", attestation: .none, options: .standard)
/// let passkeys = PasskeyUseCase(backend: backend, authenticator: authenticator)
/// ```
public struct SoftwarePasskeyAuthenticator: PasskeyAuthenticating {
    private let store: any PasskeyKeyStore
    private let authenticator: SoftwareAuthenticator
    private let origin: String?
    private let attestation: SoftwareAuthenticator.Attestation

    /// Makes the adapter.
    /// - Parameters:
    ///   - store: Where the keys live.
    ///   - origin: The origin its client data reports; `nil` for `https://` and the RP ID, as an
    ///     iOS app's passkeys report.
    ///   - attestation: `none`, or `packed` self-attestation.
    ///   - options: Whether it counts signatures and verifies the user, and its AAGUID.
    public init(
        store: any PasskeyKeyStore, origin: String?, attestation: SoftwareAuthenticator.Attestation, options: SoftwareAuthenticator.Options
    ) {
        self.store = store
        self.authenticator = SoftwareAuthenticator(store: store, options: options)
        self.origin = origin
        self.attestation = attestation
    }

    /// Creates a discoverable P-256 passkey, unless one of `excludedCredentialIDs` is already here.
    /// - Parameter options: The relying party's creation options.
    /// - Returns: The attestation.
    /// - Throws: ``AuthError``: `authorizationFailed` when an excluded credential is held here
    ///   (WebAuthn's `InvalidStateError`), `storage` when the keys cannot be written.
    public func createPasskey(_ options: PasskeyCreationOptions) async throws(AuthError) -> PasskeyAttestation {
        let held: [StoredPasskey]
        do { held = try await store.passkeys(rpID: options.relyingPartyID) } catch { throw .storage("passkey storage failed: \(error)") }
        let excluded = Set(options.excludedCredentialIDs.map { Array($0) })
        guard !held.contains(where: { excluded.contains($0.credentialID) }) else {
            throw .authorizationFailed("this authenticator already holds a passkey for this account")
        }
        do {
            let created = try await authenticator.register(
                rpID: options.relyingPartyID, origin: origin(for: options.relyingPartyID), challenge: Array(options.challenge),
                userHandle: Array(options.userHandle), attestation: attestation)
            return PasskeyAttestation(
                credentialID: Data(created.credentialID), clientDataJSON: Data(created.clientDataJSON),
                attestationObject: Data(created.attestationObject))
        } catch {
            throw Self.mapped(error)
        }
    }

    /// Signs with the newest passkey held for the RP ID (discoverable: any of its users).
    /// - Parameter options: The relying party's request options.
    /// - Returns: The assertion.
    /// - Throws: ``AuthError``: `cancelled` when no passkey is held for the RP ID (as the system
    ///   sheet dismissed), `storage` when the keys cannot be read or written.
    public func assertPasskey(_ options: PasskeyRequestOptions) async throws(AuthError) -> PasskeyAssertion {
        do {
            let asserted = try await authenticator.assert(
                rpID: options.relyingPartyID, origin: origin(for: options.relyingPartyID), challenge: Array(options.challenge),
                allowCredentials: [])
            return PasskeyAssertion(
                credentialID: Data(asserted.credentialID), clientDataJSON: Data(asserted.clientDataJSON),
                authenticatorData: Data(asserted.authenticatorData), signature: Data(asserted.signature),
                userHandle: asserted.userHandle.isEmpty ? nil : Data(asserted.userHandle))
        } catch {
            throw Self.mapped(error)
        }
    }

    private func origin(for rpID: String) -> String {
        origin ?? "https://\(rpID)"
    }

    private static func mapped(_ error: SoftwareAuthenticatorError) -> AuthError {
        switch error {
        case .noCredential: .cancelled
        case .corruptKey, .storage: .storage(error.description)
        }
    }
}
