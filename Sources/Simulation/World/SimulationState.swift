/// Everything the simulated services remembered in `state.json` (format 1, before the SQLite
/// database): users, identities, sessions, which Apple IDs authorized which apps, and sent mail.
/// Read once, to import it into a ``SimulationStorage`` (`SimulationState+Import.swift`).
public struct SimulationState: Codable, Sendable {
    package var apple = AppleIDState()
    package var googleAccounts: [String: SimulatedGoogle.Account] = [:]
    package var mailbox: [String: [MailMessage]] = [:]
    package var supabase = SupabaseState()
    package var firebase = FirebaseProjectsState()

    /// Nothing remembered yet.
    public init() {}
}
