import Foundation

/// The simulated Apple ID's rows in memory, in an ``AppleIDState``. Expired codes are dropped once
/// there are many (the token endpoint checks their age anyway).
final class InMemoryAppleIDRows: AppleIDRows {
    private var state = AppleIDState()

    func account(appleID: String) -> AppleIDState.Account? { state.accounts[appleID] }

    func insert(_ account: AppleIDState.Account) {
        state.accounts[account.appleID] = account
        state.subjects[account.subject] = account.appleID
    }

    func authorization(clientID: String, subject: String) -> AppleIDState.Authorization? {
        state.authorizations[AppleIDState.authorizationKey(clientID: clientID, subject: subject)]
    }

    func authorizations(subject: String) -> [AppleIDState.Authorization] {
        state.authorizations.values.filter { $0.subject == subject }.sorted {
            ($0.authorizedAt, $0.clientID) < ($1.authorizedAt, $1.clientID)
        }
    }

    func save(_ authorization: AppleIDState.Authorization) {
        state.authorizations[AppleIDState.authorizationKey(clientID: authorization.clientID, subject: authorization.subject)] =
            authorization
    }

    func code(_ code: String) -> AppleIDState.Code? { state.codes[code] }
    func save(code: String, _ record: AppleIDState.Code) { state.codes[code] = record }

    func purgeCodes(issuedBefore date: Date) {
        guard state.codes.count > 1024 else { return }
        state.codes = state.codes.filter { $0.value.issuedAt >= date }
    }

    func token(_ token: String) -> AppleIDState.Token? { state.tokens[token] }
    func insert(token: String, _ record: AppleIDState.Token) { state.tokens[token] = record }

    func revokeTokens(clientID: String, subject: String, at date: Date) {
        for (token, record) in state.tokens where record.clientID == clientID && record.subject == subject && record.revokedAt == nil {
            state.tokens[token]?.revokedAt = date
        }
    }

    func append(_ revocation: AppleIDState.Revocation) { state.revocations.append(revocation) }
    func revocations() -> [AppleIDState.Revocation] { state.revocations }
    func deleteAll() { state = AppleIDState() }
}
