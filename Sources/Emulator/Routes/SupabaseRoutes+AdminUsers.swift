import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// The handlers of GoTrue's admin users API: `GET /admin/users` (paged, with `Link` and
/// `X-Total-Count`), `GET /admin/users/{id}`, and `PUT /admin/users/{id}`.
extension SupabaseRoutes {
    private struct AdminUserBody: Decodable {
        var appMetadata: JSONObject?
        var userMetadata: JSONObject?
        var banDuration: String?
        var email: String?
        var password: String?
        var emailConfirm: Bool?
        var phone: String?
        var phoneConfirm: Bool?
        var role: String?
        enum CodingKeys: String, CodingKey {
            case appMetadata = "app_metadata"
            case userMetadata = "user_metadata"
            case banDuration = "ban_duration"
            case email, password
            case emailConfirm = "email_confirm"
            case phone
            case phoneConfirm = "phone_confirm"
            case role
        }
    }

    private struct AdminNewUserBody: Decodable {
        var id: String?
        var email: String?
        var phone: String?
        var password: String?
        var passwordHash: String?
        var emailConfirm: Bool?
        var userMetadata: JSONObject?
        var appMetadata: JSONObject?
        var banDuration: String?
        var phoneConfirm: Bool?
        var role: String?
        enum CodingKeys: String, CodingKey {
            case id, email, phone, password
            case passwordHash = "password_hash"
            case emailConfirm = "email_confirm"
            case userMetadata = "user_metadata"
            case appMetadata = "app_metadata"
            case banDuration = "ban_duration"
            case phoneConfirm = "phone_confirm"
            case role
        }
    }

    func adminCreateUser(_ call: RouteCall) async throws -> EmulatorResponse {
        let body: AdminNewUserBody = try decode(call.request)
        let params = SupabaseAdminNewUser(
            id: body.id, email: body.email, phone: body.phone, password: body.password, passwordHash: body.passwordHash,
            emailConfirm: body.emailConfirm ?? false, userMetadata: body.userMetadata, appMetadata: body.appMetadata,
            banDuration: body.banDuration, phoneConfirm: body.phoneConfirm ?? false, role: body.role)
        return respond(call.request, try await engine.adminCreateUser(bearer: call.request.bearer, params).adminJSON)
    }

    private struct GenerateLinkBody: Decodable {
        var type: String?
        var email: String?
        var password: String?
        var data: JSONObject?
        var redirectTo: String?
        var newEmail: String?
        enum CodingKeys: String, CodingKey {
            case type, email, password, data
            case redirectTo = "redirect_to"
            case newEmail = "new_email"
        }
    }

    /// `POST /admin/generate_link`: the user's fields with `action_link`, `email_otp`,
    /// `hashed_token`, `verification_type` and `redirect_to` beside them.
    func adminGenerateLink(_ call: RouteCall) async throws -> EmulatorResponse {
        let body: GenerateLinkBody = try decode(call.request)
        let link = try await engine.adminGenerateLink(
            bearer: call.request.bearer, type: body.type, email: body.email, password: body.password, data: body.data,
            redirectTo: body.redirectTo, newEmail: body.newEmail)
        var object = link.user.adminJSON
        object["action_link"] = .string(link.actionLink)
        object["email_otp"] = .string(link.emailOTP)
        object["hashed_token"] = .string(link.hashedToken)
        object["verification_type"] = .string(link.verificationType)
        object["redirect_to"] = .string(link.redirectTo)
        return respond(call.request, object)
    }

    func adminListUsers(_ call: RouteCall) async throws -> EmulatorResponse {
        let request = call.request
        let page = try Self.pagination(request.query["page"], default: 1)
        let perPage = try Self.pagination(request.query["per_page"], default: 50)
        let result = try engine.adminListUsers(bearer: request.bearer, page: page, perPage: perPage)
        // GoTrue lists users without their identities (`"identities": null`).
        let users = result.users.map { user -> JSONValue in
            var object = user.adminJSON
            object["identities"] = .null
            return .object(object)
        }
        var links: [String] = []
        if result.pageCount > page { links.append("</admin/users?page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"") }
        links.append("</admin/users?page=\(result.pageCount)&per_page=\(perPage)>; rel=\"last\"")
        return .json(
            ["users": .array(users), "aud": .string("authenticated")],
            headers: [("X-Total-Count", String(result.total)), ("Link", links.joined(separator: ", "))])
    }

    func adminGetUser(_ call: RouteCall) async throws -> EmulatorResponse {
        let user = try engine.adminUser(bearer: call.request.bearer, userID: call[parameter: "user_id"])
        return respond(call.request, user.adminJSON)
    }

    /// `password`, `email_confirm` and `email` first, then `app_metadata` and `user_metadata`
    /// are merged, then `ban_duration` applies (an absent or empty one leaves the ban alone,
    /// `"none"` lifts it).
    func adminUpdateUserFields(_ call: RouteCall) async throws -> EmulatorResponse {
        let body: AdminUserBody = try decode(call.request)
        let (bearer, userID) = (call.request.bearer, call[parameter: "user_id"])
        _ = try await engine.adminUpdateAccount(
            bearer: bearer, userID: userID, email: body.email, password: body.password, emailConfirm: body.emailConfirm ?? false,
            phone: body.phone, phoneConfirm: body.phoneConfirm ?? false, role: body.role)
        var user = try engine.adminUpdateMetadata(
            bearer: bearer, userID: userID, appMetadata: body.appMetadata, userMetadata: body.userMetadata)
        if let duration = body.banDuration, !duration.isEmpty {
            _ = try await engine.adminBanUser(bearer: bearer, userID: userID, banDuration: duration)
            user = try engine.adminUser(bearer: bearer, userID: userID)
        }
        return respond(call.request, user.adminJSON)
    }

    /// A `page` or `per_page` value: a positive integer (GoTrue answers 400 for anything else;
    /// its `per_page=0` divides by zero).
    private static func pagination(_ raw: String?, default value: Int) throws(SupabaseFailure) -> Int {
        guard let raw, !raw.isEmpty else { return value }
        guard let number = Int(raw), number > 0 else {
            throw .api(status: 400, code: "validation_failed", message: "Bad Pagination Parameters: \(raw) is not a positive integer")
        }
        return number
    }
}
