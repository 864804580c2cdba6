import ArgumentParser
import AuthDomain

/// `login users list`: every user, fetched a page at a time.
struct UsersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every user (Supabase: GET /admin/users by page; Firebase: accounts:batchGet).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions

    @Option(help: "Users fetched per request.")
    var perPage = 50

    func validate() throws {
        guard (1...1000).contains(perPage) else { throw ValidationError("--per-page must be from 1 to 1000") }
    }

    func run() async throws {
        let (admin, perPage) = (self.admin, self.perPage)
        try await LoginEnvironment.run(global, access: .readOnly) { environment in
            let users = try await environment.adminAccess(admin).users.listUsers(pageSize: perPage)
            environment.reporter.users(users, backend: environment.backendName)
        }
    }
}
