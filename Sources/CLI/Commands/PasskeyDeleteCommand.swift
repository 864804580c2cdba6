import ArgumentParser
import AuthDomain

/// `login passkey delete ID`: deletes one on the service (the authenticator's key file keeps
/// its key, as a device keeps a passkey the service forgot).
struct PasskeyDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a passkey of the signed-in account.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The passkey's id (login passkey list shows it).")
    var id: String

    func validate() throws {
        guard !id.isEmpty, id.utf8.count <= 2048 else { throw ValidationError("the passkey id must be 1 to 2048 bytes") }
    }

    func run() async throws {
        let id = self.id
        try await LoginEnvironment.run(global) { environment in
            let passkeys = try environment.passkeys(origin: nil)
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            try await passkeys.delete(id: id, session: session)
            environment.reporter.emit(
                event: "passkeyDeleted", headline: "Passkey \(id) deleted.",
                fields: ["backend": .string(environment.backendName), "passkeyId": .string(id)], lines: [])
        }
    }
}
