import Foundation

extension SimulatedServices {
    /// Forgets every user, session, code and message, and which Apple IDs and Google accounts
    /// authorized which apps, in one storage step; the keys stay, so tokens and the `.p8` key
    /// remain valid (`login reset`, the emulator's `POST /reset`, the console's reset).
    /// - Throws: ``SimulationStorageError`` when the storage fails (nothing is forgotten then).
    package func reset() async throws(SimulationStorageError) {
        let projects = firebaseProjects.projectIDs
        try storage.update { (rows: any SimulationRows) in
            rows.supabase.deleteAll()
            for project in projects { rows.firebase(project: project).deleteAll() }
            rows.appleID.deleteAll()
            rows.google.deleteAll()
            rows.mailbox.deleteAll()
        }
        await google.forgetCodes()
    }
}

extension SimulatedGoogle {
    /// Forgets the codes of the web flow not exchanged yet (kept in memory).
    func forgetCodes() { codes = [:] }
}
