import AuthDomain

/// Creating a user as the admin, on either backend: GoTrue `POST /admin/users` (internal/api/admin.go
/// `adminUserCreate`) or Identity Toolkit `POST /v1/projects/{project}/accounts` (Google's
/// reference, firebase-tools src/emulator/auth/operations.ts `signUp` as the admin).
protocol UserCreating: Sendable {
    /// Creates a user with an address and a password.
    /// - Parameter user: The address, password and profile.
    /// - Returns: The new user.
    /// - Throws: ``AuthError`` with the backend's code (`email_exists` / `EMAIL_EXISTS`, `weak_password`, …).
    func createUser(_ user: NewAdminUser) async throws(AuthError) -> AdminUser
}

/// What `login users create` sends: the same fields for both backends.
struct NewAdminUser: Sendable {
    /// The address.
    var email: String
    /// The password (never printed whole).
    var password: Secret
    /// Whether the address counts as confirmed (GoTrue `email_confirm`, Firebase `emailVerified`).
    var confirmed: Bool
    /// The name (GoTrue `user_metadata`, Firebase `displayName`).
    var name: PersonName?
    /// An E.164 phone number (GoTrue `phone`, Firebase `phoneNumber`).
    var phone: String?
}
