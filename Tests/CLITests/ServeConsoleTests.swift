import ArgumentParser
import AuthEmulator
import AuthTestSupport
import Logging
import Testing

@testable import login

/// `login serve --console` and the banner's console line.
@Suite("login serve: the console")
struct ServeConsoleTests {
    @Test("without --console the console is this machine's only; --console opens it to other hosts with the key")
    func flag() throws {
        #expect(try #require(try Login.parseAsRoot(["serve"]) as? ServeCommand).console == false)
        let open = try Login.parseAsRoot(["serve", "--host", "0.0.0.0", "--console", "--supabase-state-keys"])
        #expect(try #require(open as? ServeCommand).console)
    }

    @Test("--console needs project-specific keys: the well-known local service-role key would admit anyone")
    func consoleNeedsProjectKeys() throws {
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--host", "0.0.0.0", "--console"]) }
        let secret = String(repeating: "s", count: 40)
        #expect(try #require(try Login.parseAsRoot(["serve", "--console", "--supabase-jwt-secret", secret]) as? ServeCommand).console)
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--supabase-jwt-secret", "short"]) }
    }

    @Test("the banner says where the console is and who may open it", arguments: [ConsoleAccess.loopbackOnly, .othersWithServiceRoleKey])
    func banner(access: ConsoleAccess) async throws {
        let world = try await TestWorld.make()
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 9999, stateDirectory: nil, ephemeral: true)
        configuration.console = access
        let app = try buildEmulator(
            configuration: configuration, services: world.services, developerKeyPath: nil,
            logger: Logger(label: "test"), onServerRunning: { _, _ in })
        let line = try #require(
            ServeBanner(configuration: configuration, emulator: app.emulator).text
                .split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Console ") })
        #expect(line.contains("http://127.0.0.1:9999/console"))
        #expect(line.contains(access == .loopbackOnly ? "this machine only" : "the service-role key as the password"))
    }
}
