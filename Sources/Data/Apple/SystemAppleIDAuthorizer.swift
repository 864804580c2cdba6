#if canImport(AuthenticationServices)
import AuthDomain
import AuthenticationServices
import Foundation
import ObjectiveC

/// ``AppleIDAuthorizing`` through the system sheet (`ASAuthorizationController`).
///
/// Thin on purpose: it shows the sheet and hands the raw results to
/// ``AppleSystemSheetMapping``, where every decision is made and tested; the one-answer rule
/// lives in `OneShotReply`, also tested on Linux. Not built on Linux.
public struct SystemAppleIDAuthorizer: AppleIDAuthorizing {
    private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

    /// Creates an authorizer.
    /// - Parameter presentationAnchor: The window the sheet is presented over.
    public init(presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.presentationAnchor = presentationAnchor
    }

    /// Shows the sheet. The answer comes exactly once: the credential, the mapped error of any
    /// `ASAuthorizationError` code, `cancelled` when the calling task is cancelled (the sheet is
    /// dismissed), or `authorizationFailed` when the controller goes away without answering.
    /// - Parameter request: The scopes and the hashed nonce.
    /// - Returns: Apple's credential.
    /// - Throws: ``AuthError`` as mapped by ``AppleSystemSheetMapping``.
    public func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential {
        try await SheetPresentation.present(request, anchor: presentationAnchor)
    }

    /// Asks Apple whether the authorization stands.
    /// - Parameter userID: Apple's user identifier.
    /// - Returns: The credential state (`notFound` comes with an error, which is not a failure).
    /// - Throws: ``AuthError`` when Apple cannot answer.
    public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState {
        let reply = OneShotReply<AppleIDCredentialState, AuthError>()
        Self.requestCredentialState(forUserID: userID, reply: reply)
        return try await reply.value(cancelled: .cancelled, onCancel: {})
    }

    /// The completion-handler form on purpose: its `async` twin throws the error that comes with
    /// a `notFound` state, losing the state (the header says `notFound` always has one).
    private static func requestCredentialState(forUserID userID: String, reply: OneShotReply<AppleIDCredentialState, AuthError>) {
        ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { state, error in
            let failure = (error as NSError?).map { (domain: $0.domain, code: $0.code, description: $0.localizedDescription) }
            do throws(AuthError) {
                reply.resolve(.success(try AppleSystemSheetMapping.credentialState(rawValue: state.rawValue, error: failure)))
            } catch {
                reply.resolve(.failure(error))
            }
        }
    }

    /// Each time the system posts `credentialRevokedNotification` (the user stopped using Apple
    /// ID with this app in Settings while it runs).
    /// - Returns: A stream that yields once per notification until it is dropped.
    public func credentialRevocations() -> AsyncStream<Void> {
        AsyncStream { continuation in
            let observation = Task {
                let name = ASAuthorizationAppleIDProvider.credentialRevokedNotification
                for await _ in NotificationCenter.default.notifications(named: name) { continuation.yield() }
                continuation.finish()
            }
            continuation.onTermination = { _ in observation.cancel() }
        }
    }
}

/// One presentation of the sheet. The controller holds its delegate and context provider
/// weakly; `present` keeps this object alive until the reply comes, and a tripwire attached to
/// the controller answers for it if it is released without calling back.
@MainActor
private final class SheetPresentation: NSObject, @preconcurrency ASAuthorizationControllerDelegate,
    @preconcurrency ASAuthorizationControllerPresentationContextProviding
{
    /// The address of this byte is the associated-object key; its value is never read.
    nonisolated(unsafe) private static var tripwireKey: UInt8 = 0

    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private let reply = OneShotReply<AppleIDCredential, AuthError>()
    private weak var controller: ASAuthorizationController?

    private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.anchor = anchor
    }

    static func present(
        _ request: AppleIDRequest, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) async throws(AuthError) -> AppleIDCredential {
        let presentation = SheetPresentation(anchor: anchor)
        presentation.start(request)
        let credential = try await presentation.reply.value(cancelled: .cancelled, onCancel: { Task { @MainActor in presentation.cancel() } })
        presentation.controller = nil
        return credential
    }

    private func start(_ request: AppleIDRequest) {
        let appleRequest = ASAuthorizationAppleIDProvider().createRequest()
        appleRequest.requestedScopes = AppleIDScope.allCases.filter(request.scopes.contains).map { scope in
            switch scope {
            case .fullName: ASAuthorization.Scope.fullName
            case .email: ASAuthorization.Scope.email
            }
        }
        appleRequest.nonce = request.nonce
        let controller = ASAuthorizationController(authorizationRequests: [appleRequest])
        controller.delegate = self
        controller.presentationContextProvider = self
        let reply = reply
        objc_setAssociatedObject(
            controller, &Self.tripwireKey,
            ReleaseTripwire { reply.abandon(because: .authorizationFailed("the Apple ID sheet closed without an answer")) },
            .OBJC_ASSOCIATION_RETAIN)
        self.controller = controller
        controller.performRequests()
    }

    private func cancel() {
        controller?.cancel()
    }

    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        anchor()
    }

    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else {
            reply.resolve(.failure(.authorizationFailed("the sheet returned a credential that is not an Apple ID")))
            return
        }
        reply.resolve(.success(AppleSystemSheetMapping.credential(
            user: credential.user,
            identityToken: credential.identityToken.map(Array.init),
            authorizationCode: credential.authorizationCode.map(Array.init),
            email: credential.email,
            givenName: credential.fullName?.givenName,
            familyName: credential.fullName?.familyName)))
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        let error = error as NSError
        reply.resolve(.failure(AppleSystemSheetMapping.error(domain: error.domain, code: error.code, description: error.localizedDescription)))
    }
}
#endif
