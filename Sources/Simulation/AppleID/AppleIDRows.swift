import Foundation

/// The simulated Apple ID's rows: Apple IDs with their team-scoped subjects, each app's
/// authorization, authorization codes, access and refresh tokens, and recorded revocations.
///
/// ``purgeCodes(issuedBefore:)`` drops codes whose expiry the token endpoint checks anyway: an
/// adapter may drop them at once or later.
package protocol AppleIDRows: AnyObject {
    /// An Apple ID, by its lowercased address.
    func account(appleID: String) -> AppleIDState.Account?
    /// Inserts an Apple ID.
    func insert(_ account: AppleIDState.Account)
    /// An app's authorization by a person.
    func authorization(clientID: String, subject: String) -> AppleIDState.Authorization?
    /// Every app a person authorized, revoked ones included, oldest first.
    func authorizations(subject: String) -> [AppleIDState.Authorization]
    /// Inserts or replaces an authorization.
    func save(_ authorization: AppleIDState.Authorization)
    /// An authorization code's row.
    func code(_ code: String) -> AppleIDState.Code?
    /// Inserts or replaces an authorization code's row.
    func save(code: String, _ record: AppleIDState.Code)
    /// May drop the codes issued before `date`.
    func purgeCodes(issuedBefore date: Date)
    /// An access or refresh token's row.
    func token(_ token: String) -> AppleIDState.Token?
    /// Inserts a token.
    func insert(token: String, _ record: AppleIDState.Token)
    /// Revokes, at `date`, every token of an app and person not revoked yet.
    func revokeTokens(clientID: String, subject: String, at date: Date)
    /// Records a revocation.
    func append(_ revocation: AppleIDState.Revocation)
    /// Every revocation, oldest first.
    func revocations() -> [AppleIDState.Revocation]
    /// Forgets every Apple ID, authorization, code, token and revocation (`login reset`).
    func deleteAll()
}
