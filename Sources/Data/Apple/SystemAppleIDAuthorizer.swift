#if canImport(AuthenticationServices)
import AuthDomain
import AuthenticationServices
import Foundation

/// ``AppleIDAuthorizing`` through the system sheet (`ASAuthorizationController`).
///
/// Thin on purpose: it shows the sheet and hands the raw results to
/// ``AppleSystemSheetMapping``, where every decision is made and tested. Not built on Linux.
public struct SystemAppleIDAuthorizer: AppleIDAuthorizing {
    private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

    /// Creates an authorizer.
    /// - Parameter presentationAnchor: The window the sheet is presented over.
    public init(presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.presentationAnchor = presentationAnchor
    }

    /// Shows the sheet.
    /// - Parameter request: The scopes and the hashed nonce.
    /// - Returns: Apple's credential.
    /// - Throws: ``AuthError`` as mapped by ``AppleSystemSheetMapping``.
    public func authorize(_ request: AppleIDRequest) async throws -> AppleIDCredential {
        try await SheetPresentation.present(request, anchor: presentationAnchor)
    }

    /// Asks Apple whether the authorization stands.
    /// - Parameter userID: Apple's user identifier.
    /// - Returns: The credential state.
    /// - Throws: ``AuthError`` when Apple cannot answer.
    public func credentialState(forUserID userID: String) async throws -> AppleIDCredentialState {
        let rawValue: Int = try await withCheckedThrowingContinuation { continuation in
            ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { state, error in
                if let error = error as NSError? {
                    continuation.resume(throwing: AppleSystemSheetMapping.error(
                        domain: error.domain, code: error.code, description: error.localizedDescription))
                } else {
                    continuation.resume(returning: state.rawValue)
                }
            }
        }
        return try AppleSystemSheetMapping.credentialState(rawValue: rawValue)
    }
}

/// One presentation of the sheet; keeps itself alive until the delegate answers (the controller
/// holds its delegate and context provider weakly, and nothing else holds this object).
@MainActor
private final class SheetPresentation: NSObject, @preconcurrency ASAuthorizationControllerDelegate,
    @preconcurrency ASAuthorizationControllerPresentationContextProviding
{
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private var continuation: CheckedContinuation<AppleIDCredential, any Error>?
    private var controller: ASAuthorizationController?
    private var keepAlive: SheetPresentation?

    private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.anchor = anchor
    }

    static func present(
        _ request: AppleIDRequest, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) async throws -> AppleIDCredential {
        let presentation = SheetPresentation(anchor: anchor)
        return try await withCheckedThrowingContinuation { continuation in
            presentation.start(request, continuation: continuation)
        }
    }

    private func start(_ request: AppleIDRequest, continuation: CheckedContinuation<AppleIDCredential, any Error>) {
        let appleRequest = ASAuthorizationAppleIDProvider().createRequest()
        appleRequest.requestedScopes = request.scopes.map { $0 == .fullName ? .fullName : .email }
        appleRequest.nonce = request.nonce
        let controller = ASAuthorizationController(authorizationRequests: [appleRequest])
        controller.delegate = self
        controller.presentationContextProvider = self
        self.continuation = continuation
        self.controller = controller
        keepAlive = self
        controller.performRequests()
    }

    private func finish(_ result: Result<AppleIDCredential, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
        controller = nil
        keepAlive = nil
    }

    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        anchor()
    }

    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else {
            finish(.failure(AuthError.authorizationFailed("the sheet returned a credential that is not an Apple ID")))
            return
        }
        finish(.success(AppleSystemSheetMapping.credential(
            user: credential.user,
            identityToken: credential.identityToken.map(Array.init),
            authorizationCode: credential.authorizationCode.map(Array.init),
            email: credential.email,
            givenName: credential.fullName?.givenName,
            familyName: credential.fullName?.familyName)))
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        let error = error as NSError
        finish(.failure(AppleSystemSheetMapping.error(
            domain: error.domain, code: error.code, description: error.localizedDescription)))
    }
}
#endif
