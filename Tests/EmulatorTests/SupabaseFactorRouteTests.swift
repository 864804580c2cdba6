import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// TOTP factors over the emulator's `/auth/v1` routes, after GoTrue internal/api/mfa.go
/// (`EnrollFactor`, `validateFactors`, `ChallengeFactor`, `validateChallenge`, `verifyTOTPFactor`,
/// `UnenrollFactor`), internal/api/admin.go (`loadFactor`, `adminUserGetFactors`,
/// `adminUserDeleteFactor`), internal/api/user.go (`insufficient_aal`), internal/api/token.go
/// (`updateMFASessionAndClaims`) and internal/models/sessions.go (`CalculateAALAndAMR`).
@Suite("Emulator: Supabase TOTP factors")
struct SupabaseFactorRouteTests {
    private struct Enrolled {
        var id: String
        var secret: Secret
    }

    private func makeSUT(_ change: (inout SupabaseSettings) -> Void = { _ in }) async throws -> EmulatorHarness {
        try await EmulatorHarness.passwords(autoconfirm: true, change).sut
    }

    private func signUp(_ sut: EmulatorHarness, _ email: String = "ada@example.com") async throws -> String {
        let response = await sut.supabase("POST", "signup", json: #"{"email":"\#(email)","password":"correct horse"}"#)
        return try #require(response.object["access_token"]?.stringValue, "\(response.object)")
    }

    private func signIn(_ sut: EmulatorHarness, _ email: String = "ada@example.com") async throws -> JSONObject {
        let response = await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"\#(email)","password":"correct horse"}"#)
        #expect(response.status == 200)
        return response.object
    }

