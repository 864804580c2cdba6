import AuthData
import AuthDomain
import AuthSimulation
import Foundation
import Testing

/// A session's answer (its access token's `aal`, `amr` and the user's factors) is built from what
/// the step that issued the session read, with no read after it: on the SQLite storage a read
/// after a request's own write waits for that write's commit, which kept group commit from
/// grouping anything. GoTrue builds the same answer in the same transaction
/// (internal/api/token.go `issueRefreshToken`, internal/models/sessions.go `CalculateAALAndAMR`).
@Suite("Supabase: a session's answer needs no read after its write")
struct SupabaseSessionAnswerStepsTests {
    @Test("an Apple sign-in and a refresh each run one write step and no read step")
    func oneStep() async throws {
        let storage = CountingStorage()
        let services = try await SimulatedServices(
            configuration: SimulationConfiguration(), keys: try SimulationKeys.generate(), storage: storage, clock: .live)
        let raw = NonceGenerator(source: .live).make()
        let sheet = try await services.apple.authorize(
            AppleSheetRequest(
                clientID: services.configuration.clientID(for: .apple), appleID: "ada@example.com", nonce: NonceGenerator.sha256Hex(raw)))
        let request = SupabaseIDTokenRequest(provider: "apple", idToken: sheet.identityToken, nonce: raw)

        let before = storage.steps
        let session = try await services.supabase.grantIDToken(request, bearer: nil)
        let signIn = storage.steps
        let refreshed = try await services.supabase.grantRefreshToken(session.refreshToken)
        let refresh = storage.steps

        #expect(signIn.writes - before.writes == 1)
        #expect(signIn.reads - before.reads == 0)
        #expect(refresh.writes - signIn.writes == 1)
        #expect(refresh.reads - signIn.reads == 0)
        #expect(refreshed.user.id == session.user.id)
        #expect(refreshed.refreshToken != session.refreshToken)
    }
}

/// The in-memory storage, counting the steps it runs.
private final class CountingStorage: SimulationStorage {
    private let inner = InMemorySimulationStorage()
    private let counts = Locked((writes: 0, reads: 0))

    var steps: (writes: Int, reads: Int) { counts.withLock { $0 } }

    func write<Result, Failure: Error>(
        _ body: (any SimulationRows) throws(Failure) -> Result
    ) throws(StorageStepFailure<Failure>) -> Result {
        counts.withLock { $0.writes += 1 }
        return try inner.write(body)
    }

    func read<Result, Failure: Error>(
        _ body: (any SimulationRows) throws(Failure) -> Result
    ) throws(StorageStepFailure<Failure>) -> Result {
        counts.withLock { $0.reads += 1 }
        return try inner.read(body)
    }
}
