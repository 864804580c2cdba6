extension ProviderID {
    /// A passkey (WebAuthn): GoTrue's `amr` method `passkey` and Firebase's `sign_in_provider`
    /// `passkey` (GoTrue internal/models/factor.go, `PasskeyLogin`).
    public static let passkey: ProviderID = "passkey"
}
