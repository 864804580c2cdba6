import ArgumentParser
import AuthData
import AuthSimulation
import Foundation

/// `login users export`: the embedded services' users in a service's format, to a 0600 file.
struct UsersExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export the embedded services' users, password hashes included, to a file only you can read.",
        discussion: """
            firebase: firebase-tools' auth:export JSON of the default project (passwords as BCRYPT hashes). supabase: GoTrue's \
            auth.users and auth.identities rows as JSON. supabase-csv: the two tables as psql \\copy ... csv header writes \
            them, auth.users to --output and auth.identities to --identities-output. Files are written with mode 0600; hashes \
            are never printed.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "firebase, supabase or supabase-csv.")
    var format: UserSeedFormat

    @Option(help: ArgumentHelp("The file to write (auth.users for supabase-csv).", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("supabase-csv: the auth.identities file.", valueName: "file"))
    var identitiesOutput: String?

    func validate() throws {
        guard (format == .supabaseCSV) == (identitiesOutput != nil) else {
            throw ValidationError("--identities-output goes with --format supabase-csv, and only with it")
        }
    }

    func run() async throws {
        let (format, output, identities) = (self.format, URL(fileURLWithPath: output), identitiesOutput.map(URL.init(fileURLWithPath:)))
        try await LoginEnvironment.run(global, access: .readOnly) { environment in
            guard let services = environment.services else {
                throw CommandFailure.usage(
                    "export reads the embedded services; stop login serve first (its state directory keeps the users)")
            }
            switch format {
            case .firebase: try AtomicFile.write(Data(try UserExport.firebase(services)), to: output)
            case .supabase: try AtomicFile.write(Data(try UserExport.supabaseJSON(services)), to: output)
            case .supabaseCSV:
                let files = try UserExport.supabaseCSV(services)
                try AtomicFile.write(Data(files.users.utf8), to: output)
                if let identities { try AtomicFile.write(Data(files.identities.utf8), to: identities) }
            }
            let written = [output.path] + (identities.map { [$0.path] } ?? [])
            environment.reporter.emit(
                event: "users_exported", headline: "Exported the users (\(format.rawValue)), mode 0600",
                fields: ["format": .string(format.rawValue), "files": .array(written.map { .string($0) })],
                lines: written.map { ("file", $0) })
        }
    }
}
