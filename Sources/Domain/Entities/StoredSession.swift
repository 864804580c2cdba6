/// What a ``SessionStore`` keeps: the session, the user it belongs to, and how they signed in.
public struct StoredSession: Hashable, Sendable, Codable {
    /// The backend session.
    public var session: AuthSession
    /// The user, as last seen.
    public var user: AuthUser
    /// The provider used for the last interactive sign-in.
    public var provider: ProviderID?
    /// Each provider's own id for the user (the ID token's `sub`), for the providers the user
    /// signed in or linked with on this device; a strategy asks its provider about it (whether
    /// the user still authorizes the app, for example).
    public var providerSubjects: [ProviderID: String]

    /// Creates a stored session.
    /// - Parameters:
    ///   - session: The backend session.
    ///   - user: The user.
    ///   - provider: The provider of the last interactive sign-in.
    ///   - providerSubjects: The providers' ids for the user.
    public init(session: AuthSession, user: AuthUser, provider: ProviderID? = nil, providerSubjects: [ProviderID: String] = [:]) {
        self.session = session
        self.user = user
        self.provider = provider
        self.providerSubjects = providerSubjects
    }

    private enum CodingKeys: String, CodingKey {
        case session, user, provider, providerSubjects
        /// Written by versions before `providerSubjects`: Apple's user id.
        case appleUserID
    }

    /// Reads a stored session, including one written before `providerSubjects` existed (its
    /// `appleUserID` becomes the Apple subject).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing session or user.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        session = try container.decode(AuthSession.self, forKey: .session)
        user = try container.decode(AuthUser.self, forKey: .user)
        provider = try container.decodeIfPresent(ProviderID.self, forKey: .provider)
        var subjects = try container.decodeIfPresent([String: String].self, forKey: .providerSubjects) ?? [:]
        if let legacy = try container.decodeIfPresent(String.self, forKey: .appleUserID), subjects["apple"] == nil {
            subjects["apple"] = legacy
        }
        providerSubjects = Dictionary(uniqueKeysWithValues: subjects.map { (ProviderID(rawValue: $0.key), $0.value) })
    }

    /// Writes the session; subjects as an object keyed by provider id.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(user, forKey: .user)
        try container.encodeIfPresent(provider, forKey: .provider)
        if !providerSubjects.isEmpty {
            try container.encode(
                Dictionary(uniqueKeysWithValues: providerSubjects.map { ($0.key.rawValue, $0.value) }), forKey: .providerSubjects)
        }
    }
}
