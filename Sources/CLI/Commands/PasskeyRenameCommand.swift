import ArgumentParser
import AuthDomain

/// `login passkey rename ID NAME`.
struct PasskeyRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a passkey of the signed-in account (Supabase; Firebase has no rename).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The passkey's id (login passkey list shows it).")
    var id: String

    @Argument(help: "The new name (1 to 120 bytes).")
    var name: String

    func validate() throws {
        guard !id.isEmpty, id.utf8.count <= 2048 else { throw ValidationError("the passkey id must be 1 to 2048 bytes") }
        guard !name.isEmpty, name.utf8.count <= PasskeyUseCase.maximumNameBytes else {
            throw ValidationError("the name must be 1 to \(PasskeyUseCase.maximumNameBytes) bytes")
        }
    }

    func run() async throws {
        let (id, name) = (self.id, self.name)
        try await LoginEnvironment.run(global) { environment in
            let passkeys = try environment.passkeys(origin: nil)
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            let renamed = try await passkeys.rename(id: id, to: name, session: session)
            environment.reporter.passkeyRenamed(renamed, backend: environment.backendName)
        }
    }
}
