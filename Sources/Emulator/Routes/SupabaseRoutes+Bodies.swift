import AuthData
import AuthJWT
import AuthSimulation

/// The JSON bodies of the Supabase routes, as GoTrue's `retrieveRequestParams` reads them.
extension SupabaseRoutes {
    struct OTPBody: Decodable {
        var email: String?
        var phone: String?
        var createUser: Bool?
        var data: JSONObject?
        enum CodingKeys: String, CodingKey { case email, phone, data, createUser = "create_user" }
    }

    struct VerifyBody: Decodable {
        var type: String?
        var email: String?
        var phone: String?
        var token: String?
        var tokenHash: String?
        var redirectTo: String?
        enum CodingKeys: String, CodingKey { case type, email, phone, token, tokenHash = "token_hash", redirectTo = "redirect_to" }
    }

    struct SignUpBody: Decodable {
        var email: String?
        var phone: String?
        var password: String?
        var data: JSONObject?
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

    struct RecoverBody: Decodable {
        var email: String?
    }

    struct ResendBody: Decodable {
        var type: String?
        var email: String?
        var phone: String?
    }

    struct PKCEBody: Decodable {
        var authCode: String?
        var codeVerifier: String?
        enum CodingKeys: String, CodingKey { case authCode = "auth_code", codeVerifier = "code_verifier" }
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
        enum CodingKeys: String, CodingKey { case data, email, password, phone, nonce, appMetadata = "app_metadata" }
    }
}

extension EmulatorRequest {
    /// The key Supabase's rate limits are kept under: the peer's address (`unknown` for
    /// requests handled without a socket).
    var client: String { clientAddress ?? "unknown" }
}
