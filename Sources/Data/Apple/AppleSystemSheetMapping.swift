import AuthDomain
import AuthJWT

/// What the system Apple ID sheet hands back, turned into domain values.
///
/// `SystemAppleIDAuthorizer` (Apple platforms only) passes the raw pieces of
/// `ASAuthorizationAppleIDCredential`, `ASAuthorizationError` and
/// `ASAuthorizationAppleIDProvider.CredentialState` here, so every decision is made in code
/// that is compiled and tested on Linux too. Raw values are Apple's, as documented in the
/// AuthenticationServices headers.
public enum AppleSystemSheetMapping {
    /// `ASAuthorizationError.Code` raw values.
    public enum ErrorCode: Int, Sendable, CaseIterable {
        case unknown = 1000
        case canceled = 1001
        case invalidResponse = 1002
        case notHandled = 1003
        case failed = 1004
        case notInteractive = 1005
        case matchedExcludedCredential = 1006
        case credentialImport = 1007
        case credentialExport = 1008
    }

    /// The error for a failed sheet.
    /// - Parameters:
    ///   - domain: The `NSError` domain; only `ASAuthorizationError`'s own codes are mapped.
    ///   - code: The `NSError` code.
    ///   - description: The system's description, kept for `authorizationFailed`.
    /// - Returns: `cancelled` for a dismissed sheet (the view model returns to idle without an
    ///   error), `notHandled`, or `authorizationFailed` with the reason.
    public static func error(domain: String, code: Int, description: String) -> AuthError {
        guard domain == "com.apple.AuthenticationServices.AuthorizationError",
            let known = ErrorCode(rawValue: code)
        else { return .authorizationFailed("\(domain) \(code): \(description)") }
        switch known {
        case .canceled: return .cancelled
        case .notHandled: return .notHandled
        case .notInteractive: return .authorizationFailed("no Apple ID credential is available without showing the sheet")
        case .invalidResponse: return .authorizationFailed("Apple returned an invalid response")
        case .unknown, .failed, .matchedExcludedCredential, .credentialImport, .credentialExport:
            return .authorizationFailed(description)
        }
    }

    /// The answer to `getCredentialState(forUserID:completion:)`, which hands back a state and an
    /// optional error together.
    ///
    /// The header says that a `notFound` state comes *with* an error, so a state of `notFound`
    /// is read as `notFound` whatever the error; any other state with an error means Apple could
    /// not answer.
    /// - Parameters:
    ///   - rawValue: `ASAuthorizationAppleIDProvider.CredentialState.rawValue`.
    ///   - error: The completion's error, as domain, code and description.
    /// - Returns: The state.
    /// - Throws: ``AuthError`` (mapped by ``error(domain:code:description:)``) when Apple could not
    ///   answer, or `authorizationFailed` for a state this library does not know.
    public static func credentialState(
        rawValue: Int, error: (domain: String, code: Int, description: String)?
    ) throws(AuthError) -> AppleIDCredentialState {
        let state = try credentialState(rawValue: rawValue)
        if let error, state != .notFound { throw self.error(domain: error.domain, code: error.code, description: error.description) }
        return state
    }

    /// The credential state for `ASAuthorizationAppleIDProvider.CredentialState.rawValue`.
    /// - Parameter rawValue: 0 revoked, 1 authorized, 2 not found, 3 transferred.
    /// - Returns: The state.
    /// - Throws: ``AuthError/authorizationFailed(_:)`` for a value this library does not know.
    public static func credentialState(rawValue: Int) throws(AuthError) -> AppleIDCredentialState {
        switch rawValue {
        case 0: return .revoked
        case 1: return .authorized
        case 2: return .notFound
        case 3: return .transferred
        default: throw .authorizationFailed("unknown Apple ID credential state \(rawValue)")
        }
    }

    /// The domain credential for the sheet's `ASAuthorizationAppleIDCredential`.
    /// - Parameters:
    ///   - user: `user`, Apple's stable user identifier.
    ///   - identityToken: `identityToken`, UTF-8 bytes of the JWT.
    ///   - authorizationCode: `authorizationCode`, UTF-8 bytes.
    ///   - email: `email` (first authorization only).
    ///   - givenName: `fullName?.givenName` (first authorization only).
    ///   - familyName: `fullName?.familyName`.
    /// - Returns: The credential. Missing or non-UTF-8 token bytes become a `nil` token (the
    ///   strategy refuses it with `missingIdentityToken`); names that are empty or only spaces
    ///   (Apple sends empty components after the first authorization) become `nil`.
    public static func credential(
        user: String, identityToken: [UInt8]?, authorizationCode: [UInt8]?, email: String?,
        givenName: String?, familyName: String?
    ) -> AppleIDCredential {
        let name = PersonName(givenName: nonBlank(givenName), familyName: nonBlank(familyName))
        return AppleIDCredential(
            user: user,
            identityToken: utf8(identityToken).map { Secret($0) },
            authorizationCode: utf8(authorizationCode).map { Secret($0) },
            email: nonBlank(email),
            fullName: name.formatted == nil ? nil : name)
    }

    /// The text of `bytes` if they are non-empty, well-formed UTF-8, else `nil`.
    static func utf8(_ bytes: [UInt8]?) -> String? {
        guard let bytes, !bytes.isEmpty else { return nil }
        return WellFormedUTF8.string(bytes)
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
