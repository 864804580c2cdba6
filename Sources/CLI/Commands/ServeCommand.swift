import ArgumentParser
import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import Foundation
import Logging

/// `login serve`: the local emulator of Supabase Auth, Firebase Auth and the simulated Apple ID
/// and Google, on one port.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve Supabase Auth, Firebase Auth and the simulated Apple/Google on one port.",
        discussion: """
        Users, sessions and keys are kept in the state directory (written atomically at most once a second \
        and at shutdown), so a restart keeps them; --ephemeral keeps none. Stop with Ctrl-C or SIGTERM.
        """)

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port to bind (0 picks a free one).")
    var port = 9999

    @Option(help: ArgumentHelp("Where users, sessions and keys are kept.", discussion: "Default: $XDG_STATE_HOME/login, else ~/.local/state/login.", valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Keep no users or sessions between runs.")
    var ephemeral = false

    @Option(help: ArgumentHelp("Also accept this Supabase API key (repeatable).", valueName: "key"))
    var anonKey: [String] = []

    @Option(help: ArgumentHelp("A Firebase project id to serve (repeatable; the first is the default).", valueName: "id"))
    var firebaseProject: [String] = []

    @Option(help: ArgumentHelp("New Firebase accounts per client address per hour (Google's limit is 100; 0 for no limit).", valueName: "n"))
    var firebaseAccountsPerHour = 100

    @Option(help: ArgumentHelp("An Apple client id the services accept (repeatable).", valueName: "id"))
    var appleClientID: [String] = []

    @Option(help: ArgumentHelp("A Google client id the services accept (repeatable).", valueName: "id"))
    var googleClientID: [String] = []

    @Flag(help: "Serve the console (/console) to other hosts too, to whoever gives the service-role key (this machine always has it).")
    var console = false

    @Flag(help: "Log every request (method, path without the query, status) on stderr.")
    var verbose = false

    @OptionGroup(title: "Supabase settings")
    var supabase: SupabaseServeOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard firebaseAccountsPerHour >= 0 else { throw ValidationError("--firebase-accounts-per-hour must not be negative") }
    }

    func run() async throws {
        let global = try GlobalOptions.parse(stateDir.map { ["--state-dir", $0] } ?? [])
        var configuration = EmulatorConfiguration(host: host, port: port, stateDirectory: global.stateDirectory, ephemeral: ephemeral)
        configuration.anonKeys = anonKey
        configuration.supabase = supabase.settings
        configuration.console = console ? .othersWithServiceRoleKey : .loopbackOnly
        if !firebaseProject.isEmpty { configuration.firebaseProjects = firebaseProject }
        configuration.firebaseRateLimits.newAccountsPerClient = firebaseAccountsPerHour == 0 ? nil : .perHour(firebaseAccountsPerHour)
        for (provider, ids) in [(ProviderID.apple, appleClientID), (.google, googleClientID)] where !ids.isEmpty {
            configuration.clientIDs[provider] = ids
        }
        let logger = LoginEnvironment.makeLogger(label: "emulator", verbose: verbose)
        let reporter = Reporter(json: false)
        let app: EmulatorApp
        let requested = configuration
        do {
            app = try await buildEmulator(configuration: configuration, logger: logger) { emulator, boundPort in
                var bound = requested
                bound.port = boundPort
                FileHandle.standardOutput.write(Data(ServeBanner(configuration: bound, emulator: emulator).text.utf8))
            }
        } catch {
            throw reporter.fail(code: "state_dir_corrupt", message: "The emulator cannot start: \(error)", exit: .authenticationFailed)
        }
        writeServiceRoleKey(app.emulator.serviceRoleKey, in: global.stateDirectory, logger: logger)
        do {
            try await app.runUntilSignalled()
        } catch {
            throw reporter.fail(code: "serve_failed", message: "The emulator stopped: \(error)", exit: .unreachable)
        }
        FileHandle.standardError.write(Data("emulator stopped; state saved\n".utf8))
    }

    private func writeServiceRoleKey(_ key: String, in directory: URL, logger: Logger) {
        do {
            try AtomicFile.ensureDirectory(directory)
            try AtomicFile.write(Data(key.utf8), to: directory.appendingPathComponent("service_role.key"))
        } catch {
            logger.warning("could not write service_role.key", metadata: ["directory": "\(directory.path)", "error": "\(error)"])
        }
    }
}
