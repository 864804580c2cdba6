import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The simulated Apple ID, Google and mailbox of a running emulator, reached over HTTP (what
/// `login --idp-url` uses, since no real Apple sheet exists on this machine).
public struct HTTPSimulatedProviders: Sendable {
    /// The emulator's base URL.
    public let baseURL: URL
    let transport: HTTPTransport

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The emulator's base URL (`http://127.0.0.1:9999`).
    ///   - transport: The HTTP transport.
    public init(baseURL: URL, transport: HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Whether the next Apple sheet for this Apple ID and app is a first authorization.
    /// - Parameters:
    ///   - appleID: The Apple ID.
    ///   - clientID: The app.
    /// - Returns: `true` for a first authorization.
    /// - Throws: ``AuthError/network(_:)``.
    public func isFirstAppleAuthorization(appleID: String?, clientID: String) async throws(AuthError) -> Bool {
        var items = [URLQueryItem(name: "client_id", value: clientID)]
        if let appleID { items.append(URLQueryItem(name: "apple_id", value: appleID)) }
        let object = try await get("appleid/auth/authorization", query: items)
        return object["firstAuthorization"]?.boolValue ?? true
    }

    /// Runs the simulated Apple sheet (`POST /appleid/auth/authorize`).
    /// - Parameters:
    ///   - clientID: The app.
    ///   - choice: What the person does.
    ///   - nonce: The nonce claim value.
    /// - Returns: The credential.
    /// - Throws: ``AuthError``.
    public func authorizeApple(clientID: String, choice: AppleSheetChoice, nonce: String?) async throws(AuthError) -> AppleIDCredential {
        var body: JSONObject = ["clientId": .string(clientID), "hideEmail": .bool(choice.hideEmail), "cancel": .bool(choice.cancel)]
        if let appleID = choice.appleID { body["email"] = .string(appleID) }
        if let given = choice.name?.givenName { body["givenName"] = .string(given) }
        if let family = choice.name?.familyName { body["familyName"] = .string(family) }
        if let nonce { body["nonce"] = .string(nonce) }
        let object = try await post("appleid/auth/authorize", body)
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

    /// Apple's credential state for a user and app.
    /// - Parameters:
    ///   - userID: The user identifier.
    ///   - clientID: The app.
    /// - Returns: The state.
    /// - Throws: ``AuthError``.
    public func appleCredentialState(userID: String, clientID: String) async throws(AuthError) -> AppleIDCredentialState {
        let object = try await get("appleid/auth/credential-state", query: [URLQueryItem(name: "user", value: userID), URLQueryItem(name: "client_id", value: clientID)])
        return object["state"]?.stringValue.flatMap(AppleIDCredentialState.init(rawValue:)) ?? .notFound
    }

    /// Runs the simulated Google chooser (`POST /google/signin`).
    /// - Parameters:
    ///   - clientID: The OAuth client id.
    ///   - choice: What the person does.
    ///   - nonce: The nonce to echo.
    /// - Returns: The credential.
    /// - Throws: ``AuthError``.
    public func signInWithGoogle(clientID: String, choice: SimulatedGoogleAuthorizer.Choice, nonce: String?) async throws(AuthError) -> GoogleSignInCredential {
        var body: JSONObject = ["clientId": .string(clientID), "email": .string(choice.email), "cancel": .bool(choice.cancel)]
        if let name = choice.name?.formatted { body["name"] = .string(name) }
        if let nonce { body["nonce"] = .string(nonce) }
        let object = try await post("google/signin", body)
        guard let token = object["idToken"]?.stringValue, let user = object["user"]?.stringValue else {
            throw .authorizationFailed("the simulated Google answered without a token")
        }
        return GoogleSignInCredential(
            userID: user, idToken: Secret(token), accessToken: object["accessToken"]?.stringValue.map { Secret($0) },
            email: object["email"]?.stringValue, name: object["name"]?.stringValue.flatMap(PersonName.parsing))
    }

    /// The messages mailed to an address (`GET /mailbox/{email}`), newest last.
    /// - Parameter email: The address.
    /// - Returns: The messages.
    /// - Throws: ``AuthError``.
    public func mailbox(for email: String) async throws(AuthError) -> [MailMessage] {
        let url = baseURL.appendingPathComponent("mailbox").appendingPathComponent(email)
        let response = try await transport.exchange(HTTPRequestData(method: "GET", url: url, headers: [], body: nil, isIdempotent: true))
        guard case .array(let items)? = try? StrictJSONParser.parse(Array(response.body)) else { return [] }
        let formatter = ISO8601DateFormatter()
        return items.compactMap { item -> MailMessage? in
            guard let object = item.objectValue, let code = object["code"]?.stringValue else { return nil }
            return MailMessage(code: code, link: object["link"]?.stringValue, kind: object["kind"]?.stringValue ?? "",
                               sender: object["sender"]?.stringValue ?? "", sentAt: object["sentAt"]?.stringValue.flatMap(formatter.date(from:)) ?? Date())
        }
    }

    // MARK: - HTTP

    private func get(_ path: String, query: [URLQueryItem]) async throws(AuthError) -> JSONObject {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw .invalidInput("not a URL: the identity provider's \(path)")
        }
        components.queryItems = query
        guard let url = components.url else { throw .invalidInput("not a URL: the identity provider's \(path) with its query") }
        return try object(try await transport.exchange(HTTPRequestData(method: "GET", url: url, headers: [], body: nil, isIdempotent: true)))
    }

    private func post(_ path: String, _ body: JSONObject) async throws(AuthError) -> JSONObject {
        let request = HTTPRequestData(method: "POST", url: baseURL.appendingPathComponent(path),
                                      headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.serialized()), isIdempotent: false)
        return try object(try await transport.exchange(request))
    }

    private func object(_ response: HTTPResponseData) throws(AuthError) -> JSONObject {
        let object = (try? StrictJSONParser.parseObject(Array(response.body))) ?? [:]
        guard (200..<300).contains(response.status) else {
            switch object["error"]?.stringValue {
            case "canceled": throw .cancelled
            case "not_handled": throw .notHandled
            default:
                throw .authorizationFailed(object["error_description"]?.stringValue ?? "the simulated provider answered \(response.status)")
            }
        }
        return object
    }
}

/// ``AppleIDAuthorizing`` through an emulator's simulated Apple ID.
public struct HTTPSimulatedAppleIDAuthorizer: AppleIDAuthorizing {
    private let providers: HTTPSimulatedProviders
    private let clientID: String
    private let deviceAppleID: String?
    private let person: @Sendable (_ isFirstAuthorization: Bool) async throws(AuthError) -> AppleSheetChoice

    /// Creates an authorizer.
    /// - Parameters:
    ///   - providers: The emulator's simulated providers.
    ///   - clientID: The app's bundle id.
    ///   - deviceAppleID: The Apple ID on the device.
    ///   - person: What the person does on the sheet.
    public init(providers: HTTPSimulatedProviders, clientID: String, deviceAppleID: String?,
                person: @escaping @Sendable (_ isFirstAuthorization: Bool) async throws(AuthError) -> AppleSheetChoice) {
        self.providers = providers
        self.clientID = clientID
        self.deviceAppleID = deviceAppleID
        self.person = person
    }

    /// Runs the remote simulated sheet.
    /// - Parameter request: Scopes and hashed nonce.
    /// - Returns: The credential.
    /// - Throws: ``AuthError``.
    public func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential {
        let first = try await providers.isFirstAppleAuthorization(appleID: deviceAppleID, clientID: clientID)
        var choice = try await person(first)
        if choice.appleID == nil { choice.appleID = deviceAppleID }
        if !request.scopes.contains(.fullName) { choice.name = nil }
        var credential = try await providers.authorizeApple(clientID: clientID, choice: choice, nonce: request.nonce)
        // As the in-process sheet: the email is handed over only when the app asked for it.
        if !request.scopes.contains(.email) { credential.email = nil }
        return credential
    }

    /// Apple's credential state.
    /// - Parameter userID: The user identifier.
    /// - Returns: The state.
    public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState {
        try await providers.appleCredentialState(userID: userID, clientID: clientID)
    }
}

/// ``GoogleSignInAuthorizing`` through an emulator's simulated Google.
public struct HTTPSimulatedGoogleAuthorizer: GoogleSignInAuthorizing {
    private let providers: HTTPSimulatedProviders
    private let clientID: String
    private let person: @Sendable () async -> SimulatedGoogleAuthorizer.Choice

    /// Creates an authorizer.
    /// - Parameters:
    ///   - providers: The emulator's simulated providers.
    ///   - clientID: The OAuth client id.
    ///   - person: What the person does, asked at each sign-in.
    public init(providers: HTTPSimulatedProviders, clientID: String, person: @escaping @Sendable () async -> SimulatedGoogleAuthorizer.Choice) {
        self.providers = providers
        self.clientID = clientID
        self.person = person
    }

    /// Runs the remote simulated chooser.
    /// - Parameter request: The nonce.
    /// - Returns: The credential.
    public func signIn(_ request: GoogleSignInRequest) async throws(AuthError) -> GoogleSignInCredential {
        try await providers.signInWithGoogle(clientID: clientID, choice: await person(), nonce: request.nonce)
    }
}
