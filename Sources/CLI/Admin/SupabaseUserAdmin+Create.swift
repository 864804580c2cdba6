import AuthData
import AuthDomain
import AuthJWT

/// GoTrue's admin create: `POST /admin/users` (GoTrue internal/api/admin.go `adminUserCreate`)
/// with `email`, `password`, `email_confirm`, `phone` and the name in `user_metadata`.
extension SupabaseUserAdmin: UserCreating {
    func createUser(_ user: NewAdminUser) async throws(AuthError) -> AdminUser {
        var body: JSONObject = [
            "email": .string(user.email), "password": .string(user.password.revealed), "email_confirm": .bool(user.confirmed),
        ]
        if let name = user.name { body["user_metadata"] = .object(SupabaseWireMapping.metadata(for: name)) }
        if let phone = user.phone { body["phone"] = .string(phone) }
        return Self.user(try await http.send("POST", try url(""), headers: headers, body: body).0)
    }
}
