import ArgumentParser

/// `login passkey`: the signed-in account's passkeys, through the software authenticator.
struct PasskeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passkey", abstract: "Register, sign in with, list, rename and delete passkeys (a software authenticator).",
        discussion: """
            The authenticator keeps its P-256 keys in the state directory's passkeys.json (mode 0600; never printed). The embedded \
            engines accept RP ID localhost and origin https://localhost; against `login serve` or a project, the service's RP ID \
            applies and --origin names one of its origins. Firebase has no rename. Docs/Passkeys.md has the details.
            """,
        subcommands: [
            PasskeyRegisterCommand.self, PasskeySignInCommand.self, PasskeyListCommand.self, PasskeyRenameCommand.self,
            PasskeyDeleteCommand.self,
        ],
        defaultSubcommand: PasskeyListCommand.self)
}
