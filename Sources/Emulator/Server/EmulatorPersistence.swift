import AuthData
import AuthSimulation
import Foundation
import Logging

/// Writes the emulator's state to the state directory when it changed: at most once per
/// interval while serving, and once more at shutdown. Each write replaces `state.json`
/// atomically with a checksum, so a restart finds every user and session of the last write, and
/// a damaged file is detected rather than trusted.
actor EmulatorPersistence {
    private let directory: SimulationStateDirectory
    private let emulator: Emulator
    private let interval: TimeInterval
    private let logger: Logger
    private var savedChanges: UInt64 = 0

    init(directory: SimulationStateDirectory, emulator: Emulator, interval: TimeInterval, logger: Logger) {
        self.directory = directory
        self.emulator = emulator
        self.interval = interval
        self.logger = logger
    }

    /// Saves every interval until cancelled.
    func saveContinuously() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .interval(interval))
            } catch {
                return
            }
            do { try await saveIfChanged() } catch { logger.error("could not save the emulator state", metadata: ["error": "\(error)"]) }
        }
    }

    /// Saves when requests changed something since the last save.
    func saveIfChanged() async throws {
        let changes = emulator.changeCount
        guard changes != savedChanges else { return }
        try await save(upTo: changes)
    }

    /// Saves now.
    func saveNow() async throws { try await save(upTo: emulator.changeCount) }

    private func save(upTo changes: UInt64) async throws {
        let state = await emulator.services.snapshot()
        try directory.saveState(state)
        savedChanges = changes
    }
}
