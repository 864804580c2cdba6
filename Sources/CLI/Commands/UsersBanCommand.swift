import ArgumentParser
import AuthDomain

/// `login users ban ID --for DURATION`.
struct UsersBanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ban", abstract: "Ban a user for a while (Supabase) or disable them (Firebase); --for none lifts it.",
        discussion: """
            Supabase bans for a Go duration (30m, 24h, 1h30m; at most 876000h) and ends the user's sessions' use until then. \
            Firebase only disables until enabled again: --for forever, and --for none to enable.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions

    @Argument(help: "The user id.")
    var id: String

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("How long: a duration (24h, 1h30m), forever, or none to lift the ban.", valueName: "duration"))
    var duration: String = "forever"

    func validate() throws {
        do { _ = try BanDurationParsing.parse(duration) } catch { throw ValidationError(error.message) }
    }

    func run() async throws {
        let (admin, id) = (self.admin, self.id)
        let length = try BanDurationParsing.parse(duration)
        try await LoginEnvironment.run(global) { environment in
            let user = try await environment.adminAccess(admin).users.ban(id: id, for: length)
            let headline =
                length == .none
                ? "User \(user.id) is no longer banned." : "User \(user.id) is banned\(user.bannedUntil.map { " until \($0)" } ?? "")."
            environment.reporter.adminUser(user, event: "userUpdated", headline: headline, backend: environment.backendName)
        }
    }
}
