/// One fuzz entry point: a function of arbitrary bytes that must not crash and whose
/// properties (``fuzzCheck(_:_:)``) must hold.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// The bytes as a compact JWS through `CompactJWS` and `IDTokenVerifier` (fixed key, time,
    /// nonce).
    case token
    /// The bytes as `header\npayload` JSON text, signed with the fixture key and verified, so the
    /// claim checks are reached; the result is compared with a model of the policy.
    case signedClaims = "signed-claims"
    /// The bytes as a JWKS document through `JWKSet` and `RSAJWK`.
    case jwks
    /// The bytes through `StrictJSONParser`, then serialised and parsed again.
    case json
    /// The bytes through `Base64URL` both ways.
    case base64url
    /// The bytes as a Supabase response body: each wire DTO decoded and mapped, and the error
    /// body decoded and mapped to `AuthError`.
    case supabaseResponse = "supabase-response"
    /// The bytes as a Firebase response body: each wire DTO decoded and mapped, and the error
    /// envelope and `FirebaseFailure` code/detail parsed and mapped to `AuthError`.
    case firebaseResponse = "firebase-response"
    /// The bytes as a stored bcrypt string (`$2a$`/`$2b$`/`$2y$`) through `BcryptHash` and,
    /// at the cheapest costs, `Bcrypt.verify`.
    case bcrypt
    /// The bytes through the strict CBOR decoder under both rule sets, then the encoder.
    case cbor
    /// The bytes as WebAuthn authenticator data (fixed fields, attested credential data with its
    /// COSE key, extensions).
    case authenticatorData = "authenticator-data"
    /// The bytes as a Supabase CLI `config.toml` through `TOMLDocument`, `SupabaseConfigTOML`
    /// and `GoTrueEnvironment`.
    case supabaseConfig = "supabase-config"
    /// The bytes as a file of users (`login users import`, `login serve --seed`): Firebase's
    /// `auth:export` JSON, GoTrue's rows as JSON or as psql CSV, through `UserSeed`.
    case userSeed = "user-seed"

    /// Runs the entry on one input.
    /// - Parameter bytes: The input.
    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .token: TokenFuzzing.token(bytes)
        case .signedClaims: TokenFuzzing.signedClaims(bytes)
        case .jwks: TokenFuzzing.jwks(bytes)
        case .json: EncodingFuzzing.json(bytes)
        case .base64url: EncodingFuzzing.base64url(bytes)
        case .supabaseResponse: ResponseFuzzing.supabase(bytes)
        case .firebaseResponse: ResponseFuzzing.firebase(bytes)
        case .bcrypt: PasswordFuzzing.bcrypt(bytes)
        case .cbor: WebAuthnFuzzing.cbor(bytes)
        case .authenticatorData: WebAuthnFuzzing.authenticatorData(bytes)
        case .supabaseConfig: ConfigFuzzing.supabaseConfig(bytes)
        case .userSeed: SeedFuzzing.userSeed(bytes)
        }
    }
}
