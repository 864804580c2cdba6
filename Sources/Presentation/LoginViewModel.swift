import AuthDomain
import Foundation

#if canImport(Combine)
    import Combine
#endif

/// The sign-in screen's state machine, headless so it runs the same in a SwiftUI view, a UIKit
/// controller, a test or the CLI.
///
/// `.idle` → `.loading(provider)` → `.success(destination)` or `.error(message)`; the email
/// flow passes through `.awaitingEmailCode(email)`. A cancelled sheet goes back to `.idle` and shows
/// nothing. When the app requires its terms and the backend reports a new account whose user
/// did not tick the box beforehand, the model waits in `.termsRequired` for ``acceptTerms()``
/// (on to `.success`) or ``declineTerms()`` (the new account is deleted; back to `.idle`).
/// An account with a verified second factor waits in `.awaitingSecondFactor` after its first
/// factor, for ``submitSecondFactorCode(_:factorID:)`` (a wrong code stays there, with its message).
/// Observe ``state`` (an `ObservableObject` where Combine exists) or ``states()``.
///
/// ```swift
/// let model = LoginViewModel(login: login)
/// Task { for await state in model.states() { render(state) } }
/// await model.signIn(with: .social(.apple))
/// ```
@MainActor
public final class LoginViewModel {
    /// What the screen shows.
    public enum State: Hashable, Sendable {
        /// Waiting for a choice.
        case idle
        /// A sign-in with this provider is running.
        case loading(ProviderID)
        /// A code was sent to this address; waiting for it.
        case awaitingEmailCode(email: String)
        /// A password-recovery mail went to this address; waiting for its code and the new
        /// password (``LoginViewModel/resetPassword(code:newPassword:)``).
        case awaitingPasswordReset(email: String)
        /// An account with this address exists and signs in with `providers`; signing in with
        /// the password now (``LoginViewModel/signIn(with:)`` with `.password`) also links the
        /// identity that was refused, with no second sheet.
        case accountExists(email: String?, providers: [ProviderID])
        /// The backend created a new account with this provider and the terms were not accepted
        /// beforehand: ask, then call ``LoginViewModel/acceptTerms()`` or
        /// ``LoginViewModel/declineTerms()``.
        case termsRequired(ProviderID)
        /// The first factor succeeded and the account has a verified second factor: ask for the
        /// authenticator app's code and call ``LoginViewModel/submitSecondFactorCode(_:factorID:)``.
        /// `error` is the message of a wrong code (the user types it again).
        case awaitingSecondFactor(factors: [SecondFactor], error: String?)
        /// Signed in; go to the destination.
        case success(Destination)
        /// Failed; show the message.
        case error(String)
    }

    #if canImport(Combine)
        /// Fires before ``state`` changes (SwiftUI `ObservableObject`).
        public let objectWillChange = ObservableObjectPublisher()
    #endif

    /// The current state.
    public internal(set) var state: State = .idle {
        willSet { notifyWillChange() }
        didSet {
            for continuation in continuations.values { continuation.yield(state) }
        }
    }

    /// Whether the user ticked "I accept the terms" (checked when the app requires it).
    public var termsAccepted = false {
        willSet { notifyWillChange() }
    }

    /// Whether this device signed in before: the terms checkbox is then hidden (the app keeps
    /// this flag, set on the first successful sign-in). It is only a hint for the screen: the
    /// backend decides whether an account is new, and a new one is asked in `.termsRequired`.
    public var isReturningUser = false {
        willSet { notifyWillChange() }
    }

    /// The address the last code went to, while the model waits for that code (also while a
    /// wrong code's error shows).
    public var pendingCodeEmail: String? { pendingEmail }

    /// Whether a new account waits for its terms answer (from `.termsRequired` until
    /// ``acceptTerms()`` succeeds or ``declineTerms()`` ends). The account is signed in
    /// meanwhile, so an app that routes on the auth-state stream keeps the sign-in flow on screen
    /// while this is `true`.
    public var awaitsTermsAnswer: Bool { pendingTerms != nil }

