import AuthDomain
import Foundation

/// What Google's Sign-In SDK (GoogleSignIn-iOS, `GIDSignIn`) hands back, turned into domain
/// values, so that an app's adapter of ``GoogleSignInAuthorizing`` over the SDK makes no
/// decision of its own. The SDK cannot be built on Linux; this mapping is, and is tested here.
/// Codes and the error domain are the SDK's, from `GIDSignIn.h` (`GIDSignInErrorCode`) and
/// `GIDSignIn.m` (`kGIDSignInErrorDomain`).
///
/// ```swift
/// do {
///     let result = try await GIDSignIn.sharedInstance.signIn(withPresenting: root, hint: nil,
///                                                             additionalScopes: nil, nonce: request.nonce)
///     let user = result.user
///     return try GoogleSignInSDKMapping.credential(
///         userID: user.userID, idToken: user.idToken?.tokenString, accessToken: user.accessToken.tokenString,
///         email: user.profile?.email, givenName: user.profile?.givenName, familyName: user.profile?.familyName,
///         fullName: user.profile?.name, imageURL: user.profile?.imageURL(withDimension: 200))
/// } catch let error as NSError {
///     throw GoogleSignInSDKMapping.error(domain: error.domain, code: error.code, description: error.localizedDescription)
/// }
/// ```
public enum GoogleSignInSDKMapping {
    /// Foundation's `NSURLErrorDomain`, whose errors are the network's.
    public static let urlErrorDomain = "NSURLErrorDomain"

    /// `kGIDSignInErrorDomain`.
    public static let errorDomain = "com.google.GIDSignIn"

    /// `GIDSignInErrorCode` raw values.
    public enum ErrorCode: Int, Sendable, CaseIterable {
        /// `kGIDSignInErrorCodeUnknown`.
        case unknown = -1
        /// `kGIDSignInErrorCodeKeychain`: the SDK could not read or write the keychain.
        case keychain = -2
        /// `kGIDSignInErrorCodeHasNoAuthInKeychain`: nothing to restore.
        case hasNoAuthInKeychain = -4
        /// `kGIDSignInErrorCodeCanceled`: the user dismissed the sheet.
        case canceled = -5
        /// `kGIDSignInErrorCodeEMM`: an Enterprise Mobility Management refusal.
        case emm = -6
        /// `kGIDSignInErrorCodeNoCurrentUser` (older SDKs).
        case noCurrentUser = -7
        /// `kGIDSignInErrorCodeScopesAlreadyGranted`.
        case scopesAlreadyGranted = -8
        /// `kGIDSignInErrorCodeMismatchWithCurrentUser`.
        case mismatchWithCurrentUser = -9
    }

    /// The error for a failed SDK call.
    /// - Parameters:
    ///   - domain: The `NSError` domain.
    ///   - code: The `NSError` code.
    ///   - description: The SDK's description, kept for `authorizationFailed` and `network`.
    /// - Returns: `cancelled` for a dismissed sheet (nothing is shown), `network` for
    ///   `NSURLErrorDomain`, `authorizationFailed` with the reason otherwise.
    public static func error(domain: String, code: Int, description: String) -> AuthError {
        if domain == urlErrorDomain { return .network(description) }
        guard domain == errorDomain, let known = ErrorCode(rawValue: code) else {
            return .authorizationFailed("\(domain) \(code): \(description)")
        }
        switch known {
        case .canceled: return .cancelled
        case .emm: return .authorizationFailed("Google sign-in was refused by the device's management policy")
        case .keychain: return .authorizationFailed("Google sign-in could not use the keychain")
        case .unknown, .hasNoAuthInKeychain, .noCurrentUser, .scopesAlreadyGranted, .mismatchWithCurrentUser:
            return .authorizationFailed(description)
        }
    }

    /// The credential for a signed-in `GIDGoogleUser`.
    /// - Parameters:
    ///   - userID: `GIDGoogleUser.userID` (the token's `sub`).
    ///   - idToken: `idToken.tokenString`; the backend verifies it, so it is required.
    ///   - accessToken: `accessToken.tokenString`.
    ///   - email: `profile.email`.
    ///   - givenName: `profile.givenName`.
    ///   - familyName: `profile.familyName`.
    ///   - fullName: `profile.name`, read when the parts are missing.
    ///   - imageURL: `profile.imageURL(withDimension:)`.
    /// - Returns: The credential.
    /// - Throws: ``AuthError/missingIdentityToken`` without an ID token (an SDK configured without
    ///   a client ID the backend knows), `authorizationFailed` without a user id.
    public static func credential(
        userID: String?, idToken: String?, accessToken: String?, email: String?, givenName: String?, familyName: String?,
        fullName: String?, imageURL: URL?
    ) throws(AuthError) -> GoogleSignInCredential {
        guard let userID, !userID.isEmpty else { throw .authorizationFailed("Google returned no user id") }
        guard let idToken, !idToken.isEmpty else { throw .missingIdentityToken }
        let parts = PersonName(givenName: givenName, familyName: familyName)
        let name = parts.formatted != nil ? parts : fullName.flatMap(PersonName.parsing)
        return GoogleSignInCredential(
            userID: userID, idToken: Secret(idToken), accessToken: accessToken.flatMap { $0.isEmpty ? nil : Secret($0) },
            email: email.flatMap { $0.isEmpty ? nil : $0 }, name: name, photoURL: imageURL)
    }
}
