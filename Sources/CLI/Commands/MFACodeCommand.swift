import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login mfa code`: the current code of the signed-in user's factors, read from the embedded
/// engine's state, or from the emulator's `GET /mfa/codes/{backend}` with the session's own token
/// (a remote backend with `--idp-url`, or a `login serve` holding the state directory), as
/// `login mailbox` shows a mailed code.
struct MFACodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code", abstract: "Print the current TOTP code of the signed-in user's factor, for scripts.",
        discussion: """
            Printing the code is this command's job: it stands in for the authenticator app, so that a script can sign in \
            with --mfa-code "$(login mfa code)". It computes the code from the factor's secret in the embedded engine's \
            state directory, or asks the emulator (login serve, or --idp-url with a remote backend) with the session's own \
            token; a secret is never on a command line. On Firebase it also knows an enrolment waiting for its first code. \
            It takes no lock, so it answers while another login command waits for the code. Without --id, the oldest \
            verified factor's (else the oldest's).
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The factor's id (login mfa list shows it).")
    var id: String?

    func run() async throws {
        let id = self.id
        try await LoginEnvironment.run(global, access: .readOnly) { environment in
            let stored = try environment.requireSignedIn()
            let user = stored.user
            let codes: [CurrentTOTPCode] =
                switch (environment.services, environment.options.backend) {
                case (let services?, .supabase): try services.supabase.totpCodes(userID: user.id)
                case (let services?, .firebase): try services.firebase.totpCodes(localId: user.id)
                case (nil, let backend):
                    try await environment.providers.totpCodes(
                        backend: backend, project: environment.options.firebaseProject, bearer: stored.session.accessToken)
                }
            let chosen = id.map { id in codes.first { $0.factorID == id } } ?? codes.first { $0.verified } ?? codes.first
            guard let chosen else {
                throw CommandFailure(
                    code: "mfa_factor_not_found", message: "The signed-in user has no such factor (login mfa list shows them).",
                    exit: .refused)
            }
            environment.reporter.currentCode(chosen.code, factorID: chosen.factorID, secondsLeft: chosen.secondsLeft)
        }
    }
}
