import Foundation

/// The in-memory adapter of ``SimulationStorage``: dictionaries with the indexes the rules look
/// rows up by, behind one lock, so steps run one at a time. Nothing is written anywhere; unit
/// tests, `login serve --ephemeral` and the in-process backends use it.
///
/// `@unchecked Sendable` is sound here: the rows (and the tables they hold) are touched only by
/// a step, and every step runs while `lock` is held.
package final class InMemorySimulationStorage: SimulationStorage, @unchecked Sendable {
    private let lock = NSLock()
    private let rows = InMemoryRows()

    /// An empty storage.
    package init() {}

    /// Runs a step under the lock; what it wrote stays, whether it returns or throws.
    package func write<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) throws(StorageStepFailure<Failure>)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        do { return try body(rows) } catch { throw .step(error) }
    }

    /// Runs a read under the same lock.
    package func read<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) throws(StorageStepFailure<Failure>)
        -> Result
    {
        try write(body)
    }
}

/// Every table of the in-memory storage.
private final class InMemoryRows: SimulationRows {
    let supabase: any SupabaseRows = InMemorySupabaseRows()
    let appleID: any AppleIDRows = InMemoryAppleIDRows()
    let google: any GoogleAccountRows = InMemoryGoogleAccountRows()
    let mailbox: any MailboxRows = InMemoryMailboxRows()
    private var projects: [String: InMemoryFirebaseRows] = [:]

    func firebase(project: String) -> any FirebaseRows {
        if let rows = projects[project] { return rows }
        let rows = InMemoryFirebaseRows()
        projects[project] = rows
        return rows
    }
}
