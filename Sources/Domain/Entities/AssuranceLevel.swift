/// How strongly a session's user was authenticated: Supabase's `aal` claim (`aal1` after a
/// first factor, `aal2` after a second), Firebase's `firebase.sign_in_second_factor`. An open
/// set, so a level a service adds still decodes.
public struct AssuranceLevel: RawRepresentable, Hashable, Sendable, Codable {
    /// The wire value (`aal1`, `aal2`).
    public let rawValue: String

    /// Wraps a wire value.
    /// - Parameter rawValue: The value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One factor (a provider's ID token, an email code, a password).
    public static let aal1 = AssuranceLevel(rawValue: "aal1")
    /// A first factor and a second (TOTP).
    public static let aal2 = AssuranceLevel(rawValue: "aal2")
}