    /// The last successful sign-in, for screens that show the user.
    public private(set) var lastResult: AuthenticationResult?

    let login: LoginUseCase
    let messages: AuthErrorMessages
    private var pendingEmail: String?
    /// The address of the last password-recovery mail, until the reset signs in.
    private var pendingRecoveryEmail: String?
    /// The identity a backend refused for an existing account, linked at its next password sign-in.
    private var pendingLink: PendingLink?
    private var pendingTerms: PendingTermsAcceptance?
    var pendingSecondFactor: PendingSecondFactor?
    private var continuations: [UUID: AsyncStream<State>.Continuation] = [:]

    /// Creates the model.
    /// - Parameters:
    ///   - login: The login use case.
    ///   - messages: The user-facing error messages.
    public init(login: LoginUseCase, messages: AuthErrorMessages = AuthErrorMessages()) {
        self.login = login
        self.messages = messages
    }

    /// A stream of states, starting with the current one.
    /// - Returns: The stream; it ends when the consumer stops iterating.
    public func states() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream<State>.makeStream()
        let id = UUID()
        continuations[id] = continuation
        continuation.yield(state)
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    /// Starts a sign-in (Apple, Google, guest) or sends an email code. Ignored while another
    /// sign-in is running.
    /// - Parameter credential: What the user chose.
    public func signIn(with credential: LoginCredential) async {
        guard !isBusy else { return }
        state = .loading(credential.provider)
        var credential = credential
        if case .password(let email, let password) = credential, let link = pendingLink {
            credential = .passwordLinking(email: email, password: password, link: link)
        }
        do throws(AuthError) {
            show(try await login.execute(with: credential, termsAccepted: termsAccepted))
        } catch .accountExists(let pending) {
            pendingLink = pending
            state = .accountExists(email: pending.email, providers: pending.providers)
        } catch {
            state = messages.message(for: error).map(State.error) ?? .idle
        }
    }

    /// Finishes a password recovery (in `.awaitingPasswordReset`, or after its error) with the
    /// mailed code and a new password, and signs in; after a wrong code the user can try again.
    /// - Parameters:
    ///   - code: The code from the recovery mail, as typed.
    ///   - newPassword: The new password.
    public func resetPassword(code: String, newPassword: Secret) async {
        guard let email = pendingRecoveryEmail, !isBusy else { return }
        state = .loading(.password)
        do throws(AuthError) {
            let reset = PasswordReset(email: email, proof: .code(Secret(code)), newPassword: newPassword)
            show(try await login.execute(with: .passwordReset(reset), termsAccepted: termsAccepted))
        } catch {
            state = messages.message(for: error).map(State.error) ?? .awaitingPasswordReset(email: email)
        }
    }

    /// The new user accepted the terms in `.termsRequired`: on to `.success`. Ignored in any
    /// other state.
    public func acceptTerms() async {
        guard let pending = pendingTerms, case .termsRequired(let provider) = state else { return }
        state = .loading(provider)
        do throws(AuthError) {
            show(try await login.acceptTerms(for: pending))
        } catch {
            state = messages.message(for: error).map(State.error) ?? .termsRequired(provider)
        }
    }

    /// The new user declined the terms in `.termsRequired`: the account the sign-in just created
    /// is deleted (Apple's tokens revoked), so a later try is a new sign-up again; back to
    /// `.idle`. A dismissed sheet leaves the question standing; an account the backend would not
    /// delete ends in `.error` (signed out). Ignored in any other state.
    public func declineTerms() async {
        guard let pending = pendingTerms, case .termsRequired(let provider) = state else { return }
        state = .loading(provider)
        do throws(AuthError) {
            try await login.declineTerms(for: pending)
            pendingTerms = nil
            pendingEmail = nil
            state = .idle
        } catch .cancelled {
            state = .termsRequired(provider)
        } catch {
            pendingTerms = nil
            pendingEmail = nil
            state = messages.message(for: error).map(State.error) ?? .idle
        }
    }

