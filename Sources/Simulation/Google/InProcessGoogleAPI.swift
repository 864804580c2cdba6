import AuthDomain

/// ``SimulatedGoogleAPI`` answered by the simulated Google in this process.
public struct InProcessGoogleAPI: SimulatedGoogleAPI {
    private let google: SimulatedGoogle

    /// Creates the face.
    /// - Parameter google: The simulated Google.
    public init(google: SimulatedGoogle) {
        self.google = google
    }

    public func signIn(_ request: GoogleSignInSheetRequest) async throws(AuthError) -> GoogleSignInCredential {
        let response = try await google.signIn(request)
        return GoogleSignInCredential(
            userID: response.userID, idToken: Secret(response.idToken), accessToken: Secret(response.accessToken),
            email: response.email, name: response.name)
    }
}
