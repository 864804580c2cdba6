/// The simulated Google's accounts in memory.
final class InMemoryGoogleAccountRows: GoogleAccountRows {
    private var accounts: [String: SimulatedGoogle.Account] = [:]

    func account(email: String) -> SimulatedGoogle.Account? { accounts[email] }
    func insert(_ account: SimulatedGoogle.Account) { accounts[account.email] = account }
    func deleteAll() { accounts = [:] }
}
