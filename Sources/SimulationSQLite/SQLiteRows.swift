import AuthSimulation
import GRDB

/// The rows of one step on the database, by service.
final class SQLiteRows: SimulationRows {
    let step: SQLiteStep
    private var supabaseRows: SQLiteSupabaseRows?
    private var projects: [String: SQLiteFirebaseRows] = [:]

    init(step: SQLiteStep) { self.step = step }

    var supabase: any SupabaseRows {
        if let supabaseRows { return supabaseRows }
        let rows = SQLiteSupabaseRows(step: step)
        supabaseRows = rows
        return rows
    }

    func firebase(project: String) -> any FirebaseRows {
        if let rows = projects[project] { return rows }
        let rows = SQLiteFirebaseRows(step: step, project: project)
        projects[project] = rows
        return rows
    }

    var appleID: any AppleIDRows { SQLiteAppleIDRows(step: step) }
    var google: any GoogleAccountRows { SQLiteGoogleAccountRows(step: step) }
    var mailbox: any MailboxRows { SQLiteMailboxRows(step: step) }

    /// Writes what the step kept for its end.
    func finish() { supabaseRows?.flush() }
}
