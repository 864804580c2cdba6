import ArgumentParser
import AuthDomain

/// `login users delete ID`.
struct UsersDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a user as the admin (no Apple token revocation: that is delete-account's job).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions

    @Argument(help: "The user id.")
    var id: String

    func run() async throws {
        let (admin, id) = (self.admin, self.id)
        try await LoginEnvironment.run(global) { environment in
            try await environment.adminAccess(admin).users.deleteUser(id: id)
            environment.reporter.userDeleted(id: id, backend: environment.backendName)
        }
    }
}
