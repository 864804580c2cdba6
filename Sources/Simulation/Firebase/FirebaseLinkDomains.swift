import AuthData

/// The Firebase Hosting domains a project's email links may use (`ActionCodeSettings.linkDomain`).
/// Production takes only a custom domain connected to the project's Firebase Hosting, never a
/// default one (`web.app`, `firebaseapp.com`); firebase-admin-python's
/// `integration/test_auth.py` (`test_auth_error_parse`) shows the refusal. This emulator serves
/// no Hosting, so no domain is configured and every `linkDomain` is refused, where Google's
/// emulator ignores the field (firebase-tools `src/emulator/auth/operations.ts` `sendOobCode`).
enum FirebaseLinkDomains {
    /// Checks a request's `linkDomain`.
    /// - Parameter linkDomain: The domain, if the request names one.
    /// - Throws: `INVALID_HOSTING_LINK_DOMAIN` for any non-empty domain.
    static func check(_ linkDomain: String?) throws(FirebaseFailure) {
        guard let linkDomain, !linkDomain.isEmpty else { return }
        throw .invalidHostingLinkDomain
    }
}
