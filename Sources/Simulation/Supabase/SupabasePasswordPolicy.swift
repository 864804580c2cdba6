import AuthData

/// GoTrue's password rules (internal/api/password.go `checkPasswordStrength`): at most 72 bytes
/// (bcrypt's limit, 400 `validation_failed`), then the project's minimum length and required
/// characters, refused together as 422 `weak_password` with GoTrue's messages and `reasons`.
package enum SupabasePasswordPolicy {
    /// GoTrue's `MaxPasswordLength`.
    package static let maximumBytes = 72

    /// Checks a new password.
    /// - Parameters:
    ///   - password: The password.
    ///   - settings: The project's `GOTRUE_PASSWORD_*` settings.
    /// - Throws: ``SupabaseFailure`` 400 `validation_failed` or 422 `weak_password`.
    package static func check(_ password: String, settings: SupabaseSettings) throws(SupabaseFailure) {
        let bytes = password.utf8.count
        guard bytes <= maximumBytes else { throw .validation("Password cannot be longer than \(maximumBytes) characters") }
        var messages: [String] = []
        if bytes < settings.passwordMinLength {
            messages.append("Password should be at least \(settings.passwordMinLength) characters.")
        }
        let sets = settings.passwordRequiredCharacters
        if sets.contains(where: { set in !set.isEmpty && !password.unicodeScalars.contains(where: set.unicodeScalars.contains) }) {
            messages.append("Password should contain at least one character of each: \(sets.joined(separator: ", ")).")
        }
        guard messages.isEmpty else { throw .api(status: 422, code: "weak_password", message: messages.joined(separator: " ")) }
    }

    /// The `weak_password.reasons` GoTrue sends beside the message (`length`, `characters`,
    /// `pwned`), read back from the message this policy wrote.
    /// - Parameter message: A `weak_password` message.
    /// - Returns: The reasons, in GoTrue's order.
    package static func reasons(inMessage message: String) -> [String] {
        SupabaseWireMapping.weakPasswordReasons(inMessage: message)
    }
}
