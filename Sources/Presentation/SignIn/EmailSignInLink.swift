import AuthDomain
import Foundation

/// A sign-in link from an email, opened by the app (`onOpenURL`): the code it carries and, when
/// the link says so, the address it was sent to.
///
/// Two shapes are read, each service's own:
/// - Firebase's email-link sign-in (`accounts:sendOobCode` with `EMAIL_SIGNIN`): the link's
///   `mode=signIn` and `oobCode`, which `accounts:signInWithEmailLink` takes as the code.
/// - Supabase: an email template whose link carries `{{ .Email }}` and `{{ .Token }}` (the same
///   one-time code the email shows; GoTrue `internal/mailer/templatemailer`), as `email=` and `token=`.
///
/// ```swift
/// .onOpenURL { url in if let link = EmailSignInLink(url: url) { Task { await login.open(link) } } }
/// ```
public struct EmailSignInLink: Hashable, Sendable {
    /// The longest code read (a Firebase `oobCode` is about 50 characters; a Supabase code 6 to 10).
    public static let maximumCodeLength = 512
    /// The longest address read (RFC 5321's path limit).
    public static let maximumEmailLength = 254

    /// The code to verify.
    public let code: Secret
    /// The address, when the link carries it; else the one the app sent the code to.
    public let email: String?

    /// Reads a link.
    /// - Parameter url: The URL the app was opened with.
    /// - Returns: `nil` for a URL that carries no sign-in code, or one past the bounds.
    public init?(url: URL) {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return nil }
        func value(_ name: String) -> String? {
            items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
        }
        let code: String? =
            if value("mode") == "signIn", let oob = value("oobCode") { oob } else if value("oobCode") == nil { value("token") } else { nil }
        guard let code, code.count <= Self.maximumCodeLength, code.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            return nil
        }
        let email = value("email")
        if let email, email.count > Self.maximumEmailLength { return nil }
        self.code = Secret(code)
        self.email = email
    }
}
