import AuthData
import AuthDomain
import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import Logging
import Testing

/// What the SQLite database holds after Firebase password flows: the bcrypt hash, never the
/// password (firebase-tools src/emulator/auth/operations.ts `hashPassword` keeps
/// `fakeHash:salt=…:password=<the password>`; this emulator does not), and the project's settings
/// after a restart.
@Suite("Firebase passwords at rest")
struct FirebasePasswordAtRestTests {
    private static let password = "Correct-Horse-Battery-7319"

    private func makeServices(_ path: String) async throws -> SimulatedServices {
        var configuration = SimulationConfiguration()
        configuration.passwordHashCost = Bcrypt.minimumCost
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        return try await SimulatedServices(configuration: configuration, keys: TestKeys.shared, storage: storage, clock: .live)
    }

    @Test("sign-up, password change and reset leave only bcrypt hashes in the database files; settings survive reopening")
    func onlyHashes() async throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let services = try await makeServices(path)
        let engine = services.firebase
        var signUp = FirebaseSignUpRequest(returnSecureToken: true)
        signUp.email = "ada@example.com"
        signUp.password = Secret(Self.password)
        let session = try await engine.signUp(signUp)
        var change = FirebaseUpdateRequest(idToken: session.idToken)
        change.password = Secret(Self.password + "-2")
        _ = try await engine.update(change)
        _ = try await engine.sendOobCode(
            FirebaseOobRequest(
                requestType: "PASSWORD_RESET", email: "ada@example.com", continueUrl: nil,
                canHandleCodeInApp: nil))
        let code = try #require(try await engine.oobCodes().first { $0.requestType == "PASSWORD_RESET" }?.oobCode)
        _ = try await engine.resetPassword(FirebaseResetPasswordRequest(oobCode: code, newPassword: Secret(Self.password + "-3")))
        _ = try await engine.updateEmulatorConfig(["emailPrivacyConfig": .object(["enableImprovedEmailPrivacy": .bool(false)])])

        var bytes: [UInt8] = []
        for suffix in ["", "-wal", "-shm"] {
            if let data = FileManager.default.contents(atPath: path + suffix) { bytes += Array(data) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(Self.password), "no password, old or new, in the database or its journal")
        #expect(text.contains("$2a$04$"), "the bcrypt hash is there")

        let reopened = try await makeServices(path)
        let config = try await reopened.firebase.emulatorConfig()
        #expect(config["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"] == .bool(false))
        let signIn = try await reopened.firebase.signInWithPassword(
            FirebasePasswordSignInRequest(email: "ada@example.com", password: Secret(Self.password + "-3")))
        #expect(signIn.localId == session.localId)
    }
}
