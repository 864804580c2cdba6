import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login mfa enroll`: starts a TOTP enrolment and shows what an authenticator app scans.
struct MFAEnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll", abstract: "Enrol a TOTP factor: print its otpauth:// URI, secret and QR code.",
        discussion: """
            Showing the secret is this command's job: the otpauth:// URI (and the QR code drawn in the terminal, which holds \
            the same URI) carries the factor's secret, as GoTrue's answer does, so that an authenticator app can be set up \
            from it. The factor is unverified until a first code is verified with `login mfa verify ID` (`login mfa code \
            --id ID` prints the code the app would show). Once a factor is verified, enrolling another needs an aal2 session.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "A name for the factor (unique per user).")
    var name: String?

    @Option(help: "Who the codes are for (default: the backend's).")
    var issuer: String?

    func validate() throws {
        if let name, name.isEmpty || name.count > 100 { throw ValidationError("--name must be 1 to 100 characters") }
        if let issuer, issuer.isEmpty || issuer.count > 100 { throw ValidationError("--issuer must be 1 to 100 characters") }
    }

    func run() async throws {
        let (name, issuer) = (self.name, self.issuer)
        try await LoginEnvironment.run(global) { environment in
            let factors = try environment.requireSecondFactors()
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            let enrollment = try await factors.enrollTOTP(friendlyName: name, issuer: issuer, session: session)
            let qr = try? QRCode(Array(enrollment.uri.revealed.utf8), level: .medium).terminalLines()
            environment.reporter.enrolled(enrollment, qrLines: qr ?? [], backend: environment.backendName)
        }
    }
}
