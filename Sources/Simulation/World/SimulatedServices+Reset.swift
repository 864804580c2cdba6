import Foundation

extension SimulatedServices {
    /// Forgets every user, session, code and message, and which Apple IDs and Google accounts
    /// authorized which apps; the keys stay, so tokens and the `.p8` key remain valid
    /// (`login reset`, the emulator's `POST /reset`, the console's reset).
    package func reset() async {
        supabase.reset()
        for project in firebaseProjects.projectIDs { await firebaseProjects.engine(for: project)?.reset() }
        await apple.reset()
        await google.reset()
        await mailbox.removeAll()
    }
}

extension SimulatedAppleID {
    /// Forgets every Apple ID, authorization, code and token (the signing keys stay).
    package func reset() { state = AppleIDState() }
}

extension SimulatedGoogle {
    /// Forgets every account and pending code (the signing keys stay).
    package func reset() {
        accounts = [:]
        codes = [:]
    }
}
