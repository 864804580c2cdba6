/// A provider's answer to "does this user still authorize the app?", as a strategy reads it.
public enum CredentialCheck: Hashable, Sendable {
    /// The authorization stands (or the provider has nothing to check).
    case stands
    /// The authorization is gone: end the session for this reason.
    case ended(SignOutReason)
}

/// When a strategy is asked to check a credential.
public enum CredentialCheckOccasion: Hashable, Sendable {
    /// The app started with a stored session.
    case launch
    /// The provider reported, while the app runs, that some authorization was revoked.
    case revocationReported
}
