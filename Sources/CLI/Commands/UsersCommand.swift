import ArgumentParser

/// `login users`: the backend's users, through its admin API.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List, show, delete, ban users and set their claims through the backend's admin API; export and import them.",
        discussion: """
            Embedded, the in-process services answer through the emulator's admin routes. Remote, Supabase needs the \
            service-role key (--service-role-key, or the service_role.key login serve writes in its state directory when \
            it serves that URL); Firebase needs --firebase-project and --firebase-admin-token (with an emulator host: \
            demo-authcoordinator and owner).
            """,
        subcommands: [
            UsersListCommand.self, UsersShowCommand.self, UsersCreateCommand.self, UsersDeleteCommand.self, UsersBanCommand.self,
            UsersClaimsCommand.self, UsersExportCommand.self, UsersImportCommand.self,
        ],
        defaultSubcommand: UsersListCommand.self)
}
