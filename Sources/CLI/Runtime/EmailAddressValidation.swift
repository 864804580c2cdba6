import AuthData

/// Email checks for option validation.
enum EmailAddressValidation {
    /// Throws when the address is malformed.
    static func check(_ email: String) throws { _ = try EmailAddress.normalized(email) }
}
