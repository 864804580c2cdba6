extension SimulationStorage {
    /// Runs one step of a service's rules as one transaction, committed before it returns (also
    /// when the rules refuse: what they did before refusing is kept), with a storage failure
    /// turned into the service's own error. The engines, the simulated providers and the seeding
    /// all run their steps through it.
    /// - Parameters:
    ///   - storageFailure: The service's error for a failed storage, given what failed.
    ///   - body: The step.
    /// - Returns: What the step returned.
    /// - Throws: The step's refusal, or `storageFailure` when the storage failed.
    package func transaction<Result, Failure: Error>(
        storageFailure: (SimulationStorageError) -> Failure,
        _ body: (any SimulationRows) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        do {
            return try write(body)
        } catch {
            throw error.unwrapped(storageFailure)
        }
    }

    /// ``transaction(storageFailure:_:)`` through ``SimulationStorage/writeSuspending(_:)``: the
    /// caller is suspended, not its thread, while the step waits for the writer. The engines' steps
    /// of requests take this one.
    /// - Parameters:
    ///   - storageFailure: The service's error for a failed storage, given what failed.
    ///   - body: The step.
    /// - Returns: What the step returned.
    /// - Throws: The step's refusal, or `storageFailure` when the storage failed.
    package func transaction<Result, Failure: Error>(
        storageFailure: (SimulationStorageError) -> Failure,
        _ body: (any SimulationRows) throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        do {
            return try await writeSuspending(body)
        } catch {
            throw error.unwrapped(storageFailure)
        }
    }

    /// Runs one read of a service's rules (a consistent snapshot, beside writers), with a storage
    /// failure turned into the service's own error.
    /// - Parameters:
    ///   - storageFailure: The service's error for a failed storage, given what failed.
    ///   - body: The read; it must not write.
    /// - Returns: What the read returned.
    /// - Throws: The read's refusal, or `storageFailure` when the storage failed.
    package func snapshot<Result, Failure: Error>(
        storageFailure: (SimulationStorageError) -> Failure,
        _ body: (any SimulationRows) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        do {
            return try read(body)
        } catch {
            throw error.unwrapped(storageFailure)
        }
    }
}

extension StorageStepFailure {
    /// The step's own refusal, or the service's error for a failed storage.
    /// - Parameter storageFailure: The service's error for a failed storage.
    /// - Returns: The error to throw.
    func unwrapped(_ storageFailure: (SimulationStorageError) -> Failure) -> Failure {
        switch self {
        case .step(let failure): failure
        case .storage(let failure): storageFailure(failure)
        }
    }
}
