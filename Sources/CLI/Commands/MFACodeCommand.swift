import ArgumentParser
import AuthDomain

/// `login mfa code`: the current code of the signed-in user's factors, read from the embedded
/// engine's state, as `login mailbox` shows a mailed code.
struct MFACodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code", abstract: "Print the current TOTP code of the signed-in user's factor, for scripts.",
        discussion: """
        Printing the code is this command's job: it stands in for the authenticator app, so that a script can sign in \
        with --mfa-code "$(login mfa code)". It computes the code from the factor's secret in the embedded engine's \
        state directory (never from a command line), as the console shows it; on Firebase, of an enrolled factor only; it takes no lock, so it answers while \
        another login command waits for the code. Without --id, the oldest verified factor's (else the oldest's).
        """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The factor's id (login mfa list shows it).")
    var id: String?

    func run() async throws {
        let id = self.id
        try await LoginEnvironment.run(global, access: .readOnly) { environment in
            let user = try environment.requireSignedIn().user
            guard let services = environment.services else {
                throw CommandFailure.usage("login mfa code reads the embedded engine's state: run it without a remote backend")
            }
            let codes: [(id: String, verified: Bool, code: String, secondsLeft: Int)] = switch environment.options.backend {
            case .supabase:
                try services.supabase.currentCodes(userID: user.id).map { ($0.factor.id, $0.factor.status == "verified", $0.code, $0.secondsLeft) }
            case .firebase:
                try services.firebase.currentCodes(localId: user.id).map { ($0.factor.mfaEnrollmentId, true, $0.code, $0.secondsLeft) }
            }
            let chosen = id.map { id in codes.first { $0.id == id } } ?? codes.first { $0.verified } ?? codes.first
            guard let chosen else {
                throw CommandFailure(
                    code: "mfa_factor_not_found", message: "The signed-in user has no such factor (login mfa list shows them).", exit: .refused)
            }
            environment.reporter.currentCode(chosen.code, factorID: chosen.id, secondsLeft: chosen.secondsLeft)
        }
    }
}
