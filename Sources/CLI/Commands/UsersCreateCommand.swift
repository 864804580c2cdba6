import ArgumentParser
import AuthDomain

/// `login users create --email E`: a user with a password, as the admin.
struct UsersCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a user with an email address and a password, as the admin.",
        discussion: """
            Supabase: GoTrue's POST /admin/users. Firebase: the Admin API's accounts create (Bearer owner on the emulator). \
            The password comes from a prompt that does not echo, or --password-stdin; never from an argument.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions
    @OptionGroup var source: PasswordSource

    @Option(help: "The user's address.")
    var email: String

    @Option(help: "The person's name (\"Given Family\"; Firebase's displayName).")
    var name: String?

    @Option(help: "A phone number in E.164 form (+15555550100).")
    var phone: String?

    @Flag(help: "Create the address as confirmed (GoTrue's email_confirm, Firebase's emailVerified).")
    var confirmed = false

    func validate() throws {
        try EmailAddressValidation.check(email)
        try PersonNameOption.check(name)
        if let phone, !Self.isE164(phone) { throw ValidationError("--phone wants E.164: + and 1 to 15 digits, not \"\(phone)\"") }
    }

    /// `+` and 1 to 15 digits, as both services take a phone number.
    static func isE164(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.utf8.first == UInt8(ascii: "+") && (1...15).contains(digits.count) && digits.allSatisfy { (48...57).contains($0) }
    }

    func run() async throws {
        let password = try source.read("Password for \(email): ", json: global.json)
        let name = self.name.flatMap(PersonName.parsing)
        let user = NewAdminUser(email: email, password: password, confirmed: confirmed, name: name, phone: phone)
        let admin = self.admin
        try await LoginEnvironment.run(global) { environment in
            guard let creator = try environment.adminAccess(admin).users as? any UserCreating else {
                throw AuthError.invalidInput("users create is not available on \(environment.backendName)")
            }
            let created = try await creator.createUser(user)
            let headline = "Created user \(created.id)."
            environment.reporter.adminUser(created, event: "userCreated", headline: headline, backend: environment.backendName)
        }
    }
}