    private func enroll(_ sut: EmulatorHarness, _ bearer: String, name: String = "phone") async throws -> Enrolled {
        let response = await sut.supabase(
            "POST", "factors", json: #"{"factor_type":"totp","friendly_name":"\#(name)","issuer":"example.com"}"#, bearer: bearer)
        #expect(response.status == 200, "\(response.object)")
        let totp = try #require(response.object["totp"]?.objectValue)
        return Enrolled(id: try #require(response.object["id"]?.stringValue), secret: Secret(try #require(totp["secret"]?.stringValue)))
    }

    private func challenge(_ sut: EmulatorHarness, _ bearer: String, _ factor: String) async throws -> String {
        let response = await sut.supabase("POST", "factors/\(factor)/challenge", json: "{}", bearer: bearer)
        #expect(response.status == 200, "\(response.object)")
        return try #require(response.object["id"]?.stringValue)
    }

    private func verify(_ sut: EmulatorHarness, _ bearer: String, _ factor: String, _ challenge: String, _ code: String) async
        -> EmulatorResponse
    {
        await sut.supabase("POST", "factors/\(factor)/verify", json: #"{"challenge_id":"\#(challenge)","code":"\#(code)"}"#, bearer: bearer)
    }

    private func code(_ sut: EmulatorHarness, _ secret: Secret, offset: TimeInterval = 0) throws -> String {
        try TOTP().code(for: secret, at: sut.world.clock.now.addingTimeInterval(offset))
    }

    private func claims(_ session: JSONObject) throws -> JSONObject {
        try CompactJWS(parsing: try #require(session["access_token"]?.stringValue)).payload
    }

    /// Enrols, verifies a first code and answers the aal2 session.
    private func enrolAndVerify(_ sut: EmulatorHarness, _ bearer: String) async throws -> (factor: Enrolled, session: JSONObject) {
        let factor = try await enroll(sut, bearer)
        let challengeID = try await challenge(sut, bearer, factor.id)
        let verified = await verify(sut, bearer, factor.id, challengeID, try code(sut, factor.secret))
        #expect(verified.status == 200, "\(verified.object)")
        return (factor, verified.object)
    }

    @Test("enrol answers GoTrue's shape: id, type, friendly_name, totp.secret (base32) and totp.uri (otpauth)")
    func enrolShape() async throws {
        let sut = try await makeSUT()
        let bearer = try await signUp(sut)
        let response = await sut.supabase(
            "POST", "factors", json: #"{"factor_type":"totp","friendly_name":"phone","issuer":"example.com"}"#, bearer: bearer)
        #expect(response.status == 200)
        #expect(response.object["type"] == .string("totp") && response.object["friendly_name"] == .string("phone"))
        let totp = try #require(response.object["totp"]?.objectValue)
        let secret = try #require(totp["secret"]?.stringValue)
        #expect(Base32.decode(secret)?.count == 20)
        #expect(
            totp["uri"]
                == .string(
                    "otpauth://totp/example.com:ada@example.com?algorithm=SHA1&digits=6&issuer=example.com&period=30"
                        + "&secret=\(secret)"))
        #expect(totp["qr_code"] != nil)
        let user = await sut.supabase("GET", "user", bearer: bearer)
        let factors = try #require(user.object["factors"]?.arrayValue)
        #expect(factors.first?.objectValue?["status"] == .string("unverified"))
        #expect(factors.first?.objectValue?["factor_type"] == .string("totp"))
        #expect(
            user.body.count > 0 && !String(decoding: user.body, as: UTF8.self).contains(secret), "the secret is in the enrol answer only")
    }

    @Test("a right code answers the aal2 session (amr totp first, then password) and a refresh keeps aal2")
    func verifyRaisesTheSession() async throws {
        let sut = try await makeSUT()
        let bearer = try await signUp(sut)
        #expect(try claims(try await signIn(sut))["aal"] == .string("aal1"))
        let (factor, session) = try await enrolAndVerify(sut, bearer)
        let raised = try claims(session)
        #expect(raised["aal"] == .string("aal2"))
        let methods = raised["amr"]?.arrayValue?.compactMap { $0.objectValue?["method"]?.stringValue }
        #expect(methods == ["totp", "password"])
        #expect(session["user"]?.objectValue?["factors"]?.arrayValue?.first?.objectValue?["status"] == .string("verified"))

        let refresh = try #require(session["refresh_token"]?.stringValue)
        let refreshed = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(refresh)"}"#)
        #expect(refreshed.status == 200)
        #expect(try claims(refreshed.object)["aal"] == .string("aal2"))

        let fresh = try await signIn(sut)
        #expect(try claims(fresh)["aal"] == .string("aal1"), "a new first-factor sign-in starts at aal1")
        #expect(fresh["user"]?.objectValue?["factors"]?.arrayValue?.count == 1, "and lists the factor for the step-up")
        _ = factor
    }

    @Test("verify ends the user's other aal1 sessions and deletes their unverified TOTP factors")
    func verifyEndsWeakerSessions() async throws {
        let sut = try await makeSUT()
        let bearer = try await signUp(sut)
        let other = try #require(try await signIn(sut)["access_token"]?.stringValue)
        let first = try await enroll(sut, bearer, name: "first")
        let spare = try await enroll(sut, bearer, name: "spare")
        let challengeID = try await challenge(sut, bearer, first.id)
        #expect(await verify(sut, bearer, first.id, challengeID, try code(sut, first.secret)).status == 200)
        #expect(await sut.supabase("GET", "user", bearer: other).object["code"] == .string("session_not_found"))
        let admin = try sut.world.services.supabase.serviceRoleKey()
        let userID = try #require(try CompactJWS(parsing: bearer).payload["sub"]?.stringValue)
        let listed = await sut.supabase("GET", "admin/users/\(userID)/factors", bearer: admin)
        let ids = try #require(try StrictJSONParser.parse(listed.body).arrayValue).compactMap { $0.objectValue?["id"]?.stringValue }
        #expect(ids == [first.id], "the unverified \(spare.id) is gone")
    }

    @Test("wrong, reused, skewed, non-numeric and overlong codes; expired, unknown and foreign challenges")
    func badCodesAndChallenges() async throws {
        let sut = try await makeSUT()
        let bearer = try await signUp(sut)
        let factor = try await enroll(sut, bearer)
        var challengeID = try await challenge(sut, bearer, factor.id)
        let right = try code(sut, factor.secret)
        let wrong = right == "000000" ? "111111" : "000000"
        for bad in [wrong, "12345a", "1234567", "12345", try code(sut, factor.secret, offset: 60)] {
            let answer = await verify(sut, bearer, factor.id, challengeID, bad)
            #expect(answer.status == 422 && answer.object["code"] == .string("mfa_verification_failed"), "\(bad.count) characters")
        }
        #expect(await verify(sut, bearer, factor.id, challengeID, "").object["code"] == .string("validation_failed"))
        let unknown = await verify(sut, bearer, factor.id, UUID().uuidString.lowercased(), right)
        #expect(unknown.status == 422 && unknown.object["code"] == .string("mfa_factor_not_found"))
        let badID = await verify(sut, bearer, factor.id, "nope", right)
        #expect(badID.status == 400 && badID.object["code"] == .string("bad_json"))
        let unknownFactor = await sut.supabase("POST", "factors/\(UUID().uuidString)/challenge", json: "{}", bearer: bearer)
        #expect(unknownFactor.status == 404 && unknownFactor.object["code"] == .string("mfa_factor_not_found"))

        let otherSession = try #require(try await signIn(sut)["access_token"]?.stringValue)
        let foreign = await verify(sut, otherSession, factor.id, challengeID, right)
        #expect(foreign.status == 422 && foreign.object["code"] == .string("mfa_ip_address_mismatch"))

        #expect(
            await verify(sut, bearer, factor.id, challengeID, right).status == 200, "one step of skew either side, wrong tries kept it open"
        )
        let raised = try #require(try await signIn(sut)["access_token"]?.stringValue)
        challengeID = try await challenge(sut, raised, factor.id)
        let reused = await verify(sut, raised, factor.id, challengeID, right)
        #expect(reused.status == 422 && reused.object["code"] == .string("mfa_verification_failed"), "a used code is refused in its window")

        sut.world.clock.advance(by: 301)
        let expired = await verify(sut, raised, factor.id, challengeID, try code(sut, factor.secret))
        #expect(expired.status == 422 && expired.object["code"] == .string("mfa_challenge_expired"))
    }

    @Test("anonymous users cannot enrol; a second factor and removing a verified one need aal2; at most 10 factors")
    func enrolmentRules() async throws {
        let sut = try await makeSUT { $0.mfa.maxEnrolledFactors = 3 }
        let anonymous = try #require(await sut.supabase("POST", "signup", json: "{}").object["access_token"]?.stringValue)
        let refused = await sut.supabase("POST", "factors", json: #"{"factor_type":"totp"}"#, bearer: anonymous)
        #expect(refused.status == 403 && refused.object["code"] == .string("no_authorization"))
        let bearer = try await signUp(sut)
        let wrongType = await sut.supabase("POST", "factors", json: #"{"factor_type":"sms"}"#, bearer: bearer)
        #expect(wrongType.status == 400 && wrongType.object["code"] == .string("validation_failed"))
        for name in ["a", "b", "c"] { _ = try await enroll(sut, bearer, name: name) }
        let tooMany = await sut.supabase("POST", "factors", json: #"{"factor_type":"totp","friendly_name":"d"}"#, bearer: bearer)
        #expect(tooMany.status == 422 && tooMany.object["code"] == .string("too_many_enrolled_mfa_factors"))
        let duplicate = await sut.supabase("POST", "factors", json: #"{"factor_type":"totp","friendly_name":"a"}"#, bearer: bearer)
        #expect(duplicate.status == 422 && duplicate.object["code"] == .string("mfa_factor_name_conflict"))

        let sut2 = try await makeSUT()
        let bearer2 = try await signUp(sut2)
        let (factor, session) = try await enrolAndVerify(sut2, bearer2)
        let weak = try #require(try await signIn(sut2)["access_token"]?.stringValue)
        let second = await sut2.supabase("POST", "factors", json: #"{"factor_type":"totp","friendly_name":"two"}"#, bearer: weak)
        #expect(second.status == 403 && second.object["code"] == .string("insufficient_aal"))
        let remove = await sut2.supabase("DELETE", "factors/\(factor.id)", bearer: weak)
        #expect(remove.status == 422 && remove.object["code"] == .string("insufficient_aal"))
        let password = await sut2.supabase("PUT", "user", json: #"{"password":"another horse"}"#, bearer: weak)
        #expect(password.status == 401 && password.object["code"] == .string("insufficient_aal"))

        let strong = try #require(session["access_token"]?.stringValue)
        #expect(
            await sut2.supabase("POST", "factors", json: #"{"factor_type":"totp","friendly_name":"two"}"#, bearer: strong).status == 200)
        let removed = await sut2.supabase("DELETE", "factors/\(factor.id)", bearer: strong)
        #expect(removed.status == 200 && removed.object["id"] == .string(factor.id))
        let refreshed = await sut2.supabase(
            "POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(try #require(session["refresh_token"]?.stringValue))"}"#)
        #expect(try claims(refreshed.object)["aal"] == .string("aal1"), "removing the factor downgrades its sessions")
    }

    @Test("TOTP enrol and verify follow GOTRUE_MFA_TOTP_ENROLL_ENABLED and GOTRUE_MFA_TOTP_VERIFY_ENABLED")
    func settings() async throws {
        let mfa = SupabaseMFASettings(environment: [
            "GOTRUE_MFA_TOTP_ENROLL_ENABLED": "false", "GOTRUE_MFA_MAX_ENROLLED_FACTORS": "4", "GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION": "60",
            "GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY": "5", "GOTRUE_MFA_FACTOR_EXPIRY_DURATION": "2m",
        ])
        #expect(!mfa.totpEnrollEnabled && mfa.totpVerifyEnabled && mfa.maxEnrolledFactors == 4 && mfa.challengeExpirySeconds == 60)
        #expect(mfa.rateLimitChallengeAndVerify == 5 && mfa.factorExpirySeconds == 120)
        let sut = try await makeSUT { $0.mfa = mfa }
        let bearer = try await signUp(sut)
        let refused = await sut.supabase("POST", "factors", json: #"{"factor_type":"totp"}"#, bearer: bearer)
        #expect(refused.status == 422 && refused.object["code"] == .string("mfa_totp_enroll_not_enabled"))
    }

    @Test("wrong codes: 30 tries at once, then GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY a minute (429 over_request_rate_limit)")
    func verifyRateLimit() async throws {
        let sut = try await EmulatorHarness.passwords(autoconfirm: true) { settings in
            settings.rateLimits = .gotrue
            settings.rateLimitHeader = "X-Forwarded-For"
            settings.mfa.rateLimitChallengeAndVerify = 15
        }.sut
        let bearer = try await signUp(sut)
        let factor = try await enroll(sut, bearer)
        let challengeID = try await challenge(sut, bearer, factor.id)
        let wrong = try code(sut, factor.secret) == "000000" ? "111111" : "000000"
        for attempt in 1...30 {
            let answer = await verify(sut, bearer, factor.id, challengeID, wrong)
            #expect(answer.object["code"] == .string("mfa_verification_failed"), "attempt \(attempt)")
        }
        let limited = await verify(sut, bearer, factor.id, challengeID, try code(sut, factor.secret))
        #expect(limited.status == 429 && limited.object["code"] == .string("over_request_rate_limit"))
        sut.world.clock.advance(by: 4)
        let right = await verify(sut, bearer, factor.id, challengeID, try code(sut, factor.secret))
        #expect(right.status == 200, "one more try every 4 s at 15 a minute")
    }

    @Test("admin lists and deletes a user's factors; the secret is in no answer but the enrolment")
    func admin() async throws {
        let sut = try await makeSUT()
        let bearer = try await signUp(sut)
        let factor = try await enroll(sut, bearer)
        let admin = try sut.world.services.supabase.serviceRoleKey()
        let userID = try #require(try CompactJWS(parsing: bearer).payload["sub"]?.stringValue)
        let listed = await sut.supabase("GET", "admin/users/\(userID)/factors", bearer: admin)
        #expect(listed.status == 200 && !String(decoding: listed.body, as: UTF8.self).contains(factor.secret.revealed))
        #expect(await sut.supabase("GET", "admin/users/\(userID)/factors", bearer: bearer).object["code"] == .string("not_admin"))
        let deleted = await sut.supabase("DELETE", "admin/users/\(userID)/factors/\(factor.id)", bearer: admin)
        #expect(deleted.status == 200 && deleted.object["id"] == .string(factor.id))
        let again = await sut.supabase("DELETE", "admin/users/\(userID)/factors/\(factor.id)", bearer: admin)
        #expect(again.status == 404 && again.object["code"] == .string("mfa_factor_not_found"))
    }
}
