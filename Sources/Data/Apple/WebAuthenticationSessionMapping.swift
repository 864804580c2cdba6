import AuthDomain
import Foundation

/// What `ASWebAuthenticationSession` hands back, turned into domain values. The adapter
/// (`SystemWebAuthenticationSession`, Apple platforms only) passes raw values here, so every
/// decision is compiled and tested on Linux too. Raw values are Apple's, from
/// `ASWebAuthenticationSession.h`.
public enum WebAuthenticationSessionMapping {
    /// `ASWebAuthenticationSessionErrorDomain`.
    public static let errorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"

    /// `ASWebAuthenticationSessionErrorCode` raw values.
    public enum ErrorCode: Int, Sendable, CaseIterable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }

    /// The outcome of the session's completion handler.
    /// - Parameters:
    ///   - callbackURL: The URL the session ended on, if any.
    ///   - error: The error, as domain, code and description, if any.
    ///   - scheme: The callback scheme the app registered; a URL with another scheme is refused.
    /// - Returns: The redirect URL.
    /// - Throws: ``AuthError``: `cancelled` when the user dismissed the sheet, `authorizationFailed`
    ///   for a session that could not be shown or ended without a URL.
    public static func redirect(
        callbackURL: URL?, error: (domain: String, code: Int, description: String)?, scheme: String
    ) throws(AuthError) -> URL {
        if let error {
            guard error.domain == errorDomain, let known = ErrorCode(rawValue: error.code) else {
                throw .authorizationFailed("\(error.domain) \(error.code): \(error.description)")
            }
            switch known {
            case .canceledLogin: throw .cancelled
            case .presentationContextNotProvided, .presentationContextInvalid:
                throw .authorizationFailed("the browser sheet has no window to show over (\(error.description))")
            }
        }
        guard let callbackURL else { throw .authorizationFailed("the browser sheet ended without a redirect") }
        guard callbackURL.scheme?.lowercased() == scheme.lowercased() else {
            throw .invalidCredential("the browser came back to \(callbackURL.scheme ?? "no scheme"), not \(scheme)")
        }
        return callbackURL
    }
}
