import AuthDomain

/// ``SimulatedAppleIDAPI`` answered by the simulated Apple ID in this process.
public struct InProcessAppleIDAPI: SimulatedAppleIDAPI {
    private let appleID: SimulatedAppleID

    /// Creates the face.
    /// - Parameter appleID: The simulated Apple ID service.
    public init(appleID: SimulatedAppleID) {
        self.appleID = appleID
    }

    public func isFirstAuthorization(appleID id: String?, clientID: String) async throws(AuthError) -> Bool {
        await appleID.isFirstAuthorization(appleID: id, clientID: clientID)
    }

    public func authorize(_ request: AppleSheetRequest) async throws(AuthError) -> AppleIDCredential {
        let response: AppleSheetResponse
        do {
            response = try await appleID.authorize(request)
        } catch {
            throw SimulatedAppleIDAuthorizer.domainError(error)
        }
        return AppleIDCredential(
            user: response.user, identityToken: Secret(response.identityToken), authorizationCode: Secret(response.authorizationCode),
            email: response.email, fullName: response.fullName)
    }

    public func credentialState(userID: String, clientID: String) async throws(AuthError) -> AppleIDCredentialState {
        await appleID.credentialState(userID: userID, clientID: clientID)
    }
}
