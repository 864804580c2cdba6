/// One passkey of a Firebase user (`accounts:lookup` `users[].passkeyInfo[]`, Google's reference
/// `GoogleCloudIdentitytoolkitV1PasskeyInfo`): its name and credential ID (proto3 base64).
package struct FirebasePasskeyInfoPayload: Codable, Hashable, Sendable {
    package var name: String?
    package var credentialId: String

    package init(name: String?, credentialId: String) {
        self.name = name
        self.credentialId = credentialId
    }
}
