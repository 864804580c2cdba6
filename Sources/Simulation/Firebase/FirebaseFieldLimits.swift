import AuthData
import AuthJWT

/// Bounds on the user-controlled fields the Firebase-like engine stores. Google documents them in
/// the Identity Toolkit discovery document (firebase-tools `schema.ts`, generated from it):
/// `displayName` at most 256 characters, `photoUrl` at most 2048, `customAttributes` at most
/// 1,000, an email under 256. firebase-tools enforces only the `customAttributes` one
/// (`ops.ts` `validateSerializedCustomClaims`, `CLAIMS_TOO_LARGE`); the codes production sends for
/// the other three are not documented, and this engine answers `INVALID_DISPLAY_NAME`,
/// `INVALID_PHOTO_URL` (the Admin SDKs' names for those fields' errors) and `INVALID_EMAIL`.
enum FirebaseFieldLimits {
    /// `displayName`, in characters.
    static let displayName = 256
    /// `photoUrl`, in characters.
    static let photoUrl = 2048
    /// `customAttributes`, in UTF-16 code units (JavaScript's `length`, as firebase-tools counts).
    static let customAttributes = 1000
    /// A `continueUrl` put into sign-in links (not documented by Google; this engine's bound).
    static let continueUrl = 2048
    /// A `localId` chosen by an admin (the Admin SDKs: 1 to 128 characters).
    static let localId = 128
    /// Claims a custom attribute may not name (firebase-tools `ops.ts` `FORBIDDEN_CUSTOM_CLAIMS`,
    /// checked in this order).
    static let forbiddenClaims = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time", "firebase", "at_hash", "c_hash",
    ]

    /// Checks a display name and a photo URL.
    /// - Parameters:
    ///   - displayName: The name, if one is set.
    ///   - photoUrl: The URL, if one is set.
    /// - Throws: `INVALID_DISPLAY_NAME`, `INVALID_PHOTO_URL`.
    static func checkProfile(displayName: String?, photoUrl: String?) throws(FirebaseFailure) {
        if let displayName, displayName.count > Self.displayName {
            throw .code("INVALID_DISPLAY_NAME", "Display name must be at most \(Self.displayName) characters.")
        }
        if let photoUrl, photoUrl.count > Self.photoUrl {
            throw .code("INVALID_PHOTO_URL", "Photo URL must be at most \(Self.photoUrl) characters.")
        }
    }

    /// Checks custom claims as firebase-tools does: size, then a JSON object, then no reserved
    /// claim. `""` is allowed (it clears the claims).
    /// - Parameter attributes: The JSON text.
    /// - Throws: `CLAIMS_TOO_LARGE`, `INVALID_CLAIMS`, `FORBIDDEN_CLAIM : <name>`.
    static func checkCustomAttributes(_ attributes: String) throws(FirebaseFailure) {
        guard attributes.utf16.count <= customAttributes else { throw .code("CLAIMS_TOO_LARGE") }
        guard !attributes.isEmpty else { return }
        let object: JSONObject
        do { object = try StrictJSONParser.parseObject(Array(attributes.utf8)) } catch { throw .code("INVALID_CLAIMS") }
        if let name = forbiddenClaims.first(where: { object[$0] != nil }) { throw .code("FORBIDDEN_CLAIM", name) }
    }
}
