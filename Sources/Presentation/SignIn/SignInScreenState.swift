import AuthDomain
import Foundation

/// Everything the sign-in screen decides, from the app's options and the view model: which
/// buttons show, which one loads, when they are disabled, whether the terms checkbox shows, and
/// the alert. A SwiftUI or UIKit view only lays this out.
///
/// The terms gate is for new sign-ups: a returning user (this device signed in before, so the
/// terms were accepted then) sees no checkbox and no disabled button. A new account whose user
/// did not tick the box is asked afterwards (``termsQuestion``). A cancelled sheet leaves the
/// model `.idle`, so nothing shows.
///
/// ```swift
/// let screen = SignInScreenState(options: options, model: model, email: emailField)
/// ForEach(screen.buttons) { button in … }
/// ```
public struct SignInScreenState: Hashable, Sendable {
    /// The buttons, in the app's order.
    public let buttons: [SignInButtonState]
    /// The terms checkbox, or `nil` when it does not show (not required, or a returning user).
    public let terms: TermsCheckbox?
    /// The alert to show, or `nil`.
    public let alert: SignInAlert?
    /// The question a new account must answer before going on, or `nil`.
    public let termsQuestion: TermsQuestion?
    /// The address a code was sent to, while the code screen shows.
    public let codeEmail: String?
    /// Whether the email field shows (the app offers email codes).
    public let showsEmailField: Bool

    /// The text under an unticked terms checkbox: a new account that signs in without ticking it
    /// is asked right after the backend creates it (the buttons do not wait for it).
    public static let termsHint = "Not ticked? A new account is asked to accept the terms after signing up"
    /// Why the email button is disabled while the field holds no address.
    public static let emailDisabledReason = "Enter your email address first"
    /// Why the other buttons are disabled while one sign-in runs.
    public static let busyDisabledReason = "Another sign-in is in progress"

    /// Decides the screen.
    /// - Parameters:
    ///   - options: What the app offers.
    ///   - state: The view model's state.
    ///   - termsAccepted: Whether the checkbox is ticked.
    ///   - isReturningUser: Whether this device signed in before (the terms were accepted then).
    ///   - email: What the email field holds.
    ///   - pendingCodeEmail: The address a code went to, while the model waits for it.
    public init(
        options: SignInOptions, state: LoginViewModel.State, termsAccepted: Bool, isReturningUser: Bool, email: String,
        pendingCodeEmail: String?
    ) {
        let showsTerms = options.requiresTerms && !isReturningUser
        let loading: ProviderID? = if case .loading(let provider) = state { provider } else { nil }
        buttons = options.methods.map { method in
            let isLoading = loading == method.provider
            let reason: String? =
                if isLoading { nil } else if loading != nil {
                    Self.busyDisabledReason
                } else if method == .emailCode && !Self.looksLikeEmail(email) { Self.emailDisabledReason } else { nil }
            return SignInButtonState(method: method, isLoading: isLoading, isDisabled: isLoading || reason != nil, disabledReason: reason)
        }
        terms = showsTerms ? TermsCheckbox(isAccepted: termsAccepted, isDisabled: loading != nil) : nil
        alert = SignInAlert(state: state)
        termsQuestion = TermsQuestion(state: state)
        codeEmail = if case .awaitingEmailCode(let email) = state { email } else { pendingCodeEmail }
        showsEmailField = options.methods.contains(.emailCode)
    }

    /// The shortest and longest emailed code (GoTrue's `GOTRUE_MAILER_OTP_LENGTH` is kept
    /// between 6 and 10, `internal/conf/configuration.go`).
    public static let codeLengths = 6...10

    /// Whether the code screen's Verify button works for what the field holds.
    /// - Parameter code: The field's text.
    /// - Returns: `true` for 6 to 10 digits (spaces around them ignored).
    public static func canSubmitCode(_ code: String) -> Bool {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        return codeLengths.contains(trimmed.count) && trimmed.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a field's text could be an address worth sending a code to (the backend checks it
    /// for real and answers with its own error).
    /// - Parameter text: The field's text.
    /// - Returns: `true` for one `@` with text on both sides, no spaces, at most 254 characters.
    public static func looksLikeEmail(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        return trimmed.count <= 254 && parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && !trimmed.contains(where: \.isWhitespace)
    }
}

extension SignInScreenState {
    /// Decides the screen from a live view model.
    /// - Parameters:
    ///   - options: What the app offers.
    ///   - model: The view model (its state, terms box, returning-user flag and pending code).
    ///   - email: What the email field holds.
    @MainActor
    public init(options: SignInOptions, model: LoginViewModel, email: String) {
        self.init(
            options: options, state: model.state, termsAccepted: model.termsAccepted, isReturningUser: model.isReturningUser,
            email: email, pendingCodeEmail: model.pendingCodeEmail)
    }
}
