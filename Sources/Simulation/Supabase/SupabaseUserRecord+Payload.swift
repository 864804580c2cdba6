import AuthData
import AuthJWT
import Foundation

extension SupabaseUserRecord {
    /// `app_metadata`: the first identity's provider and the distinct providers in identity
    /// order (`{}` for anonymous users), then what the admin set.
    package var appMetadata: JSONObject {
        identityAppMetadata.merging(customAppMetadata ?? [:])
    }

    private var identityAppMetadata: JSONObject {
        guard !identities.isEmpty else { return [:] }
        var providers: [String] = []
        for identity in identities.sorted(by: { $0.createdAt < $1.createdAt }) where !providers.contains(identity.provider) {
            providers.append(identity.provider)
        }
        return ["provider": .string(providers[0]), "providers": .array(providers.map(JSONValue.string))]
    }

    /// `confirmed_at`: the earlier of the email's and the phone's confirmation (GoTrue's generated
    /// column `LEAST(email_confirmed_at, phone_confirmed_at)`, 20210909172000).
    private var confirmedAt: Date? {
        [emailConfirmedAt, phoneConfirmedAt].compactMap { $0 }.min()
    }

    /// The user as GoTrue returns it.
    var payload: SupabaseUserPayload {
        var payload = SupabaseUserPayload(
            id: id, aud: "authenticated", role: effectiveRole, email: email, phone: phone ?? "",
            emailConfirmedAt: emailConfirmedAt.map(RFC3339.format), confirmedAt: confirmedAt.map(RFC3339.format),
            confirmationSentAt: confirmationSentAt.map(RFC3339.format), recoverySentAt: recoverySentAt.map(RFC3339.format),
            lastSignInAt: lastSignInAt.map(RFC3339.format), appMetadata: appMetadata, userMetadata: userMetadata,
            identities: identities.map { identity in
                SupabaseIdentityPayload(
                    identityID: identity.identityID, id: identity.providerID, userID: id, identityData: identity.identityData,
                    provider: identity.provider, lastSignInAt: identity.lastSignInAt.map(RFC3339.format),
                    createdAt: RFC3339.format(identity.createdAt), updatedAt: RFC3339.format(identity.updatedAt),
                    email: identity.email?.lowercased())
            },
            createdAt: RFC3339.format(createdAt), updatedAt: RFC3339.format(updatedAt), isAnonymous: isAnonymous)
        payload.bannedUntil = bannedUntil.map(RFC3339.format)
        payload.phoneConfirmedAt = phoneConfirmedAt.map(RFC3339.format)
        payload.newEmail = emailChange.flatMap { $0.newEmail.isEmpty ? nil : $0.newEmail }
        payload.emailChangeSentAt = emailChange?.sentAt.map(RFC3339.format)
        return payload
    }
}
