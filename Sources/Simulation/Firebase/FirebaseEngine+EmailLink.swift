import AuthData
import Foundation

/// Email-link sign-in: `accounts:sendOobCode` (`EMAIL_SIGNIN`) and `accounts:signInWithEmailLink`.
extension FirebaseEngine {
    /// `accounts:sendOobCode` with `EMAIL_SIGNIN`: mails a sign-in link whose `oobCode` is the
    /// code the user types.
    package func sendOobCode(_ request: FirebaseOobRequest, isAdmin: Bool = false) async throws(FirebaseFailure) -> FirebaseOobCodeResponse {
        guard let requestType = request.requestType, !requestType.isEmpty else { throw .code("MISSING_REQ_TYPE") }
        guard requestType == "EMAIL_SIGNIN" else { throw .code("OPERATION_NOT_ALLOWED", "Only EMAIL_SIGNIN is supported by this emulator.") }
        guard let raw = request.email, !raw.isEmpty else { throw .code("MISSING_EMAIL") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let code = try await store.createOobCode(email: email, requestType: requestType, now: now)
        let link = configuration.actionURL + "?mode=signIn&lang=en&oobCode=" + code + "&apiKey=fake-api-key"
            + (request.continueUrl.map { "&continueUrl=" + FormEncoding.encode([("", $0)]).dropFirst() } ?? "")
        await mailbox.deliver(MailMessage(code: code, link: link, kind: requestType, sender: "firebase", sentAt: now), to: email)
        let returnLink = isAdmin && request.returnOobLink == true
        return FirebaseOobCodeResponse(email: email, oobCode: returnLink ? code : nil, oobLink: returnLink ? link : nil)
    }

    /// `accounts:signInWithEmailLink`.
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the rate limits); `nil` in process.
    /// - Returns: The tokens; `isNewUser` is always present.
    /// - Throws: ``FirebaseFailure``.
    package func signInWithEmailLink(_ request: FirebaseEmailLinkRequest, client: String? = nil) async throws(FirebaseFailure) -> FirebaseEmailLinkResponse {
        guard let code = request.oobCode, !code.isEmpty else { throw .code("MISSING_OOB_CODE") }
        guard let raw = request.email, let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let (user, isNewUser) = try await store.signInWithEmailLink(email: email, code: code, client: client, now: now)
        let (idToken, refreshToken) = try await issueTokens(for: user, signInProvider: "password", authTime: nowSeconds)
        return FirebaseEmailLinkResponse(email: email, localId: user.localId, isNewUser: isNewUser, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }
}
