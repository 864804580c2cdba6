import AuthData
import Foundation

/// Email-link sign-in: `accounts:sendOobCode` (`EMAIL_SIGNIN`) and `accounts:signInWithEmailLink`.
extension FirebaseEngine {
    /// `accounts:sendOobCode` with `EMAIL_SIGNIN`: mails a sign-in link whose `oobCode` is the
    /// code the user types. Checks in firebase-tools' order (`ops.ts` `sendOobCode`).
    /// - Parameters:
    ///   - request: The request.
    ///   - isAdmin: Whether the caller holds admin credentials (`returnOobLink`).
    /// - Returns: The response; the code and link only for an admin's `returnOobLink`.
    /// - Throws: `MISSING_REQ_TYPE`, `INSUFFICIENT_PERMISSION`, `INVALID_CONTINUE_URI`,
    ///   `INVALID_HOSTING_LINK_DOMAIN`, `OPERATION_NOT_ALLOWED`, `MISSING_EMAIL`, `INVALID_EMAIL`, and the
    ///   store's rate limits.
    package func sendOobCode(_ request: FirebaseOobRequest, isAdmin: Bool = false) async throws(FirebaseFailure) -> FirebaseOobCodeResponse {
        guard let requestType = request.requestType, !requestType.isEmpty, requestType != "OOB_REQ_TYPE_UNSPECIFIED" else {
            throw .code("MISSING_REQ_TYPE")
        }
        if request.returnOobLink == true, !isAdmin { throw .insufficientPermission }
        if let continueUrl = request.continueUrl, !FirebaseURI.isAbsolute(continueUrl) || continueUrl.count > FirebaseFieldLimits.continueUrl {
            throw .code("INVALID_CONTINUE_URI", "((expected an absolute URI with valid scheme and host))")
        }
        try FirebaseLinkDomains.check(request.linkDomain)
        guard requestType == "EMAIL_SIGNIN" else { throw .code("OPERATION_NOT_ALLOWED", "Only EMAIL_SIGNIN is supported by this emulator.") }
        guard let raw = request.email, !raw.isEmpty else { throw .code("MISSING_EMAIL") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let now = self.now
        let (code, link) = try step { (store: FirebaseStore, rows: any SimulationRows) throws(FirebaseFailure) in
            let code = try store.createOobCode(email: email, requestType: requestType, now: now)
            let link = configuration.actionURL + "?mode=signIn&lang=en&oobCode=" + code + "&apiKey=fake-api-key"
                + (request.continueUrl.map { "&continueUrl=" + FormEncoding.encode([("", $0)]).dropFirst() } ?? "")
            mailbox.deliver(MailMessage(code: code, link: link, kind: requestType, sender: "firebase", sentAt: now), to: email, in: rows)
            return (code, link)
        }
        let returnLink = isAdmin && request.returnOobLink == true
        return FirebaseOobCodeResponse(email: email, oobCode: returnLink ? code : nil, oobLink: returnLink ? link : nil)
    }

    /// `accounts:signInWithEmailLink` (v3 `emailLinkSignin`). With an `idToken`, the signed-in
    /// user (an anonymous one, say) gets the email, verified, and keeps its uid, as firebase-tools
    /// does (`ops.ts` `signInWithEmailLink`; `emailLink.spec.ts` "should link existing account
    /// with idToken to new email"); `validSince` does not move, so its earlier tokens stay valid.
    /// Checks in firebase-tools' order: the ID token first, then `MISSING_EMAIL`,
    /// `MISSING_OOB_CODE`, and the code (``FirebaseStore/signInWithEmailLink(email:code:linkingTo:client:now:)``).
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the rate limits); `nil` in process.
    /// - Returns: The tokens; `isNewUser` is always present.
    /// - Throws: ``FirebaseFailure``.
    package func signInWithEmailLink(_ request: FirebaseEmailLinkRequest, client: String? = nil) async throws(FirebaseFailure) -> FirebaseEmailLinkResponse {
        var caller: Caller?
        if let idToken = request.idToken, !idToken.isEmpty { caller = try await authenticate(idToken) }
        guard let raw = request.email, !raw.isEmpty else { throw .code("MISSING_EMAIL") }
        guard let code = request.oobCode, !code.isEmpty else { throw .code("MISSING_OOB_CODE") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let (now, authTime) = (self.now, nowSeconds)
        let (user, isNewUser, refreshToken) = try mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let (user, isNewUser) = try store.signInWithEmailLink(email: email, code: code, linkingTo: caller?.localId, client: client, now: now)
            return (user, isNewUser, store.issueRefreshToken(for: user.localId, signInProvider: "password", authTime: authTime, now: now))
        }
        let idToken = try mintIDToken(for: user, signInProvider: "password", authTime: authTime)
        return FirebaseEmailLinkResponse(email: email, localId: user.localId, isNewUser: isNewUser, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }
}
