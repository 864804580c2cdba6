import ArgumentParser
import AuthDomain

/// `login mfa verify ID`: verifies a code of a factor, which activates a new factor or steps
/// the session up to `aal2`.
struct MFAVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Verify a factor's code: activates a new factor and raises the session to aal2.",
        discussion: "Without --mfa-code, asks for the code on a terminal (without echo). `login mfa code --id ID` prints the code.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The factor's id (login mfa list shows it).")
    var id: String

    @Option(help: ArgumentHelp("The authenticator app's code (for scripts).", valueName: "digits"))
    var mfaCode: String?

    func validate() throws {
        guard !id.isEmpty, id.count <= 100 else { throw ValidationError("the factor id must be 1 to 100 characters") }
        if let mfaCode, mfaCode.isEmpty || mfaCode.count > 32 { throw ValidationError("--mfa-code must be 1 to 32 characters") }
        if mfaCode == nil, !Terminal.isInteractive { throw ValidationError("pass --mfa-code without a terminal to ask on") }
    }

    func run() async throws {
        let id = self.id
        let code = try mfaCode ?? Terminal.askHidden("Code from your authenticator app: ")
        try await LoginEnvironment.run(global) { environment in
            let factors = try environment.requireSecondFactors()
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            let raised = try await factors.verifySecondFactor(id, code: Secret(code), session: session)
            guard var stored = await environment.sessions.stored else { throw AuthError.notSignedIn }
            stored.session = raised
            try await environment.sessions.adopt(stored, announcing: .tokenRefreshed(raised))
            environment.reporter.emit(
                event: "factorVerified", headline: "Factor \(id) verified; the session is aal2.",
                fields: [
                    "backend": .string(environment.backendName), "factorId": .string(id),
                    "aal": .string("aal2"),
                ],
                lines: [])
        }
    }
}
