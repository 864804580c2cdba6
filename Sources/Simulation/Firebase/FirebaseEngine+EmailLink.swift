import AuthData
import Foundation

/// Email-link sign-in: `accounts:sendOobCode` (`EMAIL_SIGNIN`) and `accounts:signInWithEmailLink`.
extension FirebaseEngine {
    /// `accounts:sendOobCode`: mails a link whose `oobCode` is the code the user types, for
    /// `EMAIL_SIGNIN`, `PASSWORD_RESET`, `VERIFY_EMAIL` or `VERIFY_AND_CHANGE_EMAIL` (the last to
    /// the new address). Checks in firebase-tools' order (`ops.ts` `sendOobCode`); with email
    /// enumeration protection on, a reset for an unknown address answers as if it was sent.
    /// - Parameters:
    ///   - request: The request.
    ///   - isAdmin: Whether the caller holds admin credentials (`returnOobLink`).
    /// - Returns: The response; the code and link only for an admin's `returnOobLink`.
    /// - Throws: `MISSING_REQ_TYPE`, `INSUFFICIENT_PERMISSION`, `INVALID_CONTINUE_URI`,
    ///   `INVALID_HOSTING_LINK_DOMAIN`, `MISSING_EMAIL`, `INVALID_EMAIL`, `EMAIL_NOT_FOUND`, `USER_NOT_FOUND`,
    ///   `MISSING_NEW_EMAIL`, `MISSING_ID_TOKEN`, `EMAIL_EXISTS`, the store's rate limits; 501
    ///   for another request type.
    package func sendOobCode(_ request: FirebaseOobRequest, isAdmin: Bool = false) async throws(FirebaseFailure) -> FirebaseOobCodeResponse
    {
        guard let requestType = request.requestType, !requestType.isEmpty, requestType != "OOB_REQ_TYPE_UNSPECIFIED" else {
            throw .code("MISSING_REQ_TYPE")
        }
        if request.returnOobLink == true, !isAdmin { throw .insufficientPermission }
        if let continueUrl = request.continueUrl,
            !FirebaseURI.isAbsolute(continueUrl) || continueUrl.count > FirebaseFieldLimits.continueUrl
        {
            throw .code("INVALID_CONTINUE_URI", "((expected an absolute URI with valid scheme and host))")
        }
        try FirebaseLinkDomains.check(request.linkDomain)
        guard let target = try await oobTarget(request, requestType: requestType) else {
            return FirebaseOobCodeResponse(email: (try? EmailAddress.normalized(request.email ?? "")) ?? "", oobCode: nil, oobLink: nil)
        }
        let now = self.now
        let (code, link) = try await step { (store: FirebaseStore, rows: any SimulationRows) throws(FirebaseFailure) in
            let code = try store.createOobCode(email: target.email, requestType: requestType, newEmail: target.newEmail, now: now)
            let link =
                configuration.actionURL + "?mode=" + target.mode + "&lang=en&oobCode=" + code + "&apiKey=fake-api-key"
                + (request.continueUrl.map { "&continueUrl=" + FormEncoding.encode([("", $0)]).dropFirst() } ?? "")
            let message = MailMessage(code: code, link: link, kind: requestType, sender: "firebase", sentAt: now)
            mailbox.deliver(message, to: target.newEmail ?? target.email, in: rows)
            return (code, link)
        }
        let returnLink = isAdmin && request.returnOobLink == true
        return FirebaseOobCodeResponse(email: target.email, oobCode: returnLink ? code : nil, oobLink: returnLink ? link : nil)
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
    package func signInWithEmailLink(_ request: FirebaseEmailLinkRequest, client: String? = nil) async throws(FirebaseFailure)
        -> FirebaseEmailLinkResponse
    {
        var caller: Caller?
        if let idToken = request.idToken, !idToken.isEmpty { caller = try await authenticate(idToken) }
        guard let raw = request.email, !raw.isEmpty else { throw .code("MISSING_EMAIL") }
        guard let code = request.oobCode, !code.isEmpty else { throw .code("MISSING_OOB_CODE") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let (now, authTime) = (self.now, nowSeconds)
        let (user, isNewUser, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let (user, isNewUser) = try store.signInWithEmailLink(
                email: email, code: code, linkingTo: caller?.localId, client: client, now: now)
            if store.stopsAtSecondFactor(user.localId, linking: caller != nil) { return (user, isNewUser, String?.none) }
            return (user, isNewUser, store.issueRefreshToken(for: user.localId, signInProvider: "password", authTime: authTime, now: now))
        }
        guard let refreshToken else {
            var response = FirebaseEmailLinkResponse(
                email: email, localId: user.localId, isNewUser: isNewUser, idToken: nil, refreshToken: nil, expiresIn: nil)
            try awaitSecondFactor(&response, localId: user.localId, signInProvider: "password", authTime: authTime)
            return response
        }
        let idToken = try mintIDToken(for: user, signInProvider: "password", authTime: authTime)
        return FirebaseEmailLinkResponse(
            email: email, localId: user.localId, isNewUser: isNewUser, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }
}
