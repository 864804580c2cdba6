/// One `federatedUserId` of an admin `accounts:lookup`: a provider's user, by the provider and
/// its own id for the user (Identity Toolkit `GetAccountInfoRequest.federatedUserId`;
/// firebase-admin-python `_user_identifier.py` `ProviderIdentifier`).
package struct FirebaseFederatedUserId: Codable, Hashable, Sendable {
    package var providerId: String?
    package var rawId: String?

    package init(providerId: String?, rawId: String?) {
        self.providerId = providerId
        self.rawId = rawId
    }
}
