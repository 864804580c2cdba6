import ArgumentParser
import AuthDomain

/// `login users create --email E`: a user with a password, as the admin.
struct UsersCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a user with an email address and a password, as the admin (Supabase for now).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions
    @OptionGroup var source: PasswordSource

    @Option(help: "The user's address.")
    var email: String

    @Option(help: "The person's name (\"Given Family\").")
    var name: String?

    @Flag(help: "Create the address as confirmed (GoTrue's email_confirm).")
    var confirmed = false

    func validate() throws {
        try EmailAddressValidation.check(email)
        try PersonNameOption.check(name)
    }

    func run() async throws {
        let password = try source.read("Password for \(email): ", json: global.json)
        let (admin, email, confirmed) = (self.admin, self.email, self.confirmed)
        let name = self.name.flatMap(PersonName.parsing)
        try await LoginEnvironment.run(global) { environment in
            guard let creator = try environment.adminAccess(admin).users as? any UserCreating else {
                throw AuthError.invalidInput("users create is not available on \(environment.backendName) yet")
            }
            let user = try await creator.createUser(email: email, password: password, confirmed: confirmed, name: name)
            let headline = "Created user \(user.id)."
            environment.reporter.adminUser(user, event: "userCreated", headline: headline, backend: environment.backendName)
        }
    }
}
