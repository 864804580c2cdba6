import Foundation

/// A signed-in user as the auth backend describes them.
public struct AuthUser: Hashable, Sendable, Codable {
    /// The backend's user id (a UUID for Supabase, a 28-character uid for Firebase).
    public var id: String
    /// The primary email; may be a Hide My Email relay address; `nil` for guests.
    public var email: String?
    /// The name to show, from the backend profile.
    public var displayName: String?
    /// A profile picture, when the provider gave one.
    public var photoURL: URL?
    /// Whether the backend considers the email verified.
    public var isEmailVerified: Bool
    /// Whether ``email`` is an Apple private relay (`…@privaterelay.appleid.com`) address.
    public var isPrivateRelayEmail: Bool
    /// Whether this is an anonymous guest account.
    public var isAnonymous: Bool
    /// The identities linked to the account, oldest first.
    public var providers: [ProviderID]

    /// Creates a user.
    /// - Parameters:
    ///   - id: The backend's user id.
    ///   - email: The primary email, if any.
    ///   - displayName: The name to show, if known.
    ///   - photoURL: A profile picture, if any.
    ///   - isEmailVerified: Whether the email is verified.
    ///   - isPrivateRelayEmail: Whether the email is an Apple relay address; derived from
    ///     `email` when `nil`.
    ///   - isAnonymous: Whether the account is a guest account.
    ///   - providers: The linked identities, oldest first.
    public init(
        id: String, email: String?, displayName: String?, photoURL: URL? = nil,
        isEmailVerified: Bool, isPrivateRelayEmail: Bool? = nil, isAnonymous: Bool,
        providers: [ProviderID]
    ) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.isEmailVerified = isEmailVerified
        self.isPrivateRelayEmail = isPrivateRelayEmail ?? email.map(AuthUser.isAppleRelayAddress) ?? false
        self.isAnonymous = isAnonymous
        self.providers = providers
    }

    /// Whether an address is an Apple Hide My Email relay address.
    /// - Parameter email: The address to test.
    /// - Returns: `true` for `…@privaterelay.appleid.com`.
    public static func isAppleRelayAddress(_ email: String) -> Bool {
        email.lowercased().hasSuffix("@privaterelay.appleid.com")
    }
}
