import AuthData
import AuthDomain
import Foundation
import Testing

/// Absurd numbers from a server (or whoever answers in its place) are kept to values the app
/// can schedule and print; each of these inputs trapped before (found with `auth-fuzz`'s
/// response entries, see Docs/Fuzzing.md).
@Suite("Wire mapping keeps server numbers within what the app can use")
struct WireMappingLimitsTests {
    private let receivedAt = Date(timeIntervalSince1970: 1_767_225_600)

    private func makeSupabaseSession(expiresAt: String) throws -> SupabaseSessionPayload {
        let json =
            #"{"access_token":"a.b.c","token_type":"bearer","expires_in":3600,"expires_at":\#(expiresAt),"refresh_token":"r1","#
            + #""user":{"id":"u1","aud":"authenticated","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}}"#
        return try JSONDecoder().decode(SupabaseSessionPayload.self, from: Data(json.utf8))
    }

    @Test(
        "a Supabase expires_at beyond year 9999 or before 1970 is clamped, and its refresh delay computes",
        arguments: [("9223372036854775807", 253_402_300_799.0), ("-9223372036854775808", 0), ("1767229200", 1_767_229_200)])
    func supabaseExpiresAt(raw: String, expected: TimeInterval) throws {
        let session = SupabaseWireMapping.session(try makeSupabaseSession(expiresAt: raw))
        #expect(session.expiresAt.timeIntervalSince1970 == expected)
        #expect(Duration.interval(session.expiresAt.timeIntervalSince(receivedAt)) >= .zero)
    }

    @Test(
        "a Firebase expiresIn that is not whole seconds up to a year counts as one hour",
        arguments: [
            ("1e300", 3600.0), ("nan", 3600), ("inf", 3600), ("-5", 3600), ("99999999999999999999", 3600), ("3600.5", 3600), ("7200", 7200),
            ("0", 0),
        ])
    func firebaseExpiresIn(raw: String, lifetime: TimeInterval) throws {
        let session = try FirebaseWireMapping.session(idToken: "a.b.c", refreshToken: "r1", expiresIn: raw, userID: "u1", now: receivedAt)
        #expect(session.expiresAt.timeIntervalSince(receivedAt) == lifetime)
    }

    @Test(
        "retry-after is read from 1 to 9 ASCII digits only",
        arguments: [
            ("you can only request this after 42 seconds.", 42.0 as TimeInterval?), ("after 999999999 seconds", 999_999_999),
            ("after 99999999999999999999999 seconds", nil), ("after \u{0664}\u{0662} seconds", nil), ("after seconds", nil),
            ("no number", nil),
        ])
    func retryAfter(message: String, seconds: TimeInterval?) {
        #expect(SupabaseWireMapping.retryAfter(in: message) == seconds)
    }

    @Test("a rate-limit message with a huge number maps to an error that still describes itself")
    func hugeRetryAfterDescribes() {
        let error = SupabaseWireMapping.error(
            .api(status: 429, code: "over_request_rate_limit", message: "try after 99999999999999999999999 seconds"))
        #expect(error == .rateLimited(retryAfter: nil))
        #expect(!error.description.isEmpty)
    }

    @Test(
        "refresh delays from non-finite or huge intervals do not trap",
        arguments: [
            (TimeInterval.infinity, Duration.milliseconds(Int64.max)), (-.infinity, .zero), (.nan, .zero),
            (1e300, .milliseconds(Int64.max)),
            (-5, .zero), (1.0001, .milliseconds(1001)),
        ])
    func durationInterval(seconds: TimeInterval, expected: Duration) {
        #expect(Duration.interval(seconds) == expected)
    }
}
