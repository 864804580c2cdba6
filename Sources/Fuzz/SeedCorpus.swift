import AuthJWT
import CryptoExtras

/// The seed inputs of each entry (`auth-fuzz --write-seeds`): one valid input and a few
/// near-misses, so that the fuzzer starts from the shapes real traffic has.
enum SeedCorpus {
    /// The seeds of an entry.
    /// - Parameter target: The entry.
    /// - Returns: File names and contents.
    static func seeds(for target: FuzzTarget) -> [(String, [UInt8])] {
        switch target {
        case .token: tokens
        case .signedClaims: signedClaims.map { ($0.0, Array($0.1.utf8)) }
        case .jwks: jwks
        case .json: json.map { ($0.0, Array($0.1.utf8)) }
        case .base64url:
            [
                ("text", Array("Zm9vYmFy".utf8)), ("url-safe", Array("-_8".utf8)), ("padded", Array("Zg==".utf8)),
                ("bytes", [0, 0xFF, 0x2E, 0x80]),
            ]
        case .supabaseResponse: supabase.map { ($0.0, Array($0.1.utf8)) }
        case .firebaseResponse: firebase.map { ($0.0, Array($0.1.utf8)) }
        case .bcrypt: bcrypt.map { ($0.0, Array($0.1.utf8)) }
        case .cbor: WebAuthnSeeds.cbor
        case .authenticatorData: WebAuthnSeeds.authenticatorData
        case .supabaseConfig: supabaseConfig.map { ($0.0, Array($0.1.utf8)) }
        case .userSeed: SeedFuzzing.seeds.map { ($0.0, Array($0.1.utf8)) }
        }
    }

