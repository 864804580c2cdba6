import ArgumentParser
import AuthDomain

/// `login users show ID`.
struct UsersShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one user: providers, state, claims.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions

    @Argument(help: "The user id.")
    var id: String

    func run() async throws {
        let (admin, id) = (self.admin, self.id)
        try await LoginEnvironment.run(global, access: .readOnly) { environment in
            let user = try await environment.adminAccess(admin).users.user(id: id)
            environment.reporter.adminUser(user, event: "user", headline: "User \(user.id):", backend: environment.backendName)
        }
    }
}
