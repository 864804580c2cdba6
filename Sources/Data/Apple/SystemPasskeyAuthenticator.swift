#if canImport(AuthenticationServices)
    import AuthDomain
    import AuthenticationServices
    import Foundation

    /// ``PasskeyAuthenticating`` through the system's passkey sheet
    /// (`ASAuthorizationPlatformPublicKeyCredentialProvider`, iCloud Keychain and other credential
    /// providers), for the RP ID the app is configured with: the domain its Associated Domains
    /// entitlement lists as `webcredentials:<rp-id>`.
    ///
    /// Thin on purpose, as ``SystemAppleIDAuthorizer`` is: every decision is in
    /// ``PlatformPasskeyMapping`` and the one-answer rule in `OneShotReply`, both tested on Linux.
    /// Not built on Linux.
    ///
    /// ```swift
    /// let authenticator = SystemPasskeyAuthenticator(relyingPartyID: "example.com") { window }
    /// let passkeys = PasskeyUseCase(backend: backend, authenticator: authenticator)
    /// ```
    public struct SystemPasskeyAuthenticator: PasskeyAuthenticating {
        private let relyingPartyID: String
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// Creates the adapter.
        /// - Parameters:
        ///   - relyingPartyID: The app's RP ID (`GOTRUE_WEBAUTHN_RP_ID`, Firebase's `rpId`).
        ///   - presentationAnchor: The window the sheet is presented over.
        public init(relyingPartyID: String, presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.relyingPartyID = relyingPartyID
            self.presentationAnchor = presentationAnchor
        }

        /// Shows the sheet that creates a passkey.
        /// - Parameter options: The service's creation options.
        /// - Returns: The attestation.
        /// - Throws: ``AuthError`` as ``PlatformPasskeyMapping`` maps it.
        public func createPasskey(_ options: PasskeyCreationOptions) async throws(AuthError) -> PasskeyAttestation {
            let plan = try PlatformPasskeyMapping.registration(options, configuredRPID: relyingPartyID)
            let answer = try await AuthorizationSheet.present(
                {
                    let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: plan.relyingPartyID)
                    return provider.createCredentialRegistrationRequest(challenge: plan.challenge, name: plan.name, userID: plan.userID)
                }, anchor: presentationAnchor, mapError: Self.mapped)
            guard let registration = answer.credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration else {
                throw .authorizationFailed("the sheet returned a credential that is not a passkey registration")
            }
            return try PlatformPasskeyMapping.attestation(
                credentialID: registration.credentialID, rawClientDataJSON: registration.rawClientDataJSON,
                rawAttestationObject: registration.rawAttestationObject)
        }

        /// Shows the sheet that signs in with one of the RP's passkeys (no allow list: discoverable).
        /// - Parameter options: The service's request options.
        /// - Returns: The assertion.
        /// - Throws: ``AuthError`` as ``PlatformPasskeyMapping`` maps it.
        public func assertPasskey(_ options: PasskeyRequestOptions) async throws(AuthError) -> PasskeyAssertion {
            let rpID = try PlatformPasskeyMapping.relyingPartyID(requested: options.relyingPartyID, configured: relyingPartyID)
            let challenge = options.challenge
            let answer = try await AuthorizationSheet.present(
                {
                    let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpID)
                    return provider.createCredentialAssertionRequest(challenge: challenge)
                }, anchor: presentationAnchor, mapError: Self.mapped)
            guard let assertion = answer.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion else {
                throw .authorizationFailed("the sheet returned a credential that is not a passkey assertion")
            }
            return try PlatformPasskeyMapping.assertion(
                credentialID: assertion.credentialID, rawClientDataJSON: assertion.rawClientDataJSON,
                rawAuthenticatorData: assertion.rawAuthenticatorData, signature: assertion.signature, userID: assertion.userID)
        }

        private static func mapped(_ error: NSError) -> AuthError {
            PlatformPasskeyMapping.error(domain: error.domain, code: error.code, description: error.localizedDescription)
        }
    }

#endif
