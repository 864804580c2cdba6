import AuthDomain

/// `accounts:signInWithPassword` (v3 `verifyPassword`) request.
package struct FirebasePasswordSignInRequest: Codable, Hashable, Sendable {
    package var email: String?
    /// The password, which never prints whole.
    package var password: Secret?
    package var returnSecureToken: Bool?

    package init(email: String?, password: Secret?, returnSecureToken: Bool? = true) {
        self.email = email
        self.password = password
        self.returnSecureToken = returnSecureToken
    }
}

/// `accounts:signInWithPassword` (v3 `verifyPassword`) response.
package struct FirebasePasswordSignInResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#VerifyPasswordResponse"
    package var registered = true
    package var localId: String
    package var email: String
    package var displayName: String?
    /// Absent when a second factor is required.
    package var idToken: String?
    package var refreshToken: String?
    package var expiresIn: String?
    /// With an enrolled second factor: what `mfaSignIn:finalize` takes instead of tokens.
    package var mfaPendingCredential: String?
    /// With an enrolled second factor: the user's factors.
    package var mfaInfo: [FirebaseMFAInfoPayload]?

    package init(localId: String, email: String, displayName: String?, idToken: String?, refreshToken: String?, expiresIn: String?) {
        self.localId = localId
        self.email = email
        self.displayName = displayName
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// `accounts:resetPassword` (v3 `resetPassword`) request: with `newPassword` it sets the password;
/// without, it only tells what the code is for.
package struct FirebaseResetPasswordRequest: Codable, Hashable, Sendable {
    package var oobCode: String?
    /// The new password, which never prints whole.
    package var newPassword: Secret?

    package init(oobCode: String?, newPassword: Secret?) {
        self.oobCode = oobCode
        self.newPassword = newPassword
    }
}

/// `accounts:resetPassword` response: the code's `requestType` and address (`newEmail` for an
/// email change).
package struct FirebaseResetPasswordResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#ResetPasswordResponse"
    package var requestType: String
    package var email: String?
    package var newEmail: String?

    package init(requestType: String, email: String?, newEmail: String?) {
        self.requestType = requestType
        self.email = email
        self.newEmail = newEmail
    }
}
