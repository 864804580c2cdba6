import AuthJWT

/// The body of `POST /admin/users`, as GoTrue's `AdminUserParams` reads it (internal/api/admin.go).
package struct SupabaseAdminNewUser: Sendable {
    package var id: String?
    package var email: String?
    package var phone: String?
    package var password: String?
    /// A bcrypt hash made elsewhere (a real project, Python's `bcrypt`), stored as it is.
    package var passwordHash: String?
    package var emailConfirm: Bool
    /// `phone_confirm`: the number is confirmed at once.
    package var phoneConfirm: Bool
    /// `role`: the user's `role` claim (GoTrue's default group `authenticated` when empty).
    package var role: String?
    package var userMetadata: JSONObject?
    package var appMetadata: JSONObject?
    package var banDuration: String?

    /// Creates the parameters.
    package init(
        id: String? = nil, email: String?, phone: String? = nil, password: String? = nil, passwordHash: String? = nil,
        emailConfirm: Bool = false, userMetadata: JSONObject? = nil, appMetadata: JSONObject? = nil, banDuration: String? = nil,
        phoneConfirm: Bool = false, role: String? = nil
    ) {
        self.id = id
        self.email = email
        self.phone = phone
        self.password = password
        self.passwordHash = passwordHash
        self.emailConfirm = emailConfirm
        self.phoneConfirm = phoneConfirm
        self.role = role
        self.userMetadata = userMetadata
        self.appMetadata = appMetadata
        self.banDuration = banDuration
    }
}
