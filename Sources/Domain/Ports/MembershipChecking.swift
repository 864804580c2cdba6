/// Tells whether a user belongs to an organisation in the app (for apps that admit users by
/// invitation).
public protocol MembershipChecking: Sendable {
    /// Checks membership.
    /// - Parameter user: The signed-in user.
    /// - Returns: `true` when the user belongs to at least one organisation.
    /// - Throws: ``AuthError`` when membership cannot be checked.
    func hasOrganisation(_ user: AuthUser) async throws(AuthError) -> Bool
}
