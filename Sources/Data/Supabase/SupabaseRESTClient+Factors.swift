import AuthDomain
import AuthJWT
import Foundation

/// GoTrue's `/factors` routes over HTTP, as supabase-swift's `AuthMFA` calls them.
extension SupabaseRESTClient {
    func enrollFactor(bearer: String, friendlyName: String?, issuer: String?) async throws -> SupabaseEnrolledFactorPayload {
        var body: JSONObject = ["factor_type": .string("totp")]
        if let friendlyName { body["friendly_name"] = .string(friendlyName) }
        if let issuer { body["issuer"] = .string(issuer) }
        return try await call("POST", "factors", body: body, bearer: bearer, idempotent: false)
    }

    func challengeFactor(bearer: String, factorID: String) async throws -> SupabaseChallengePayload {
        try await call("POST", "factors/\(try Self.factorPath(factorID))/challenge", body: JSONObject(), bearer: bearer, idempotent: false)
    }

    func verifyFactor(bearer: String, factorID: String, challengeID: String, code: String) async throws -> SupabaseSessionPayload {
        let body: JSONObject = ["challenge_id": .string(challengeID), "code": .string(code)]
        return try await call("POST", "factors/\(try Self.factorPath(factorID))/verify", body: body, bearer: bearer, idempotent: false)
    }

    func unenrollFactor(bearer: String, factorID: String) async throws {
        _ = try await send(
            "DELETE", url: try endpoint("factors/\(try Self.factorPath(factorID))"), body: nil, bearer: bearer, idempotent: true)
    }

    /// Factor ids are UUIDs; anything else could walk the path (`../`).
    private static func factorPath(_ factorID: String) throws(AuthError) -> String {
        guard UUID(uuidString: factorID) != nil else { throw .invalidInput("\"\(factorID)\" is not a Supabase factor id") }
        return factorID
    }
}
