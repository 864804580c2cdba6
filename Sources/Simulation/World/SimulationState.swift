/// Everything the simulated services remembers between runs: users, identities, sessions, which
/// Apple IDs authorized which apps, and sent mail.
public struct SimulationState: Codable, Sendable {
    package var apple = AppleIDState()
    package var googleAccounts: [String: SimulatedGoogle.Account] = [:]
    package var mailbox: [String: [MailMessage]] = [:]
    package var supabase = SupabaseState()
    package var firebase = FirebaseProjectsState()

    /// Nothing remembered yet.
    public init() {}
}
