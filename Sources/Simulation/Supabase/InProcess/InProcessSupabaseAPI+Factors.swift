import AuthData

/// GoTrue's `/factors` routes answered by the in-process engine.
extension InProcessSupabaseAPI {
    func enrollFactor(bearer: String, friendlyName: String?, issuer: String?) async throws -> SupabaseEnrolledFactorPayload {
        try await engine.enrollFactor(bearer: bearer, factorType: "totp", friendlyName: friendlyName, issuer: issuer)
    }

    func challengeFactor(bearer: String, factorID: String) async throws -> SupabaseChallengePayload {
        try await engine.challengeFactor(bearer: bearer, factorID: factorID)
    }

    func verifyFactor(bearer: String, factorID: String, challengeID: String, code: String) async throws -> SupabaseSessionPayload {
        try await engine.verifyFactor(bearer: bearer, factorID: factorID, challengeID: challengeID, code: code)
    }

    func unenrollFactor(bearer: String, factorID: String) async throws {
        _ = try await engine.unenrollFactor(bearer: bearer, factorID: factorID)
    }
}
