import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// GoTrue's admin users API with a service-role key: `GET /admin/users` (following `page` and
/// `per_page` until `X-Total-Count` users are read), `GET`, `PUT` and `DELETE`
/// `/admin/users/{id}`. Bans are `ban_duration`; claims go into `app_metadata`.
struct SupabaseUserAdmin: UserAdministration {
    /// The project URL (the Auth API is under `/auth/v1`).
    let projectURL: URL
    /// The API key the gateway wants (`apikey`).
    let apiKey: String
    /// The service-role key (`Authorization: Bearer`).
    let serviceRoleKey: Secret
    let transport: HTTPTransport

    /// How GoTrue's dashboard bans "forever": a hundred years.
    static let foreverDuration = "876000h"

    var http: AdminHTTP {
        AdminHTTP(transport: transport) { response in
            switch SupabaseErrorDecoding.failure(from: response) {
            case .api(let status, let code, let message):
                AdminFailure.error(status: status, code: code, message: message, backend: .supabase)
            case .oauth(let error, let description):
                AdminFailure.error(status: response.status, code: error, message: description, backend: .supabase)
            }
        }
    }

    var headers: [HTTPHeader] {
        [
            HTTPHeader("apikey", apiKey), HTTPHeader("Authorization", "Bearer \(serviceRoleKey.revealed)"),
            HTTPHeader("X-Supabase-Api-Version", "2024-01-01"),
        ]
    }

    func url(_ path: String, query: [URLQueryItem] = []) throws(AuthError) -> URL {
        var components = URLComponents(url: projectURL.appendingPathComponent("auth/v1/admin/users" + path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .invalidInput("cannot form an admin URL under \(projectURL)") }
        return url
    }

    private func userPath(_ id: String) throws(AuthError) -> String {
        guard UUID(uuidString: id) != nil else { throw .invalidInput("\"\(id)\" is not a Supabase user id (a UUID)") }
        return "/" + id.lowercased()
    }

    func listUsers(pageSize: Int) async throws(AuthError) -> [AdminUser] {
        var users: [AdminUser] = []
        var page = 1
        while true {
            let query = [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "per_page", value: String(pageSize))]
            let (object, headers) = try await http.send("GET", try url("", query: query), headers: self.headers)
            let batch = object["users"]?.arrayValue?.compactMap { $0.objectValue.map(Self.user) } ?? []
            users += batch
            let total = headers["x-total-count"].flatMap(Int.init) ?? users.count
            // Stop on a short page too, so a server that miscounts cannot keep us looping.
            guard users.count < total, batch.count == pageSize, page < 100_000 else { return users }
            page += 1
        }
    }

    func user(id: String) async throws(AuthError) -> AdminUser {
        Self.user(try await http.send("GET", try url(try userPath(id)), headers: headers).0)
    }

    func deleteUser(id: String) async throws(AuthError) {
        _ = try await http.send("DELETE", try url(try userPath(id)), headers: headers)
    }

    func ban(id: String, for length: BanLength) async throws(AuthError) -> AdminUser {
        let duration =
            switch length {
            case .forever: Self.foreverDuration
            case .duration(let text): text
            case .none: "none"
            }
        return Self.user(
            try await http.send("PUT", try url(try userPath(id)), headers: headers, body: ["ban_duration": .string(duration)]).0)
    }

    func setClaims(id: String, _ claims: JSONObject) async throws(AuthError) -> AdminUser {
        Self.user(try await http.send("PUT", try url(try userPath(id)), headers: headers, body: ["app_metadata": .object(claims)]).0)
    }

    /// A GoTrue user object as an ``AdminUser``.
    static func user(_ object: JSONObject) -> AdminUser {
        let metadata = object["user_metadata"]?.objectValue ?? [:]
        var claims = object["app_metadata"]?.objectValue ?? [:]
        let providers = claims["providers"]?.arrayValue?.compactMap(\.stringValue) ?? []
        claims["provider"] = nil
        claims["providers"] = nil
        let bannedUntil = object["banned_until"]?.stringValue
        let banEnd = bannedUntil.flatMap { ISO8601DateFormatter.withFractions.date(from: $0) ?? ISO8601DateFormatter().date(from: $0) }
        return AdminUser(
            id: object["id"]?.stringValue ?? "", email: object["email"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            name: metadata["full_name"]?.stringValue ?? metadata["name"]?.stringValue,
            providers: providers.map { ProviderWireNames.provider(supabase: $0).rawValue },
            isAnonymous: object["is_anonymous"]?.boolValue ?? false, isDisabled: banEnd.map { $0 > Date() } ?? false,
            bannedUntil: bannedUntil, claims: claims,
            createdAt: object["created_at"]?.stringValue, lastSignInAt: object["last_sign_in_at"]?.stringValue,
            phone: object["phone"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            isEmailConfirmed: object["email_confirmed_at"]?.stringValue != nil)
    }
}

extension ISO8601DateFormatter {
    /// RFC 3339 with fractional seconds, as GoTrue writes timestamps.
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
