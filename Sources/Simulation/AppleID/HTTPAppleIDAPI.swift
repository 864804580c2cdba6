import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// ``SimulatedAppleIDAPI`` answered by a running emulator's simulated Apple ID (`/appleid`).
public struct HTTPAppleIDAPI: SimulatedAppleIDAPI {
    private let providers: HTTPSimulatedProviders

    /// Creates the face.
    /// - Parameter providers: The emulator's simulated providers.
    public init(providers: HTTPSimulatedProviders) {
        self.providers = providers
    }

    /// `GET /appleid/auth/authorization`.
    public func isFirstAuthorization(appleID: String?, clientID: String) async throws(AuthError) -> Bool {
        var items = [URLQueryItem(name: "client_id", value: clientID)]
        if let appleID { items.append(URLQueryItem(name: "apple_id", value: appleID)) }
        let object = try await providers.get("appleid/auth/authorization", query: items)
        return object["firstAuthorization"]?.boolValue ?? true
    }

    /// `POST /appleid/auth/authorize` (JSON).
    public func authorize(_ request: AppleSheetRequest) async throws(AuthError) -> AppleIDCredential {
        var body: JSONObject = [
            "clientId": .string(request.clientID), "hideEmail": .bool(request.hideEmail), "cancel": .bool(request.cancel),
        ]
        if let appleID = request.appleID { body["email"] = .string(appleID) }
        if let given = request.name?.givenName { body["givenName"] = .string(given) }
        if let family = request.name?.familyName { body["familyName"] = .string(family) }
        if let nonce = request.nonce { body["nonce"] = .string(nonce) }
        let object = try await providers.post("appleid/auth/authorize", body)
        guard let token = object["identityToken"]?.stringValue, let user = object["user"]?.stringValue else {
            throw .authorizationFailed("the simulated Apple ID answered without a token")
        }
        let name = object["fullName"]?.objectValue.map {
            PersonName(givenName: $0["givenName"]?.stringValue, familyName: $0["familyName"]?.stringValue)
        }
        return AppleIDCredential(
            user: user, identityToken: Secret(token), authorizationCode: object["authorizationCode"]?.stringValue.map { Secret($0) },
            email: object["email"]?.stringValue, fullName: name?.formatted == nil ? nil : name)
    }

    /// `GET /appleid/auth/credential-state`.
    public func credentialState(userID: String, clientID: String) async throws(AuthError) -> AppleIDCredentialState {
        let query = [URLQueryItem(name: "user", value: userID), URLQueryItem(name: "client_id", value: clientID)]
        let object = try await providers.get("appleid/auth/credential-state", query: query)
        return object["state"]?.stringValue.flatMap(AppleIDCredentialState.init(rawValue:)) ?? .notFound
    }
}
