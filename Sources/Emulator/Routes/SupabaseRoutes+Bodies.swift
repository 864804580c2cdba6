import AuthData
import AuthJWT
import AuthSimulation

/// The JSON bodies of the Supabase routes, as GoTrue's `retrieveRequestParams` reads them.
extension SupabaseRoutes {
    /// `code_challenge` and `code_challenge_method`, in the bodies that start an emailed link.
    protocol ChallengeCarrying {
        var codeChallenge: String? { get }
        var codeChallengeMethod: String? { get }
    }

    struct OTPBody: Decodable, ChallengeCarrying {
        var email: String?
        var phone: String?
        var createUser: Bool?
        var data: JSONObject?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        enum CodingKeys: String, CodingKey {
            case email, phone, data
            case createUser = "create_user"
            case codeChallenge = "code_challenge"
            case codeChallengeMethod = "code_challenge_method"
        }
    }

    struct VerifyBody: Decodable {
        var type: String?
        var email: String?
        var phone: String?
        var token: String?
        var tokenHash: String?
        var redirectTo: String?
        enum CodingKeys: String, CodingKey {
            case type, email, phone, token
            case tokenHash = "token_hash"
            case redirectTo = "redirect_to"
        }
    }

    struct SignUpBody: Decodable, ChallengeCarrying {
        var email: String?
        var phone: String?
        var password: String?
        var data: JSONObject?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        enum CodingKeys: String, CodingKey {
            case email, phone, password, data
            case codeChallenge = "code_challenge"
            case codeChallengeMethod = "code_challenge_method"
        }
    }

    /// `grant_type=password` (GoTrue's `PasswordGrantParams`).
    struct PasswordBody: Decodable {
        var email: String?
        var phone: String?
        var password: String?
    }

    struct InviteBody: Decodable {
        var email: String?
        var data: JSONObject?
    }

    struct RecoverBody: Decodable, ChallengeCarrying {
        var email: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        enum CodingKeys: String, CodingKey {
            case email
            case codeChallenge = "code_challenge"
            case codeChallengeMethod = "code_challenge_method"
        }
    }

    struct ResendBody: Decodable, ChallengeCarrying {
        var type: String?
        var email: String?
        var phone: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        enum CodingKeys: String, CodingKey {
            case type, email, phone
            case codeChallenge = "code_challenge"
            case codeChallengeMethod = "code_challenge_method"
        }
    }

    struct PKCEBody: Decodable {
        var authCode: String?
        var codeVerifier: String?
        enum CodingKeys: String, CodingKey {
            case authCode = "auth_code"
            case codeVerifier = "code_verifier"
        }
    }

    struct RefreshBody: Decodable {
        var refreshToken: String?
        enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
    }

    struct UserBody: Decodable {
        var data: JSONObject?
        var email: String?
        var password: String?
        var phone: String?
        var appMetadata: JSONObject?
        var nonce: String?
        enum CodingKeys: String, CodingKey {
            case data, email, password, phone, nonce
            case appMetadata = "app_metadata"
        }
    }
}

extension EmulatorRequest {
    /// The key Supabase's per-client rate limits are kept under (``SupabaseRoutes/rateLimitKey(_:header:)``,
    /// which `handle` puts in `clientAddress`); empty: not limited.
    var client: String { clientAddress ?? "" }
}
