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
            Users, sessions and keys are kept in the state directory (users, sessions and mail in auth.sqlite3, each \
            request's changes committed before its answer), so a restart keeps them; --ephemeral keeps no users. The server holds the\
             directory while it runs: a \
            second serve on it is refused, and other commands on it use the server (login env prints its variables). Stop with Ctrl-C or \
            SIGTERM. It takes --state-dir, --json and --verbose; not --backend (it serves both).

            The emulator is open by design (anyone who reaches it reads every mailbox and mints Apple and Google tokens): \
            a --host other than loopback prints a warning.
            """)

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port to bind (0 picks a free one).")
    var port = 9999

    @Option(
        help: ArgumentHelp(
            "Where users, sessions and keys are kept (env: LOGIN_STATE_DIR).",
            discussion: "Default: $XDG_STATE_HOME/login, else ~/.local/state/login.", valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Keep no users or sessions between runs.")
    var ephemeral = false

    @Option(
        help: ArgumentHelp(
            "Keep users, sessions and mail in this SQLite file instead of the state directory's auth.sqlite3; other login serve "
                + "processes may use it at the same time, as GoTrue servers with one DATABASE_URL share one database.",
            valueName: "file"))
    var database: String?

    @Option(help: ArgumentHelp("Also accept this Supabase API key (repeatable).", valueName: "key"))
    var anonKey: [String] = []

    @Option(help: ArgumentHelp("A Firebase project id to serve (repeatable; the first is the default).", valueName: "id"))
    var firebaseProject: [String] = []

    @Option(
        help: ArgumentHelp("New Firebase accounts per client address per hour (Google's limit is 100; 0 for no limit).", valueName: "n"))
    var firebaseAccountsPerHour = 100

    @Option(help: ArgumentHelp("The Firebase projects' passkey RP ID (Identity Platform's PasskeyConfig rpId).", valueName: "id"))
    var firebasePasskeyRpId = "localhost"

    @Option(
        help: ArgumentHelp(
            "An origin Firebase passkey ceremonies may come from (repeatable; PasskeyConfig expectedOrigins; none refuses every ceremony).",
            valueName: "origin"))
    var firebasePasskeyOrigin: [String] = []

    @Option(help: ArgumentHelp("An Apple client id the services accept (repeatable).", valueName: "id"))
    var appleClientID: [String] = []

    @Option(help: ArgumentHelp("A Google client id the services accept (repeatable).", valueName: "id"))
    var googleClientID: [String] = []

    @Flag(help: "Print the startup banner as one JSON object.")
    var json = false

    @Flag(help: "Serve the console (/console) to other hosts too, to whoever gives the service-role key (this machine always has it).")
    var console = false

    @Option(
        help: ArgumentHelp(
            "Also answer requests whose Host is this name (repeatable), to serve the emulator under another name on purpose; "
                + "other names are refused, so that a web page cannot reach it through DNS rebinding.", valueName: "name"))
    var allowedHost: [String] = []

    @Flag(help: "Log every request (method, path without the query, status) on stderr.")
    var verbose = false

    @Flag(
        help: ArgumentHelp(
            "Stop, as on SIGTERM, when standard input reaches its end.",
            discussion: "For a program that runs the emulator as its child with a pipe on its standard input: "
                + "the emulator then ends with that program, even when it crashes."))
    var stopWhenStdinCloses = false

    @OptionGroup(title: "Supabase settings")
    var supabase: SupabaseServeOptions

    @Option(
        help: ArgumentHelp(
            """
            A file of users loaded at start when the state holds none, and again on every reset (repeatable; login users import's\
             formats).
            """,
            valueName: "file"))
    var seed: [String] = []

    @Option(help: ArgumentHelp("The --seed files' format (default: told from each file's content).", valueName: "format"))
    var seedFormat: UserSeedFormat?

    @OptionGroup(title: "Firebase password hashes of --seed files")
    var seedHash: FirebaseHashOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard host == "localhost" || Self.isIPAddress(host) else {
            throw ValidationError(
                "--host takes an IP address to listen on (127.0.0.1, ::1, or 0.0.0.0 for every interface), not \"\(host)\"")
        }
        guard firebaseAccountsPerHour >= 0 else { throw ValidationError("--firebase-accounts-per-hour must not be negative") }
        guard !firebasePasskeyRpId.isEmpty, firebasePasskeyRpId.utf8.count <= 253 else {
            throw ValidationError("--firebase-passkey-rp-id takes a domain of 1 to 253 bytes")
        }
        guard firebasePasskeyOrigin.count <= 64 else { throw ValidationError("--firebase-passkey-origin takes at most 64 origins") }
        for origin in firebasePasskeyOrigin where origin.utf8.count > 2048 || URL(string: origin)?.host == nil {
            throw ValidationError("--firebase-passkey-origin takes scheme://host[:port], not \"\(origin.prefix(80))\"")
        }
        if let database {
            guard !ephemeral else { throw ValidationError("--database and --ephemeral exclude each other (--ephemeral keeps nothing)") }
            guard !database.isEmpty, database.utf8.count <= 4096 else { throw ValidationError("--database takes a file path") }
        }
        if stateDir?.isEmpty == true { throw ValidationError("--state-dir must not be empty (omit it for the default directory)") }
        let environment = try ServeEnvironment(configPath: supabase.supabaseConfig, environment: ProcessInfo.processInfo.environment)
        do { _ = try supabase.settings(over: environment.gotrue) } catch {
            throw ValidationError("\(error.description) (a GoTrue environment variable)")
        }
        try supabase.validateSecret(in: environment.variables)
        if console, supabase.usesWellKnownKeys(in: environment.variables) {
            throw ValidationError(
                "--console admits other hosts by the service-role key, and the well-known local one protects nothing: "
                    + "add --supabase-state-keys or --supabase-jwt-secret SECRET")
        }
    }

    func run() async throws {
        ServerAllocator.configure()
        let global = try GlobalOptions.parse(stateDir.map { ["--state-dir", $0] } ?? [])
        let directory = global.stateDirectory
        var configuration = EmulatorConfiguration(host: host, port: port, stateDirectory: directory, ephemeral: ephemeral)
        configuration.anonKeys = anonKey
        configuration.sharedDatabase = database.map { URL(fileURLWithPath: $0).standardizedFileURL }
        let environment = try ServeEnvironment(configPath: supabase.supabaseConfig, environment: ProcessInfo.processInfo.environment)
        let gotrue = environment.gotrue
        configuration.supabase = try supabase.settings(over: gotrue)
        configuration.supabaseJWTSecret = supabase.jwtSecret(in: environment.variables)
        configuration.supabaseJWTKeys = gotrue.jwtKeys
        configuration.console = console ? .othersWithServiceRoleKey : .loopbackOnly
        configuration.allowedHosts = allowedHost
        if !firebaseProject.isEmpty { configuration.firebaseProjects = firebaseProject }
        configuration.firebaseRateLimits.newAccountsPerClient = firebaseAccountsPerHour == 0 ? nil : .perHour(firebaseAccountsPerHour)
        configuration.firebasePasskeyConfig = FirebasePasskeyConfig(rpID: firebasePasskeyRpId, expectedOrigins: firebasePasskeyOrigin)
        configuration.clientIDs.merge(gotrue.clientIDs) { _, variable in variable }
        for row in CLIProvider.table {
            if let ids = row.serveClientIDs?(self), !ids.isEmpty { configuration.clientIDs[row.id] = ids }
        }
        let logger = LoginEnvironment.makeLogger(label: "emulator", verbose: verbose)
        let reporter = Reporter(json: json, verbose: verbose)
        if !seed.isEmpty {
            do { configuration.seed = try seedHash.seed(paths: seed, format: seedFormat) } catch {
                throw reporter.report(error, options: nil)
            }
        }
        for warning in environment.warnings { reporter.note(warning, label: "warning") }
        let locks: ServeLocks
        do { locks = try await ServeLocks.take(directory, logger: logger) } catch { throw reporter.report(error, options: nil) }
        if let warning = ServeBanner.exposureWarning(host: host) { reporter.note(warning, label: "warning") }
        let app: EmulatorApp
        let (requested, json, watchInput) = (configuration, self.json, stopWhenStdinCloses)
        do {
            app = try await buildEmulator(configuration: configuration, logger: logger) { emulator, boundPort in
                var bound = requested
                bound.port = boundPort
                let banner = ServeBanner(configuration: bound, emulator: emulator)
                FileHandle.standardOutput.write(Data((json ? banner.json.jsonString + "\n" : banner.text).utf8))
                let registration = ServeRegistration(
                    pid: getpid(), baseURL: bound.baseURL, anonKey: emulator.anonKey,
                    firebaseProject: bound.firebaseProjects.first ?? GlobalOptions.emulatorDefaultProject)
                do { try registration.write(in: directory) } catch {
                    logger.warning("could not write serve.json", metadata: ["error": "\(error)"])
                }
                // Only now: the server runs, so SIGTERM is handled (a graceful stop) and not fatal.
                if watchInput { ServeCommand.terminateAtEndOfStandardInput() }
            }
        } catch let failure as UserSeedError {
            throw reporter.fail(
                CommandFailure(code: "seed_refused", message: "The emulator cannot start: \(failure.description)", exit: .refused))
        } catch let failure as SimulationStoreError {
            throw reporter.fail(
                CommandFailure(
                    code: "state_dir_unusable", message: "The emulator cannot start: \(failure.description)", exit: .stateDirectory))
        } catch {
            throw reporter.fail(CommandFailure(code: "serve_failed", message: "The emulator cannot start: \(error)", exit: .unreachable))
        }
        writeServiceRoleKey(app.emulator.serviceRoleKey, in: directory, logger: logger)
        do {
            try await app.runUntilSignalled()
        } catch {
            let text = "\(error)"
            let message =
                text.contains("Address already in use")
                ? "Port \(port) on \(host) is already in use (another login serve?); choose another --port, or --port 0 for a free one."
                : "The emulator stopped: \(text)"
            throw reporter.fail(CommandFailure(code: "serve_failed", message: message, exit: .unreachable))
        }
        locks.release()
        let kept = database.map { "state kept in \($0)" } ?? "state kept in \(directory.path)"
        FileHandle.standardError.write(
            Data((ephemeral ? "emulator stopped; nothing saved (--ephemeral)\n" : "emulator stopped; \(kept)\n").utf8))
    }

    /// Reads standard input to its end on a thread of its own, then sends this process SIGTERM,
    /// which shuts the server down gracefully.
    private static func terminateAtEndOfStandardInput() {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            kill(getpid(), SIGTERM)
        }
    }

    /// Whether the text is an IPv4 or IPv6 address literal.
    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    private func writeServiceRoleKey(_ key: String, in directory: URL, logger: Logger) {
        do {
            try AtomicFile.write(Data(key.utf8), to: directory.appendingPathComponent("service_role.key"))
        } catch {
            logger.warning("could not write service_role.key", metadata: ["directory": "\(directory.path)", "error": "\(error)"])
        }
    }
}
