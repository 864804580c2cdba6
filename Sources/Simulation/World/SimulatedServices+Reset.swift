import Foundation

extension SimulatedServices {
    /// Forgets every user, session, code and message, and which Apple IDs and Google accounts
    /// authorized which apps; the keys stay, so tokens and the `.p8` key remain valid
    /// (`login reset`, the emulator's `POST /reset`).
    package func reset() async {
        supabase.reset()
        for project in firebaseProjects.projectIDs { await firebaseProjects.engine(for: project)?.wipeAccounts() }
        await apple.reset()
        await google.reset()
        await mailbox.removeAll()
    }
}

extension SimulatedAppleID {
    /// Forgets every Apple ID's authorizations and relay addresses.
    func reset() { state = AppleIDState() }
}

extension SimulatedGoogle {
    /// Forgets every account.
    func reset() { accounts = [:] }
}
