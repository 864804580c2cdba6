import AuthDomain

/// `accounts:signInWithIdp` (v3 `verifyAssertion`) request.
package struct FirebaseIdpRequest: Codable, Hashable, Sendable {
    package var requestUri: String?
    package var postBody: String?
    package var returnSecureToken: Bool?
    package var returnIdpCredential: Bool?
    package var idToken: String?
    package var pendingToken: String?
    package var autoCreate: Bool?
    /// The `createAuthUri` session a redirect sign-in answers.
    package var sessionId: String?

    package init(
        requestUri: String?, postBody: String?, returnSecureToken: Bool?, returnIdpCredential: Bool?,
        idToken: String? = nil, pendingToken: String? = nil, autoCreate: Bool? = nil, sessionId: String? = nil
    ) {
        self.sessionId = sessionId
        self.requestUri = requestUri
        self.postBody = postBody
        self.returnSecureToken = returnSecureToken
        self.returnIdpCredential = returnIdpCredential
        self.idToken = idToken
        self.pendingToken = pendingToken
        self.autoCreate = autoCreate
    }
}

/// `accounts:signUp` request (anonymous when it carries no email; an email + password account
/// with both; with an admin credential, any of the fields).
package struct FirebaseSignUpRequest: Codable, Hashable, Sendable {
    package var returnSecureToken: Bool?
    package var email: String?
    /// The password, which never prints whole.
    package var password: Secret?
    package var displayName: String?
    package var phoneNumber: String?
    /// The signed-in user an email + password is added to (an anonymous user keeps its uid).
    package var idToken: String?
    package var localId: String?
    package var emailVerified: Bool?
    package var disabled: Bool?
    package var photoUrl: String?

    package init(returnSecureToken: Bool?) { self.returnSecureToken = returnSecureToken }
}

/// `accounts:lookup` and `accounts:delete` request: by ID token, or (admin) by uid or email.
package struct FirebaseAccountRequest: Codable, Hashable, Sendable {
    package var idToken: String?
    package var localId: FirebaseStringOrArray?
    package var email: [String]?
    package var phoneNumber: [String]?
    /// Providers' users to look up (admin only).
    package var federatedUserId: [FirebaseFederatedUserId]?

    package init(idToken: String?) { self.idToken = idToken }
}

/// A field Google's APIs accept as one string or an array of strings (`localId`).
package enum FirebaseStringOrArray: Codable, Hashable, Sendable {
    case one(String)
    case many([String])

    package var values: [String] {
        switch self {
        case .one(let value): [value]
        case .many(let values): values
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) { self = .one(one) } else { self = .many(try container.decode([String].self)) }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .one(let value): try container.encode(value)
        case .many(let values): try container.encode(values)
        }
    }
}

/// `accounts:update` (v3 `setAccountInfo`) request.
package struct FirebaseUpdateRequest: Codable, Hashable, Sendable {
    package var idToken: String?
    package var localId: String?
    package var displayName: String?
    package var photoUrl: String?
    package var email: String?
    /// The new password, which never prints whole.
    package var password: Secret?
    package var phoneNumber: String?
    /// A `VERIFY_EMAIL` or `VERIFY_AND_CHANGE_EMAIL` code to apply, instead of an ID token.
    package var oobCode: String?
    package var emailVerified: Bool?
    package var disableUser: Bool?
    /// Seconds since 1970, as a JSON string or number (Google's `int64` fields take both).
    package var validSince: FirebaseInt64?
    package var customAttributes: String?
    package var deleteAttribute: [String]?
    package var deleteProvider: [String]?
    /// Credential IDs of passkeys to delete (proto3 base64).
    package var deletePasskey: [String]?
    package var returnSecureToken: Bool?

    package init(idToken: String?) { self.idToken = idToken }
}

/// `accounts:sendOobCode` (v3 `getOobConfirmationCode`) request.
package struct FirebaseOobRequest: Codable, Hashable, Sendable {
    package var requestType: String?
    package var email: String?
    /// The new address of a `VERIFY_AND_CHANGE_EMAIL` request.
    package var newEmail: String?
    /// The signed-in user a `VERIFY_EMAIL` or `VERIFY_AND_CHANGE_EMAIL` request is for.
    package var idToken: String?
    package var continueUrl: String?
    package var canHandleCodeInApp: Bool?
    package var returnOobLink: Bool?
    /// The Firebase Hosting domain the link should use (`ActionCodeSettings.linkDomain`).
    package var linkDomain: String?

    package init(requestType: String?, email: String?, continueUrl: String?, canHandleCodeInApp: Bool?) {
        self.requestType = requestType
        self.email = email
        self.continueUrl = continueUrl
        self.canHandleCodeInApp = canHandleCodeInApp
    }
}

/// `accounts:signInWithEmailLink` (v3 `emailLinkSignin`) request.
package struct FirebaseEmailLinkRequest: Codable, Hashable, Sendable {
    package var email: String?
    package var oobCode: String?
    package var idToken: String?

    package init(email: String?, oobCode: String?, idToken: String? = nil) {
        self.email = email
        self.oobCode = oobCode
        self.idToken = idToken
    }
}

/// `accounts:createAuthUri` request for an identity provider's redirect sign-in.
package struct FirebaseCreateAuthUriRequest: Codable, Hashable, Sendable {
    package var providerId: String?
    package var continueUri: String?
    package var identifier: String?

    package init(providerId: String?, continueUri: String?, identifier: String? = nil) {
        self.providerId = providerId
        self.continueUri = continueUri
        self.identifier = identifier
    }
}

/// `accounts:createAuthUri`'s answer for an identity provider.
package struct FirebaseCreateAuthUriResponse: Codable, Sendable, Hashable {
    package var kind: String?
    package var authUri: String?
    package var providerId: String?
    package var sessionId: String?

    package init(authUri: String, providerId: String, sessionId: String) {
        self.kind = "identitytoolkit#CreateAuthUriResponse"
        self.authUri = authUri
        self.providerId = providerId
        self.sessionId = sessionId
    }
}
