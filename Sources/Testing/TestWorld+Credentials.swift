import AuthData
import AuthDomain
import AuthSimulation

extension TestWorld {
    /// Runs the simulated Apple sheet with a fresh raw nonce (hashed into the token as an app
    /// does) and returns the credential to hand to a backend. Each call is a new sign-in of the
    /// same Apple ID, as on another device.
    /// - Parameter appleID: The Apple ID on the device.
    /// - Returns: The credential.
    /// - Throws: When the simulated sheet refuses.
    public func appleCredential(appleID: String = "ada@example.com") async throws -> IDTokenCredential {
        let raw = NonceGenerator(source: .live).make()
        let response = try await services.apple.authorize(
            AppleSheetRequest(
                clientID: appleClientID, appleID: appleID, name: PersonName(givenName: "Ada", familyName: "Lovelace"),
                nonce: NonceGenerator.sha256Hex(raw)))
        return IDTokenCredential(
            provider: .apple, idToken: Secret(response.identityToken), rawNonce: Secret(raw), fullName: response.fullName)
    }
}
