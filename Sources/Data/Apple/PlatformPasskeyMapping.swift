import AuthDomain
import Foundation

/// Every decision of the system passkey adapter (`SystemPasskeyAuthenticator`, Apple platforms
/// only), in plain types so that it is compiled and tested on Linux too: which RP ID the
/// provider is made for, what the registration request carries, how the system's
/// `ASAuthorizationPlatformPublicKeyCredentialRegistration` and `...Assertion` become the port's
/// types, and how `ASAuthorizationError` codes read.
public enum PlatformPasskeyMapping {
    /// What to put in `createCredentialRegistrationRequest(challenge:name:userID:)`.
    public struct RegistrationRequest: Hashable, Sendable {
        /// The provider's `relyingPartyIdentifier`.
        public var relyingPartyID: String
        /// The challenge.
        public var challenge: Data
        /// The name the system shows and stores with the passkey.
        public var name: String
        /// The user handle.
        public var userID: Data
    }

    /// The RP ID the service asked for, when it is the one the app is configured with (the
    /// domain in its `webcredentials:` Associated Domains entitlement); the system would refuse
    /// any other, so it is refused here first with a message that says which.
    /// - Parameters:
    ///   - requested: The service's RP ID.
    ///   - configured: The app's RP ID.
    /// - Returns: The RP ID.
    /// - Throws: ``AuthError/authorizationFailed(_:)`` when they differ (compared without case, as
    ///   domains are).
    public static func relyingPartyID(requested: String, configured: String) throws(AuthError) -> String {
        guard !configured.isEmpty, requested.lowercased() == configured.lowercased() else {
            throw .authorizationFailed(
                "the service's passkey RP ID \"\(requested)\" is not this app's \"\(configured)\" (its webcredentials: associated domain)")
        }
        return configured
    }

    /// The registration request for creation options.
    /// - Parameters:
    ///   - options: The service's options.
    ///   - configuredRPID: The app's RP ID.
    /// - Returns: The request's values (the user's name, else the RP's name, for `name`).
    /// - Throws: ``AuthError/authorizationFailed(_:)`` for another RP ID.
    public static func registration(_ options: PasskeyCreationOptions, configuredRPID: String) throws(AuthError) -> RegistrationRequest {
        let rpID = try relyingPartyID(requested: options.relyingPartyID, configured: configuredRPID)
        let name = options.userName.isEmpty ? options.relyingPartyName : options.userName
        return RegistrationRequest(relyingPartyID: rpID, challenge: options.challenge, name: name, userID: options.userHandle)
    }

    /// The port's attestation for the system's registration.
    /// - Parameters:
    ///   - credentialID: `credentialID`.
    ///   - rawClientDataJSON: `rawClientDataJSON`.
    ///   - rawAttestationObject: `rawAttestationObject` (`nil` when the system gave none).
    /// - Returns: The attestation.
    /// - Throws: ``AuthError/authorizationFailed(_:)`` when a part is missing.
    public static func attestation(
        credentialID: Data, rawClientDataJSON: Data, rawAttestationObject: Data?
    ) throws(AuthError) -> PasskeyAttestation {
        guard !credentialID.isEmpty, !rawClientDataJSON.isEmpty, let object = rawAttestationObject, !object.isEmpty else {
            throw .authorizationFailed("the system returned a passkey registration without its attestation")
        }
        return PasskeyAttestation(credentialID: credentialID, clientDataJSON: rawClientDataJSON, attestationObject: object)
    }

    /// The port's assertion for the system's assertion.
    /// - Parameters:
    ///   - credentialID: `credentialID`.
    ///   - rawClientDataJSON: `rawClientDataJSON`.
    ///   - rawAuthenticatorData: `rawAuthenticatorData`.
    ///   - signature: `signature`.
    ///   - userID: `userID` (the user handle; empty reads as none).
    /// - Returns: The assertion.
    /// - Throws: ``AuthError/authorizationFailed(_:)`` when a signed part is missing.
    public static func assertion(
        credentialID: Data, rawClientDataJSON: Data, rawAuthenticatorData: Data, signature: Data, userID: Data
    ) throws(AuthError) -> PasskeyAssertion {
        guard !credentialID.isEmpty, !rawClientDataJSON.isEmpty, rawAuthenticatorData.count >= 37, !signature.isEmpty else {
            throw .authorizationFailed("the system returned a passkey assertion without its signed parts")
        }
        return PasskeyAssertion(
            credentialID: credentialID, clientDataJSON: rawClientDataJSON, authenticatorData: rawAuthenticatorData, signature: signature,
            userHandle: userID.isEmpty ? nil : userID)
    }

    /// The error for a failed passkey sheet: as ``AppleSystemSheetMapping/error(domain:code:description:)``,
    /// except that a passkey the service already has on this device
    /// (`matchedExcludedCredential`) and a request no passkey answers without the sheet
    /// (`notInteractive`) say so.
    /// - Parameters:
    ///   - domain: The `NSError` domain.
    ///   - code: The `NSError` code.
    ///   - description: The system's description.
    /// - Returns: The domain error (`cancelled` for a dismissed sheet).
    public static func error(domain: String, code: Int, description: String) -> AuthError {
        guard domain == "com.apple.AuthenticationServices.AuthorizationError",
            let known = AppleSystemSheetMapping.ErrorCode(rawValue: code)
        else { return AppleSystemSheetMapping.error(domain: domain, code: code, description: description) }
        switch known {
        case .matchedExcludedCredential: return .authorizationFailed("this device already holds a passkey for this account")
        case .notInteractive: return .authorizationFailed("no passkey answers without showing the sheet")
        default: return AppleSystemSheetMapping.error(domain: domain, code: code, description: description)
        }
    }
}
