/// A second factor of the signed-in user: an authenticator app (TOTP) enrolled with the backend.
public struct SecondFactor: Hashable, Sendable, Identifiable {
    /// The backend's id of the factor.
    public var id: String
    /// The name the user gave it, if any.
    public var friendlyName: String?
    /// Whether a first code was verified with it (until then it does not protect sign-ins).
    public var isVerified: Bool

    /// Creates a factor.
    /// - Parameters:
    ///   - id: The backend's id.
    ///   - friendlyName: The user's name for it.
    ///   - isVerified: Whether it is active.
    public init(id: String, friendlyName: String?, isVerified: Bool) {
        self.id = id
        self.friendlyName = friendlyName
        self.isVerified = isVerified
    }
}
