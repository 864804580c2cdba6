import AuthData
import AuthDomain
import AuthJWT

/// ``SimulatedGoogleAPI`` answered by a running emulator's simulated Google (`/google`).
public struct HTTPGoogleAPI: SimulatedGoogleAPI {
    private let providers: HTTPSimulatedProviders

    /// Creates the face.
    /// - Parameter providers: The emulator's simulated providers.
    public init(providers: HTTPSimulatedProviders) {
        self.providers = providers
    }

    /// `POST /google/signin` (JSON).
    public func signIn(_ request: GoogleSignInSheetRequest) async throws(AuthError) -> GoogleSignInCredential {
        var body: JSONObject = ["clientId": .string(request.clientID), "email": .string(request.email), "cancel": .bool(request.cancel)]
        if let name = request.name?.formatted { body["name"] = .string(name) }
        if let nonce = request.nonce { body["nonce"] = .string(nonce) }
        let object = try await providers.post("google/signin", body)
        guard let token = object["idToken"]?.stringValue, let user = object["user"]?.stringValue else {
            throw .authorizationFailed("the simulated Google answered without a token")
        }
        return GoogleSignInCredential(
            userID: user, idToken: Secret(token), accessToken: object["accessToken"]?.stringValue.map { Secret($0) },
            email: object["email"]?.stringValue, name: object["name"]?.stringValue.flatMap(PersonName.parsing))
    }
}
