/// What an identity provider said about the person during this sign-in. Apple sends the name
/// (and the email outside the token) only on the first authorization of an app.
public struct ProviderProfile: Hashable, Sendable, Codable {
    /// The name, when the provider gave one.
    public var name: PersonName?
    /// The email, when the provider gave one.
    public var email: String?

    /// Creates a profile.
    /// - Parameters:
    ///   - name: The name given by the provider.
    ///   - email: The email given by the provider.
    public init(name: PersonName? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }

    /// Whether the provider gave nothing.
    public var isEmpty: Bool { name?.formatted == nil && (email ?? "").isEmpty }
}