    private static let nonceHash = SHA256Hex.hash(FuzzFixture.rawNonce)
    private static let header = #"{"kid":"FUZZKEY001","alg":"RS256"}"#
    private static let claims =
        #"""
        {"iss":"https://appleid.apple.com","aud":"com.example.authcoordinator","exp":1767312000,"iat":1767225540,"sub":"001542.fuzz.16\#
        03","nonce":"\#(nonceHash)","email":"ada@example.com","email_verified":"true"}
        """#

    private static var tokens: [(String, [UInt8])] {
        let parts = TokenFuzzing.seedToken.split(separator: ".").map(String.init)
        let publicPEM = Array(FuzzFixture.privateKey.publicKey.pemRepresentation.utf8)
        let hs256 = (try? JWTSigningKey.hs256(secret: publicPEM, keyID: FuzzFixture.keyID).sign(["sub": .string("victim")])) ?? ""
        return [
            ("valid", Array(TokenFuzzing.seedToken.utf8)),
            ("alg-none", Array((Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + parts[1] + ".").utf8)),
            ("hs256-public-key-pem", Array(hs256.utf8)),
            ("four-segments", Array((TokenFuzzing.seedToken + "." + parts[2]).utf8)),
            (
                "duplicate-alg",
                Array(
                    FuzzFixture.sign(header: Array(#"{"alg":"none","kid":"FUZZKEY001","alg":"RS256"}"#.utf8), payload: Array(claims.utf8))
                        .utf8)
            ),
        ]
    }

    private static var signedClaims: [(String, String)] {
        func edited(_ edit: String) -> String { String(claims.dropLast()) + "," + edit + "}" }
        return [
            ("valid", header + "\n" + claims),
            ("payload-only", claims),
            (
                "aud-array-azp",
                header + "\n"
                    + #"""
                    {"iss":"accounts.google.com","aud":["com.example.authcoordinator","x"],"azp":"com.example.authcoordinator","exp":1\#
                    767229200,"iat":1767225600,"nbf":1767225300,"sub":"1"}
                    """#
            ),
            ("crit", #"{"alg":"RS256","kid":"FUZZKEY001","crit":["exp"]}"# + "\n" + claims),
            ("duplicate-sub", header + "\n" + edited(#""sub":"victim""#)),
            (
                "no-nonce",
                header + "\n"
                    + #"""
                    {"iss":"https://appleid.apple.com","aud":"com.example.authcoordinator","exp":1767312000,"iat":1767225540,"sub":"s"\#
                    }
                    """#
            ),
            // Trapped in IDTokenVerifier (`exp + clockSkew` overflowed) before saturating arithmetic.
            (
                "regression-exp-int64-max",
                header + "\n"
                    + #"""
                    {"iss":"https://appleid.apple.com","aud":"com.example.authcoordinator","exp":9223372036854775807,"iat":0,"sub":"s"\#
                    }
                    """#
            ),
        ]
    }

    private static var jwks: [(String, [UInt8])] {
        var keys = FuzzFixture.keys.json
        let fixture = FuzzFixture.keys.json
        if let weak = try? _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)),
            let primitives = try? weak.publicKey.getKeyPrimitives()
        {
            let jwk: JSONObject = [
                "kty": .string("RSA"), "kid": .string("WEAK1024"), "alg": .string("RS256"),
                "n": .string(Base64URL.encode(Array(primitives.modulus))), "e": .string("AQAB"),
            ]
            keys["keys"] = .array((keys["keys"]?.arrayValue ?? []) + [.object(jwk)])
        }
        return [
            ("fixture", fixture.serialized()),
            ("with-1024-bit-key", keys.serialized()),
            ("ec-key", Array(#"{"keys":[{"kty":"EC","crv":"P-256","kid":"EC1","x":"AAAA","y":"AAAA"}]}"#.utf8)),
        ]
    }

    private static let supabaseConfig: [(String, String)] = [
        (
            "auth",
            """
            project_id = "seed"
            [auth]
            site_url = "http://127.0.0.1:3000"
            additional_redirect_urls = [
              "https://127.0.0.1:3000", # a comment
            ]
            jwt_expiry = 3_600
            enable_signup = true
            password_requirements = "letters_digits"
            jwt_secret = "env(FUZZ)"
            [auth.email]
            enable_confirmations = false
            otp_length = 0x6
            [auth.external.apple]
            enabled = true
            client_id = "com.example.app"
            skip_nonce_check = 'false'
            """
        ),
        ("escapes", "[auth]\nsite_url = \"\\u00e9\\U0001F600\\t\"\n\"quoted.key\" = -1.5e3\n"),
        ("refused", "[auth]\nx = { a = 1 }\n[[b]]\nc = 1979-05-27\n"),
    ]

    private static let json: [(String, String)] = [
        ("claims", claims),
        ("nested", #"{"a":[1,-0,1.5e-7,12345678901234567890,1e308,true,false,null,{"b":{}}],"c":[]}"#),
        ("escapes", #"["\u00e9\ud83d\ude00\n\t\"\\\/", "\u0000"]"#),
        ("scalar", "-12.5E+3"),
    ]

    private static let supabaseUser =
        #"""
        {"id":"8d8f6c1e-0000-4000-8000-000000000001","aud":"authenticated","role":"authenticated","email":"ada@example.com","phone":""\#
        ,"email_confirmed_at":"2026-01-01T00:00:00Z","last_sign_in_at":"2026-01-01T00:00:00Z","app_metadata":{"provider":"apple","prov\#
        iders":["apple"]},"user_metadata":{"full_name":"Ada Lovelace","avatar_url":"https://example.com/a.png"},"identities":[{"identi\#
        ty_id":"i1","id":"001542.x","user_id":"8d8f6c1e-0000-4000-8000-000000000001","identity_data":{"custom_claims":{"is_private_ema\#
        il":"true"}},"provider":"apple","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}],"created_at":"2026-0\#
        1-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z","is_anonymous":false}
        """#

    private static var supabase: [(String, String)] {
        [
            (
                "session",
                #"{"access_token":"a.b.c","token_type":"bearer","expires_in":3600,"expires_at":1767229200,"refresh_token":"r1","user":"#
                    + supabaseUser + "}"
            ),
            ("user", supabaseUser),
            (
                "rate-limited",
                #"{"code":"over_email_send_rate_limit","message":"For security purposes, you can only request this after 42 seconds."}"#
            ),
            ("oauth-nonce", #"{"error":"invalid_grant","error_description":"Nonces mismatch"}"#),
            ("legacy-error", #"{"code":403,"error_code":"otp_expired","msg":"Token has expired or is invalid"}"#),
            // Trapped scheduling the refresh (Int64 milliseconds) before expires_at was clamped.
            (
                "regression-expires-at-int64-max",
                #"""
                {"access_token":"a.b.c","token_type":"bearer","expires_in":3600,"expires_at":9223372036854775807,"refresh_token":"r1",\#
                "user":{"id":"u1","aud":"authenticated","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}}
                """#
            ),
            // Trapped in AuthError.description (Int of 1e23) before retry-after was limited to 9 digits.
            ("regression-retry-after-huge", #"{"code":"over_request_rate_limit","message":"try after 99999999999999999999999 seconds"}"#),
        ]
    }

    private static let firebase: [(String, String)] = [
        (
            "idp",
            #"""
            {"kind":"identitytoolkit#VerifyAssertionResponse","federatedId":"001542.x","providerId":"apple.com","localId":"u1","email"\#
            :"ada@example.com","emailVerified":true,"idToken":"a.b.c","refreshToken":"r1","expiresIn":"3600","isNewUser":true}
            """#
        ),
        (
            "idp-refusal",
            #"""
            {"needConfirmation":true,"email":"ada@example.com","verifiedProvider":["google.com"],"errorMessage":"FEDERATED_USER_ID_ALR\#
            EADY_LINKED","oauthIdToken":"x.y.z"}
            """#
        ),
        (
            "secure-token",
            #"""
            {"access_token":"a.b.c","expires_in":"3600","token_type":"Bearer","refresh_token":"r1","id_token":"a.b.c","user_id":"u1","\#
            project_id":"demo"}
            """#
        ),
        (
            "lookup",
            #"""
            {"users":[{"localId":"u1","email":"ada@example.com","emailVerified":true,"providerUserInfo":[{"providerId":"apple.com","ra\#
            wId":"001542.x","federatedId":"001542.x"}]}]}
            """#
        ),
        ("error", #"{"error":{"code":400,"message":"MISSING_OR_INVALID_NONCE : Nonce is missing in the request.","errors":[]}}"#),
        // Trapped scheduling the refresh (Int64 milliseconds) before expiresIn was limited.
        (
            "regression-expires-in-1e300",
            #"""
            {"access_token":"a.b.c","expires_in":"1e300","token_type":"Bearer","refresh_token":"r1","id_token":"a.b.c","user_id":"u1",\#
            "project_id":"demo"}
            """#
        ),
    ]
}
