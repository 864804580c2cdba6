import AuthDomain

/// Google Sign-In: ``IDTokenAuthStrategy`` with ``GoogleIDTokenProvider``; an ID token and an
/// access token from Google, verified by the backend.
///
/// With `nonces` (GoogleSignIn-iOS 9+), Google receives the SHA-256 hex of a fresh nonce,
/// which it echoes verbatim into the token, and the backend receives the raw nonce, the same
/// convention as Apple's so SHA-256-comparing backends accept it.
public typealias GoogleAuthStrategy = IDTokenAuthStrategy<GoogleIDTokenProvider>

extension IDTokenAuthStrategy where Provider == GoogleIDTokenProvider {
    /// Creates the Google Sign-In strategy.
    /// - Parameters:
    ///   - authorizer: Runs Google Sign-In (or the simulated Google).
    ///   - backend: The auth backend.
    ///   - nonces: Makes nonces; `nil` for Google SDKs that cannot take one.
    public init(authorizer: any GoogleSignInAuthorizing, backend: any AuthBackend, nonces: NonceGenerator?) {
        self.init(provider: GoogleIDTokenProvider(authorizer: authorizer), backend: backend, nonces: nonces)
    }
}
