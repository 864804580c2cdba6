import AuthSimulation
import Foundation
import GRDB

/// The simulated Apple ID's rows: `apple_accounts`, `apple_authorizations`,
/// `apple_authorization_codes`, `apple_tokens`, `apple_revocations`.
final class SQLiteAppleIDRows: AppleIDRows {
    let step: SQLiteStep

    init(step: SQLiteStep) { self.step = step }

    func account(appleID: String) -> AppleIDState.Account? {
        step.row("SELECT subject, relay_address FROM apple_accounts WHERE apple_id = ?", [appleID])
            .map { AppleIDState.Account(appleID: appleID, subject: $0[0], relayAddress: $0[1]) }
    }

    func insert(_ account: AppleIDState.Account) {
        step.execute(
            "INSERT INTO apple_accounts (apple_id, subject, relay_address) VALUES (?, ?, ?)",
            [account.appleID, account.subject, account.relayAddress])
    }

    func authorization(clientID: String, subject: String) -> AppleIDState.Authorization? {
        step.row(
            """
            SELECT shared_email, is_private_email, authorized_at, revoked_at FROM apple_authorizations WHERE client_id = ? AND subject = ?
            """, [clientID, subject]
        ).map { row in
            AppleIDState.Authorization(
                clientID: clientID, subject: subject, sharedEmail: row[0], isPrivateEmail: row[1],
                authorizedAt: step.date(row[2] as String, "apple_authorizations.authorized_at"),
                revokedAt: step.optionalDate(row[3], "apple_authorizations.revoked_at"))
        }
    }

    func authorizations(subject: String) -> [AppleIDState.Authorization] {
        step.strings("SELECT client_id FROM apple_authorizations WHERE subject = ? ORDER BY authorized_at, client_id", [subject])
            .compactMap { authorization(clientID: $0, subject: subject) }
    }

    func save(_ authorization: AppleIDState.Authorization) {
        step.execute(
            """
            INSERT OR REPLACE INTO apple_authorizations (client_id, subject, shared_email, is_private_email, authorized_at, revoked_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                authorization.clientID, authorization.subject, authorization.sharedEmail, authorization.isPrivateEmail,
                Column.text(authorization.authorizedAt), Column.text(authorization.revokedAt),
            ])
    }

    func code(_ code: String) -> AppleIDState.Code? {
        let query = "SELECT client_id, subject, nonce, issued_at, used_at, redirect_uri FROM apple_authorization_codes WHERE code = ?"
        return step.row(query, [code]).map { row in
            AppleIDState.Code(
                clientID: row[0], subject: row[1], nonce: row[2],
                issuedAt: step.date(row[3] as String, "apple_authorization_codes.issued_at"),
                usedAt: step.optionalDate(row[4], "apple_authorization_codes.used_at"), redirectURI: row[5])
        }
    }

    func save(code: String, _ record: AppleIDState.Code) {
        step.execute(
            """
            INSERT OR REPLACE INTO apple_authorization_codes (code, client_id, subject, nonce, issued_at, used_at, redirect_uri)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                code, record.clientID, record.subject, record.nonce, Column.text(record.issuedAt), Column.text(record.usedAt),
                record.redirectURI,
            ])
    }

    func purgeCodes(issuedBefore date: Date) {
        step.execute("DELETE FROM apple_authorization_codes WHERE issued_at < ?", [Column.text(date)])
    }

    func token(_ token: String) -> AppleIDState.Token? {
        step.row("SELECT client_id, subject, kind, issued_at, revoked_at FROM apple_tokens WHERE token = ?", [token]).map { row in
            AppleIDState.Token(
                clientID: row[0], subject: row[1], kind: row[2], issuedAt: step.date(row[3] as String, "apple_tokens.issued_at"),
                revokedAt: step.optionalDate(row[4], "apple_tokens.revoked_at"))
        }
    }

    func insert(token: String, _ record: AppleIDState.Token) {
        step.execute(
            "INSERT INTO apple_tokens (token, client_id, subject, kind, issued_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)",
            [token, record.clientID, record.subject, record.kind, Column.text(record.issuedAt), Column.text(record.revokedAt)])
    }

    func revokeTokens(clientID: String, subject: String, at date: Date) {
        step.execute(
            "UPDATE apple_tokens SET revoked_at = ? WHERE client_id = ? AND subject = ? AND revoked_at IS NULL",
            [Column.text(date), clientID, subject])
    }

    func append(_ revocation: AppleIDState.Revocation) {
        step.execute(
            "INSERT INTO apple_revocations (client_id, subject, token_kind, revoked_at) VALUES (?, ?, ?, ?)",
            [revocation.clientID, revocation.subject, revocation.tokenKind, Column.text(revocation.at)])
    }

    func deleteAll() {
        for table in ["apple_accounts", "apple_authorizations", "apple_authorization_codes", "apple_tokens", "apple_revocations"] {
            step.execute("DELETE FROM \(table)", [])
        }
    }

    func revocations() -> [AppleIDState.Revocation] {
        step.rows("SELECT client_id, subject, token_kind, revoked_at FROM apple_revocations ORDER BY id", []).map { row in
            AppleIDState.Revocation(
                clientID: row[0], subject: row[1], tokenKind: row[2], at: step.date(row[3] as String, "apple_revocations.revoked_at"))
        }
    }
}
