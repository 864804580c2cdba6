import AuthData
import AuthDomain
import AuthJWT

/// Creating a user as the admin: `POST /admin/users` (GoTrue internal/api/admin.go
/// `adminUserCreate`).
protocol UserCreating: Sendable {
    /// Creates a user with an address and a password.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    ///   - confirmed: Whether the address counts as confirmed (`email_confirm`).
    ///   - name: The name, into the user's metadata.
    /// - Returns: The new user.
    /// - Throws: ``AuthError`` with the backend's code (`email_exists`, `weak_password`, …).
    func createUser(email: String, password: Secret, confirmed: Bool, name: PersonName?) async throws(AuthError) -> AdminUser
}

extension SupabaseUserAdmin: UserCreating {
    func createUser(email: String, password: Secret, confirmed: Bool, name: PersonName?) async throws(AuthError) -> AdminUser {
        var body: JSONObject = ["email": .string(email), "password": .string(password.revealed), "email_confirm": .bool(confirmed)]
        if let name { body["user_metadata"] = .object(SupabaseWireMapping.metadata(for: name)) }
        return Self.user(try await http.send("POST", try url(""), headers: headers, body: body).0)
    }
}