    /// Shows a login step's outcome.
    func show(_ outcome: LoginOutcome) {
        switch outcome {
        case .codeSent(let challenge):
            pendingEmail = challenge.email
            state = .awaitingEmailCode(email: challenge.email)
        case .secondFactorRequired(let pending):
            pendingSecondFactor = pending
            state = .awaitingSecondFactor(factors: pending.factors, error: nil)
        case .signedIn(let result, let destination):
            lastResult = result
            pendingSecondFactor = nil
            pendingEmail = nil
            pendingRecoveryEmail = nil
            pendingLink = nil
            pendingTerms = nil
            state = .success(destination)
        case .termsRequired(let pending):
            pendingTerms = pending
            state = .termsRequired(pending.result.credential.provider)
        case .mailSent(let challenge, .passwordRecovery):
            pendingEmail = nil
            pendingRecoveryEmail = challenge.email
            state = .awaitingPasswordReset(email: challenge.email)
        case .mailSent(let challenge, _):
            // A sign-up waiting for its confirmation: the mailed code signs in like an email code.
            pendingEmail = challenge.email
            state = .awaitingEmailCode(email: challenge.email)
        }
    }

    /// Whether a step runs or the terms question stands (new steps are ignored meanwhile).
    private var isBusy: Bool {
        switch state {
        case .loading, .termsRequired: true
        default: false
        }
    }

    /// Verifies the code sent by the last ``LoginCredential/emailCodeRequest(email:)`` step; after a
    /// wrong code the user can simply try again.
    /// - Parameter code: What the user typed.
    public func submitCode(_ code: String) async {
        guard let email = pendingEmail, !isBusy else { return }
        state = .loading(.emailCode)
        do throws(AuthError) {
            show(try await login.execute(with: .emailCode(email: email, code: Secret(code)), termsAccepted: termsAccepted))
        } catch {
            state = messages.message(for: error).map(State.error) ?? .awaitingEmailCode(email: email)
        }
    }

    /// Signs in with a link from the email (``EmailSignInLink``), for the address the link
    /// names or else the one the last code went to. Ignored when neither is known.
    /// - Parameter link: The link the app was opened with.
    public func open(_ link: EmailSignInLink) async {
        guard let email = link.email ?? pendingEmail, !isBusy else { return }
        pendingEmail = email
        await submitCode(link.code.revealed)
    }

    /// Returns to `.idle` (dismissing an error, or leaving the code screen). Ignored while the
    /// terms question stands: it is answered with ``acceptTerms()`` or ``declineTerms()``.
    public func reset() {
        guard pendingTerms == nil else { return }
        pendingEmail = nil
        pendingSecondFactor = nil
        state = .idle
    }

    /// Dismisses an error: back to the terms question while a new account waits for its answer,
    /// to the code screen when a code is pending (a wrong code can be typed again), to `.idle`
    /// otherwise.
    public func dismissError() {
        guard case .error = state else { return }
        if let pending = pendingTerms {
            state = .termsRequired(pending.result.credential.provider)
            return
        }
        state = pendingEmail.map { .awaitingEmailCode(email: $0) } ?? .idle
    }

    private func notifyWillChange() {
        #if canImport(Combine)
            objectWillChange.send()
        #endif
    }
}

#if canImport(Combine)
    /// `ObservableObject` asks for a nonisolated `objectWillChange`, and this model's lives on the
    /// main actor with everything else it owns. SwiftUI reads it only on the main actor;
    /// `@preconcurrency` makes the compiler check that at run time (a read from another actor traps
    /// instead of racing), without making the publisher itself cross actors.
    extension LoginViewModel: @preconcurrency ObservableObject {}
#endif
