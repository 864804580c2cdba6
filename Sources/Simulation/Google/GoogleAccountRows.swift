/// The simulated Google's accounts, by lowercased email.
package protocol GoogleAccountRows: AnyObject {
    /// An account.
    func account(email: String) -> SimulatedGoogle.Account?
    /// Inserts an account.
    func insert(_ account: SimulatedGoogle.Account)
    /// Forgets every account (`login reset`).
    func deleteAll()
}
