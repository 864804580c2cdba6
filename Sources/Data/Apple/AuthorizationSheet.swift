#if canImport(AuthenticationServices)
    import AuthDomain
    import AuthenticationServices
    import Foundation
    import ObjectiveC

    /// One presentation of a system authorization sheet (`ASAuthorizationController` with one
    /// request), shared by the Apple ID and passkey adapters. The controller holds its delegate and
    /// context provider weakly; ``present(_:anchor:mapError:)`` keeps this object alive until the
    /// reply comes, and a tripwire attached to the controller answers for it if it is released
    /// without calling back. The answer comes exactly once (`OneShotReply`).
    @MainActor
    final class AuthorizationSheet: NSObject, @preconcurrency ASAuthorizationControllerDelegate,
        @preconcurrency ASAuthorizationControllerPresentationContextProviding
    {
        /// The system's credential, carried to the waiting task. `@unchecked Sendable` is sound: it
        /// is handed over once, after the sheet answered, and never written.
        struct Answer: @unchecked Sendable {
            let credential: any ASAuthorizationCredential
        }

        /// The address of this byte is the associated-object key; its value is never read.
        nonisolated(unsafe) private static var tripwireKey: UInt8 = 0

        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let mapError: @Sendable (NSError) -> AuthError
        private let reply = OneShotReply<Answer, AuthError>()
        private weak var controller: ASAuthorizationController?

        private init(
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor, mapError: @escaping @Sendable (NSError) -> AuthError
        ) {
            self.anchor = anchor
            self.mapError = mapError
        }

        /// Shows the sheet for one request and waits for its answer.
        /// - Parameters:
        ///   - request: Makes the request (on the main actor, where the controller lives).
        ///   - anchor: The window the sheet is presented over.
        ///   - mapError: The domain error for the controller's error.
        /// - Returns: The credential.
        /// - Throws: ``AuthError``: the mapped error, `cancelled` when the calling task is cancelled
        ///   (the sheet is dismissed), `authorizationFailed` when the controller goes away unanswered.
        static func present(
            _ request: @MainActor () -> ASAuthorizationRequest, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor,
            mapError: @escaping @Sendable (NSError) -> AuthError
        ) async throws(AuthError) -> Answer {
            let sheet = AuthorizationSheet(anchor: anchor, mapError: mapError)
            sheet.start(request())
            let answer = try await sheet.reply.value(cancelled: .cancelled, onCancel: { Task { @MainActor in sheet.cancel() } })
            sheet.controller = nil
            return answer
        }

        private func start(_ request: ASAuthorizationRequest) {
            let controller = ASAuthorizationController(authorizationRequests: [request])
            controller.delegate = self
            controller.presentationContextProvider = self
            let reply = reply
            objc_setAssociatedObject(
                controller, &Self.tripwireKey,
                ReleaseTripwire { reply.abandon(because: .authorizationFailed("the sheet closed without an answer")) },
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

        func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
            reply.resolve(.success(Answer(credential: authorization.credential)))
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            reply.resolve(.failure(mapError(error as NSError)))
        }
    }
#endif
