import Foundation

/// A stored passkey, with the columns of GoTrue's `webauthn_credentials`
/// (migrations/20260302000000_add_passkeys.up.sql, internal/models/webauthn_credential.go); for
/// Firebase `userID` is the `localId` and `friendlyName` the passkey's `name`.
package struct PasskeyRecord: Sendable, Hashable {
    /// `id`: the passkey's UUID, as the routes name it.
    package var id: String
    /// `user_id`.
    package var userID: String
    /// `credential_id`: the authenticator's credential ID (unique).
    package var credentialID: [UInt8]
    /// `public_key`: the CBOR COSE_Key.
    package var publicKey: [UInt8]
    /// `attestation_type`: the attestation format at registration (`none`, `packed`).
    package var attestationType: String
    /// `aaguid`: the authenticator model (16 bytes).
    package var aaguid: [UInt8]
    /// `sign_count`.
    package var signCount: UInt32
    /// `transports`: what the client reported (`internal`, `hybrid`, …).
    package var transports: [String]
    /// `backup_eligible` (BE at registration).
    package var backupEligible: Bool
    /// `backed_up` (BS, last seen).
    package var backedUp: Bool
    /// `friendly_name`.
    package var friendlyName: String
    /// `created_at`.
    package var createdAt: Date
    /// `updated_at`.
    package var updatedAt: Date
    /// `last_used_at`.
    package var lastUsedAt: Date?

    /// Makes a row.
    package init(
        id: String, userID: String, credentialID: [UInt8], publicKey: [UInt8], attestationType: String, aaguid: [UInt8],
        signCount: UInt32, transports: [String], backupEligible: Bool, backedUp: Bool, friendlyName: String,
        createdAt: Date, updatedAt: Date, lastUsedAt: Date?
    ) {
        self.id = id
        self.userID = userID
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.attestationType = attestationType
        self.aaguid = aaguid
        self.signCount = signCount
        self.transports = transports
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.friendlyName = friendlyName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastUsedAt = lastUsedAt
    }
}
