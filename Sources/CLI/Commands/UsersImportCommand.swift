import ArgumentParser
import AuthJWT
import AuthSimulation

/// `login users import FILE…`: users from Firebase's `auth:export` JSON or GoTrue's rows.
struct UsersImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import users from files in the services' formats into the embedded services, all or none.",
        discussion: """
            Firebase: firebase-tools' auth:export JSON ({"users": [...]}), into the default project, with auth:import's hash \
            options for password hashes (this emulator's export: --hash-algo BCRYPT). Supabase: GoTrue's auth.users and \
            auth.identities rows, as one JSON file ({"users": [...], "identities": [...]}) or two CSV files as psql \\copy ... \
            csv header writes them. Ids, providers, claims and password hashes are kept; the simulated Apple and Google take up \
            the imported identities' subjects. A refused row refuses every file, with its number, and nothing changes. With \
            login serve running, stop it or give it the files with --seed.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The files.")
    var files: [String]

    @Option(help: "The files' format (default: told from each file's content).")
    var format: UserSeedFormat?

    @OptionGroup(title: "Firebase password hashes")
    var hash: FirebaseHashOptions

    func validate() throws {
        guard !files.isEmpty, files.count <= 16 else { throw ValidationError("give 1 to 16 files") }
    }

    func run() async throws {
        let seed: UserSeed
        do { seed = try hash.seed(paths: files, format: format) } catch {
            throw Reporter(json: global.json).report(error, options: global)
        }
        try await LoginEnvironment.run(global) { environment in
            guard let services = environment.services else {
                throw CommandFailure.usage(
                    "import works on the embedded services; login serve takes the files with --seed (stop it, or reset it)")
            }
            let summary = try await seed.load(into: services)
            environment.reporter.emit(
                event: "users_imported", headline: "Imported \(summary.supabaseUsers + summary.firebaseUsers) users",
                fields: ["supabase_users": .int(Int64(summary.supabaseUsers)), "firebase_users": .int(Int64(summary.firebaseUsers))],
                lines: [("supabase", "\(summary.supabaseUsers)"), ("firebase", "\(summary.firebaseUsers)")])
        }
    }
}
