import AuthDomain
import Foundation

/// The words users see for each failure. The only place user-facing text lives; a cancelled
/// sign-in has no message.
public struct AuthErrorMessages: Sendable {
    /// Creates the default English messages.
    public init() {}

    /// The message for an error, or `nil` when nothing should be shown (cancelled).
    /// - Parameter error: The error.
    /// - Returns: A short sentence for the user.
    public func message(for error: AuthError) -> String? {
        switch error {
        case .cancelled:
            return nil
        case .network:
            return "Connection failed, please try again"
        case .invalidCredential, .missingIdentityToken, .invalidIdentityToken, .missingNonce, .nonceMismatch,
            .authorizationFailed, .notHandled, .invalidInput:
            return "Authentication failed, please try again"
        case .backend(let backend):
            return backend.message.isEmpty ? "Authentication failed, please try again" : backend.message
        case .providerUnavailable(let provider), .noStrategyRegistered(let provider):
            return "\(Self.name(of: provider)) sign-in isn't available here"
        case .accountDisabled:
            return "This account has been disabled"
        case .accountExistsWithDifferentCredential(_, let providers):
            let ways = providers.map(Self.name(of:))
            return ways.isEmpty
                ? "An account with this email already exists; sign in the way you did before"
                : "An account with this email already exists; sign in with \(ways.joined(separator: " or ")) first"
        case .accountExists(let pending):
            let ways = pending.providers.map(Self.name(of:))
            return "An account with this email already exists; sign in with \(ways.isEmpty ? "it" : ways.joined(separator: " or ")) "
                + "to add \(Self.name(of: pending.credential.provider))"
        case .secondFactorRequired:
            return "Enter the code from your authenticator app to finish signing in"
        case .credentialAlreadyInUse:
            return "That account is already linked to another user"
        case .rateLimited(let retryAfter):
            return retryAfter.flatMap { $0.isFinite && $0 > 0 && $0 < 86_400 ? $0 : nil }.map {
                "Too many attempts, please try again in \(Int($0.rounded(.up))) seconds"
            }
                ?? "Too many attempts, please try again later"
        case .lastSignInMethod(let provider):
            return "\(Self.name(of: provider)) is your only way to sign in; add another before removing it"
        case .codeExpired:
            return "That code has expired, please request a new one"
        case .codeInvalid:
            return "That code is not valid, please check it and try again"
        case .sessionExpired:
            return "Your session has ended, please sign in again"
        case .notSignedIn:
            return "You're not signed in, please sign in first"
        case .requiresRecentLogin:
            return "Please sign in again to confirm"
        case .termsNotAccepted:
            return "Please accept the terms to continue"
        case .termsDeclinedAccountKept:
            return "You declined the terms, but your new account could not be removed; you have been signed out"
        case .invalidEmail:
            return "Please enter a valid email address"
        case .invalidLoginCredentials:
            return "The email or password is not right"
        case .emailNotConfirmed:
            return "Please confirm your email address first; we sent you a link"
        case .weakPassword(let reasons, _):
            return Self.weakPasswordMessage(reasons)
        case .emailInUse:
            return "An account with this email already exists; sign in instead"
        case .reauthenticationRequired:
            return "Enter the code we just emailed you to confirm the change"
        case .storage:
            return "Your sign-in could not be saved on this device"
        }
    }

    /// Why a password was refused, in GoTrue's reason words.
    private static func weakPasswordMessage(_ reasons: [String]) -> String {
        if reasons.contains("pwned") { return "That password is known to be unsafe; please choose another" }
        if reasons.contains("characters") { return "Please use a password with letters, digits and symbols" }
        return "Please choose a longer password"
    }

    /// A provider's name as users know it.
    /// - Parameter provider: The provider.
    /// - Returns: `Apple`, `Google`, `Guest`, `Email`, `Password` or the raw id.
    public static func name(of provider: ProviderID) -> String {
        switch provider {
        case .apple: "Apple"
        case .google: "Google"
        case .anonymous: "Guest"
        case .emailCode: "Email"
        case .password: "Password"
        default: provider.rawValue
        }
    }
}
