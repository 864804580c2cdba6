import AuthDomain
import AuthSimulation
import AuthWebAuthn
import Foundation

/// `login passkey`: the backend's passkey routes and the software authenticator, whose keys live
/// in the state directory's `passkeys.json` (mode 0600).
extension LoginEnvironment {
    /// The key file's name in the state directory.
    static let passkeyFileName = "passkeys.json"

    /// The backend's passkey routes, or a usage failure where there are none.
    /// - Returns: The port.
    /// - Throws: ``CommandFailure`` (exit 2).
    func requirePasskeys() throws(CommandFailure) -> any PasskeyBackend {
        guard let passkeyBackend else { throw .usage("This backend has no passkey routes here") }
        return passkeyBackend
    }

    /// The software authenticator over the state directory's key file.
    /// - Parameter origin: The origin its client data reports (`nil`: `https://` and the RP ID).
    /// - Returns: The authenticator.
    func softwareAuthenticator(origin: String?) -> SoftwarePasskeyAuthenticator {
        let store = FilePasskeyKeyStore(fileURL: options.stateDirectory.appendingPathComponent(Self.passkeyFileName))
        return SoftwarePasskeyAuthenticator(store: store, origin: origin, attestation: .none, options: .standard)
    }

    /// The passkey use case with the software authenticator.
    /// - Parameter origin: The origin its client data reports.
    /// - Returns: The use case.
    /// - Throws: ``CommandFailure`` (exit 2) where the backend has no passkeys.
    func passkeys(origin: String?) throws(CommandFailure) -> PasskeyUseCase {
        PasskeyUseCase(backend: try requirePasskeys(), authenticator: softwareAuthenticator(origin: origin))
    }
}
