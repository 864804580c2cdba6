import ArgumentParser
import AuthDomain

/// `login users claims ID KEY=VALUE…`.
struct UsersClaimsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claims", abstract: "Set claims the backend's admin keeps for a user (Supabase app_metadata, Firebase custom claims).",
        discussion: """
            VALUE is read as JSON when it is (true, 3, "text", {"a":1}), as a string otherwise; KEY= removes the claim. \
            Claims merge with those already set. They reach the user's tokens at the next refresh or sign-in, which is where \
            --require-membership reads them.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions

    @Argument(help: "The user id.")
    var id: String

    @Argument(help: ArgumentHelp("Claims to set.", valueName: "KEY=VALUE"))
    var assignments: [String] = []

    func validate() throws {
        do { _ = try ClaimAssignments.parse(assignments) } catch { throw ValidationError(error.message) }
    }

    func run() async throws {
        let (admin, id) = (self.admin, self.id)
        let claims = try ClaimAssignments.parse(assignments)
        try await LoginEnvironment.run(global) { environment in
            let user = try await environment.adminAccess(admin).users.setClaims(id: id, claims)
            environment.reporter.adminUser(
                user, event: "userUpdated", headline: "Claims of \(user.id) set; they reach its tokens at the next refresh or sign-in.",
                backend: environment.backendName)
        }
    }
}
