import ArgumentParser
import AuthDomain

/// `login mfa remove ID`: removes a factor.
struct MFARemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a factor of the signed-in account.",
        discussion: "A verified factor can only be removed from an aal2 session (signed in with its code), as GoTrue requires.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The factor's id (login mfa list shows it).")
    var id: String

    func validate() throws {
        guard !id.isEmpty, id.count <= 100 else { throw ValidationError("the factor id must be 1 to 100 characters") }
    }

    func run() async throws {
        let id = self.id
        try await LoginEnvironment.run(global) { environment in
            let factors = try environment.requireSecondFactors()
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            try await factors.removeSecondFactor(id, session: session)
            environment.reporter.emit(
                event: "factorRemoved", headline: "Factor \(id) removed.",
                fields: ["backend": .string(environment.backendName), "factorId": .string(id)], lines: [])
        }
    }
}
