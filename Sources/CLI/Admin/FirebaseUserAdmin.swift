import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The Firebase Admin API with a bearer token (`owner` on the emulator, an OAuth token in
/// production): `accounts:batchGet` pages (`maxResults`, `nextPageToken`), `accounts:lookup`,
/// `accounts:delete`, `accounts:update` with `disableUser` (Firebase has no timed ban) or
/// `customAttributes` (the custom claims, merged here with what is set).
struct FirebaseUserAdmin: UserAdministration {
    /// `https://identitytoolkit.googleapis.com`, or through an emulator
    /// `http://host:port/identitytoolkit.googleapis.com`.
    let identityToolkitURL: URL
    /// The project id.
    let project: String
    /// The bearer token.
    let adminToken: Secret
    let transport: HTTPTransport

    var http: AdminHTTP {
        AdminHTTP(transport: transport) { response in
            let failure = FirebaseErrorDecoding.failure(from: response)
            return AdminFailure.error(
                status: failure.status, code: failure.code, message: failure.detail ?? failure.code, backend: .firebase)
        }
    }

    var headers: [HTTPHeader] { [HTTPHeader("Authorization", "Bearer \(adminToken.revealed)")] }

    func url(_ method: String, query: [URLQueryItem] = []) throws(AuthError) -> URL {
        guard !project.isEmpty, project.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw .invalidInput("\"\(project)\" is not a Firebase project id")
        }
        var components = URLComponents(
            url: identityToolkitURL.appendingPathComponent("v1/projects/\(project)/\(method)"), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .invalidInput("cannot form an admin URL under \(identityToolkitURL)") }
        return url
    }

    func listUsers(pageSize: Int) async throws(AuthError) -> [AdminUser] {
        var users: [AdminUser] = []
        var token: String?
        for _ in 0..<100_000 {
            var query = [URLQueryItem(name: "maxResults", value: String(pageSize))]
            if let token { query.append(URLQueryItem(name: "nextPageToken", value: token)) }
            let (object, _) = try await http.send("GET", try url("accounts:batchGet", query: query), headers: headers)
            users += object["users"]?.arrayValue?.compactMap { $0.objectValue.map(Self.user) } ?? []
            guard let next = object["nextPageToken"]?.stringValue, !next.isEmpty, next != token else { break }
            token = next
        }
        return users
    }

    func user(id: String) async throws(AuthError) -> AdminUser {
        let (object, _) = try await http.send(
            "POST", try url("accounts:lookup"), headers: headers, body: ["localId": .array([.string(id)])])
        guard let found = object["users"]?.arrayValue?.first?.objectValue else {
            throw .backend(BackendError(code: "user_not_found", message: "No such user", status: 404))
        }
        return Self.user(found)
    }

    func deleteUser(id: String) async throws(AuthError) {
        _ = try await http.send("POST", try url("accounts:delete"), headers: headers, body: ["localId": .string(id)])
    }

    func ban(id: String, for length: BanLength) async throws(AuthError) -> AdminUser {
        let disable: Bool
        switch length {
        case .forever: disable = true
        case .none: disable = false
        case .duration(let text):
            throw .invalidInput(
                "Firebase disables an account until it is enabled again, not for \(text): use --for forever, and --for none to enable it")
        }
        _ = try await http.send(
            "POST", try url("accounts:update"), headers: headers, body: ["localId": .string(id), "disableUser": .bool(disable)])
        return try await user(id: id)
    }

    func setClaims(id: String, _ claims: JSONObject) async throws(AuthError) -> AdminUser {
        let merged = try await user(id: id).claims.merging(claims)
        _ = try await http.send(
            "POST", try url("accounts:update"), headers: headers,
            body: ["localId": .string(id), "customAttributes": .string(merged.jsonString)])
        return try await user(id: id)
    }

    /// A Firebase `UserInfo` as an ``AdminUser``.
    static func user(_ object: JSONObject) -> AdminUser {
        let providers = object["providerUserInfo"]?.arrayValue?.compactMap { $0.objectValue?["providerId"]?.stringValue } ?? []
        let claims = object["customAttributes"]?.stringValue.flatMap { try? StrictJSONParser.parseObject(Array($0.utf8)) } ?? [:]
        let email = object["email"]?.stringValue
        return AdminUser(
            id: object["localId"]?.stringValue ?? "", email: email, name: object["displayName"]?.stringValue,
            providers: providers.map { ProviderWireNames.provider(firebase: $0).rawValue },
            isAnonymous: providers.isEmpty && email == nil, isDisabled: object["disabled"]?.boolValue ?? false, bannedUntil: nil,
            claims: claims, createdAt: millis(object["createdAt"]), lastSignInAt: millis(object["lastLoginAt"]),
            phone: object["phoneNumber"]?.stringValue, isEmailConfirmed: object["emailVerified"]?.boolValue ?? false)
    }

    private static func millis(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, let millis = Double(text) else { return nil }
        return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: millis / 1000))
    }
}
