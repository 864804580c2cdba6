import ArgumentParser

/// `login mfa`: the signed-in account's second factors (TOTP).
struct MFACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa", abstract: "Enrol, list and remove the signed-in account's TOTP factors; print a factor's current code.",
        discussion: """
            Supabase (GoTrue's /factors routes) or Firebase (Identity Toolkit v2 mfaEnrollment; a Firebase enrolment \
            waits for its first code in the server's memory, so enrol and verify against login serve, or in one process). \
            A sign-in of an account with a verified factor then asks for the authenticator app's code on a terminal \
            (--mfa-code for scripts). \
            Docs/SecondFactor.md has the flow.
            """,
        subcommands: [MFAEnrollCommand.self, MFAVerifyCommand.self, MFAListCommand.self, MFARemoveCommand.self, MFACodeCommand.self],
        defaultSubcommand: MFAListCommand.self)
}
