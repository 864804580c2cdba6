/// The rows one storage step reads and writes, by service. Valid only while the step runs.
package protocol SimulationRows: AnyObject {
    /// The Supabase-like engine's rows (GoTrue's `auth` schema).
    var supabase: any SupabaseRows { get }
    /// One Firebase project's rows.
    /// - Parameter project: The project id.
    /// - Returns: The project's rows (empty for a project never seen).
    func firebase(project: String) -> any FirebaseRows
    /// The simulated Apple ID's rows.
    var appleID: any AppleIDRows { get }
    /// The simulated Google's accounts.
    var google: any GoogleAccountRows { get }
    /// The mailbox.
    var mailbox: any MailboxRows { get }
}
