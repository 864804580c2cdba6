import AuthData
import AuthJWT
import Foundation

/// `projects/{p}:createSessionCookie`: a session cookie for a server-rendered web app
/// (firebase-tools `src/emulator/auth/operations.ts` `createSessionCookie`).
extension FirebaseEngine {
    /// The shortest session cookie (5 minutes) and the longest (14 days), in seconds, as
    /// firebase-tools and firebase-admin-python (`_token_gen.py`) bound `validDuration`.
    package static let sessionCookieDurations: ClosedRange<Int64> = 300...1_209_600

    /// A session cookie for the user of a valid ID token: the ID token's claims with `iat` now,
    /// `exp` after `validDuration` and `iss` `https://session.firebase.google.com/{project}`,
    /// the claims the Admin SDKs' `verify_session_cookie` checks. It is signed RS256 with the
    /// ID-token key (Google's emulator leaves it unsigned; see `Docs/Emulator.md`).
    /// - Parameters:
    ///   - idToken: The user's ID token.
    ///   - validDuration: Seconds, as a number or a string; absent: 14 days.
    /// - Returns: `sessionCookie`.
    /// - Throws: `MISSING_ID_TOKEN`, `INVALID_DURATION`, `INVALID_ID_TOKEN`, `USER_NOT_FOUND`,
    ///   `USER_DISABLED`, `TOKEN_EXPIRED` (revoked).
    package func createSessionCookie(idToken: String?, validDuration: JSONValue?) async throws(FirebaseFailure) -> JSONObject {
        guard let idToken, !idToken.isEmpty else { throw .missingIDToken }
        let duration = try Self.sessionCookieDuration(validDuration)
        _ = try await authenticate(idToken)
        guard let jws = try? CompactJWS(parsing: idToken) else { throw .invalidIDToken }
        var claims = jws.payload
        let issuedAt = nowSeconds
        claims["iat"] = .int(issuedAt)
        claims["exp"] = .int(issuedAt + duration)
        claims["iss"] = .string("https://session.firebase.google.com/\(configuration.projectID)")
        do { return ["sessionCookie": .string(try configuration.idTokenKey.sign(claims))] } catch {
            throw .code("INTERNAL_ERROR", status: 500)
        }
    }

    /// `validDuration` in seconds: a number or a decimal string; absent or zero means the longest.
    private static func sessionCookieDuration(_ value: JSONValue?) throws(FirebaseFailure) -> Int64 {
        let seconds: Int64?
        switch value {
        case nil, .null: seconds = 0
        case .string(let text): seconds = text.isEmpty ? 0 : Int64(text)
        default: seconds = value?.intValue
        }
        guard let seconds else { throw .code("INVALID_DURATION") }
        let duration = seconds == 0 ? sessionCookieDurations.upperBound : seconds
        guard sessionCookieDurations.contains(duration) else { throw .code("INVALID_DURATION") }
        return duration
    }
}
