import AuthSimulation
import GRDB

/// The simulated Google's accounts: `google_accounts`.
final class SQLiteGoogleAccountRows: GoogleAccountRows {
    let step: SQLiteStep

    init(step: SQLiteStep) { self.step = step }

    func account(email: String) -> SimulatedGoogle.Account? {
        step.row("SELECT subject, given_name, family_name FROM google_accounts WHERE email = ?", [email])
            .map { SimulatedGoogle.Account(email: email, subject: $0[0], givenName: $0[1], familyName: $0[2]) }
    }

    func deleteAll() { step.execute("DELETE FROM google_accounts", []) }

    func insert(_ account: SimulatedGoogle.Account) {
        step.execute(
            "INSERT INTO google_accounts (email, subject, given_name, family_name) VALUES (?, ?, ?, ?)",
            [account.email, account.subject, account.givenName, account.familyName])
    }
}
