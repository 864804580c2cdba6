/// Where the simulated services keep what they remember: Supabase's users, identities, sessions,
/// refresh tokens, flow states and one-time codes; each Firebase project's accounts, refresh
/// tokens, codes, pending credentials and counters; the simulated Apple ID's and Google's
/// accounts, authorizations, codes and tokens; the mailbox.
///
/// The services' rules (`SupabaseStore`, `FirebaseStore`, `SimulatedAppleID`, …) run as steps:
/// each step reads and writes rows through ``SimulationRows`` inside one transaction, and returns
/// only once its writes are committed; or, for a request that holds a ``StorageCommitTicket``,
/// once they are in a transaction whose commit the ticket awaits (group commit, in the SQLite
/// adapter). Adapters: ``InMemorySimulationStorage`` (unit tests, `--ephemeral`, the in-process
/// backends) and `SQLiteSimulationStorage` (module `AuthSimulationSQLite`:
/// one SQLite database in the state directory). Both run through one contract suite.
///
/// A step's writes are committed **whether it returns or throws**: the rules keep what they did
/// before a refusal (a spent code, a revoked refresh-token family, a counted wrong guess). Only a
/// failure of the storage itself rolls the step back.
///
/// Steps must not nest: a step never starts another step of the same storage.
package protocol SimulationStorage: Sendable {
    /// Runs one step that may write.
    /// - Parameter body: The step; its rows are valid only while it runs.
    /// - Returns: What the step returned.
    /// - Throws: ``StorageStepFailure/step(_:)`` with what the step threw (its writes kept), or
    ///   ``StorageStepFailure/storage(_:)`` when the storage failed (nothing of the step kept).
    func write<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) throws(StorageStepFailure<Failure>) -> Result

    /// Runs one step that may write, as ``write(_:)`` does, but suspends the caller instead of
    /// blocking its thread while the step waits for and runs on the storage's writer: a server
    /// whose requests hold a ``StorageCommitTicket`` goes on verifying and answering other requests
    /// meanwhile, and the steps that queue up for the writer commit together. The default runs
    /// ``write(_:)`` on the caller's thread (the in-memory adapter, whose steps never wait).
    /// - Parameter body: The step; its rows are valid only while it runs, on whatever thread the
    ///   storage runs it (it must not depend on the caller's task-local values).
    /// - Returns: What the step returned.
    /// - Throws: As ``write(_:)``.
    func writeSuspending<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) async throws(StorageStepFailure<
        Failure
    >) -> Result

    /// Runs one step that only reads (the SQLite adapter reads a consistent snapshot, beside writers).
    /// - Parameter body: The step; it must not write.
    /// - Returns: What the step returned.
    /// - Throws: ``StorageStepFailure``.
    func read<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) throws(StorageStepFailure<Failure>) -> Result
}

/// How a storage step failed.
package enum StorageStepFailure<Failure: Error>: Error {
    /// The step's own refusal; what it wrote before throwing is kept.
    case step(Failure)
    /// The storage failed; nothing of the step is kept.
    case storage(SimulationStorageError)
}

/// A failure of the storage itself (the disk, the database), as developers read it in logs.
/// Never carries row contents: no tokens, codes or emails.
package struct SimulationStorageError: Error, Sendable, CustomStringConvertible {
    /// What failed, for developers.
    package var description: String

    /// Creates a failure.
    /// - Parameter description: What failed.
    package init(_ description: String) { self.description = description }
}

extension SimulationStorage {
    package func writeSuspending<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result)
        async throws(StorageStepFailure<Failure>) -> Result
    {
        try write(body)
    }

    /// Runs a step that cannot refuse.
    /// - Parameter body: The step.
    /// - Returns: What the step returned.
    /// - Throws: ``SimulationStorageError`` when the storage failed.
    package func update<Result>(_ body: (any SimulationRows) -> Result) throws(SimulationStorageError) -> Result {
        do {
            return try write { (rows: any SimulationRows) throws(Never) -> Result in body(rows) }
        } catch {
            switch error {
            case .storage(let failure): throw failure
            case .step(let impossible): switch impossible {}
            }
        }
    }

    /// Runs a read that cannot refuse.
    /// - Parameter body: The read.
    /// - Returns: What it returned.
    /// - Throws: ``SimulationStorageError`` when the storage failed.
    package func fetch<Result>(_ body: (any SimulationRows) -> Result) throws(SimulationStorageError) -> Result {
        do {
            return try read { (rows: any SimulationRows) throws(Never) -> Result in body(rows) }
        } catch {
            switch error {
            case .storage(let failure): throw failure
            case .step(let impossible): switch impossible {}
            }
        }
    }
}
