import AuthDomain
import Foundation

/// A way in that a sign-in screen can offer: what the app turns on in ``SignInOptions`` and
/// what each button starts.
public enum SignInMethod: Hashable, Sendable, CaseIterable {
    /// Sign in with Apple (the system button).
    case apple
    /// Sign in with Google.
    case google
    /// An emailed one-time code.
    case emailCode
    /// An anonymous guest account.
    case guest

    /// The provider this method signs in with.
    public var provider: ProviderID {
        switch self {
        case .apple: .apple
        case .google: .google
        case .emailCode: .emailCode
        case .guest: .anonymous
        }
    }

    /// The button's title, which is also what VoiceOver reads.
    public var title: String {
        switch self {
        case .apple: "Sign in with Apple"
        case .google: "Sign in with Google"
        case .emailCode: "Email me a code"
        case .guest: "Continue as guest"
        }
    }

    /// What VoiceOver reads while this method's sign-in runs.
    public var loadingLabel: String {
        switch self {
        case .apple: "Signing in with Apple"
        case .google: "Signing in with Google"
        case .emailCode: "Sending a code"
        case .guest: "Signing in as a guest"
        }
    }

    /// The credential a tap starts.
    /// - Parameter email: What the email field holds (used by ``emailCode`` only), trimmed.
    /// - Returns: The credential for ``LoginViewModel/signIn(with:)``.
    public func credential(email: String) -> LoginCredential {
        switch self {
        case .apple: .social(.apple)
        case .google: .social(.google)
        case .emailCode: .emailCodeRequest(email: email.trimmingCharacters(in: .whitespacesAndNewlines))
        case .guest: .anonymous
        }
    }
}
