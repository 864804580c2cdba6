import AuthData
import AuthJWT

/// A custom token as `accounts:signInWithCustomToken` reads it: the `uid` it signs in and the
/// developer `claims` it carries.
///
/// Which tokens are taken, and why (firebase-tools `src/emulator/auth/operations.ts`
/// `signInWithCustomToken`; firebase-admin-python `_token_gen.py` `create_custom_token`):
/// - A JWT with `alg: none`: what every Admin SDK signs in emulator mode
///   (`FIREBASE_AUTH_EMULATOR_HOST` set), issued by `firebase-auth-emulator@example.com`.
/// - A JWT with `alg: RS256`: what the Admin SDKs sign with a service account's key for
///   production. The emulator holds no service account's public key, so, as Google's emulator
///   does, it takes the token without checking the signature.
/// - Any other `alg` (a legacy HS256 token, say) is refused: production takes RS256 only.
/// - Plain JSON text (`{"uid": …}`): Google's emulator takes it to make tests simple, and so does
///   this one; its `aud` is not checked.
///
/// `aud` must be Identity Toolkit's (``audience``); `iat` and `exp` are not checked (as in
/// Google's emulator, so that a test can reuse a token); `uid` (or `user_id`) is 1 to 128
/// characters; `claims` is a JSON object that passes the custom-claims checks.
package struct FirebaseCustomToken: Sendable, Equatable {
    /// The `aud` of every custom token the Admin SDKs mint.
    package static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
    /// The longest token read (a custom token with claims is well under 2 KiB).
    package static let maxLength = 16 * 1024

    /// The user the token signs in.
    package let uid: String
    /// The developer claims, copied into the ID tokens it mints.
    package let claims: JSONObject

    /// Reads a custom token.
    /// - Parameter token: The `token` field, as sent.
    /// - Throws: `MISSING_CUSTOM_TOKEN`, `INVALID_CUSTOM_TOKEN : <why>`, `MISSING_IDENTIFIER`, and
    ///   the claim checks of ``FirebaseFieldLimits`` (`CLAIMS_TOO_LARGE`, `INVALID_CLAIMS`,
    ///   `FORBIDDEN_CLAIM : <name>`).
    package init(parsing token: String?) throws(FirebaseFailure) {
        guard let token, !token.isEmpty else { throw .code("MISSING_CUSTOM_TOKEN") }
        guard token.utf8.count <= Self.maxLength else { throw Self.invalid("Invalid assertion format") }
        let payload = token.hasPrefix("{") ? try Self.jsonPayload(token) : try Self.jwtPayload(token)
        let uid = Self.primitiveString(payload["uid"]) ?? Self.primitiveString(payload["user_id"])
        guard let uid, !uid.isEmpty else { throw .code("MISSING_IDENTIFIER") }
        guard uid.count <= FirebaseFieldLimits.localId else {
            throw Self.invalid("uid must be 1 to \(FirebaseFieldLimits.localId) characters")
        }
        var claims = JSONObject()
        if let value = payload["claims"], value != .null {
            guard let object = value.objectValue else { throw .code("INVALID_CLAIMS") }
            try FirebaseFieldLimits.checkCustomAttributes(JSONValue.object(object).jsonString)
            claims = object
        }
        self.uid = uid
        self.claims = claims
    }

    private static func jsonPayload(_ token: String) throws(FirebaseFailure) -> JSONObject {
        do { return try StrictJSONParser.parseObject(Array(token.utf8)) } catch {
            throw invalid("((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
        }
    }

    /// A JWT's payload. ``CompactJWS`` refuses an empty signature, which an unsigned token has,
    /// so the three parts are read here.
    private static func jwtPayload(_ token: String) throws(FirebaseFailure) -> JSONObject {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
            let header = try? StrictJSONParser.parseObject(headerBytes), let payload = try? StrictJSONParser.parseObject(payloadBytes)
        else { throw invalid("Invalid assertion format") }
        let algorithm = header["alg"]?.stringValue
        switch algorithm {
        case "none": guard parts[2].isEmpty else { throw invalid("An unsigned token carries a signature") }
        case "RS256": guard Base64URL.decode(parts[2])?.isEmpty == false else { throw invalid("Invalid assertion format") }
        default: throw invalid("Custom tokens are signed RS256 (or unsigned in emulator mode), not \(algorithm ?? "nothing")")
        }
        guard payload["aud"]?.stringValue == audience else {
            throw invalid(
                "((Invalid aud (audience). Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))")
        }
        return payload
    }

    /// A string, number or boolean as text (firebase-tools `coercePrimitiveToString`).
    private static func primitiveString(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        default: nil
        }
    }

    private static func invalid(_ detail: String) -> FirebaseFailure { .code("INVALID_CUSTOM_TOKEN", detail) }
}
