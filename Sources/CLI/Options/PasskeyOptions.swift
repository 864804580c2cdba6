import ArgumentParser
import Foundation

/// The flags every `login passkey` subcommand that runs a ceremony takes.
struct PasskeyOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The origin the software authenticator reports in its client data (default: https:// and the RP ID, as a device's "
                + "passkeys report); it must be one of the service's origins (GOTRUE_WEBAUTHN_RP_ORIGINS, Firebase's expectedOrigins).",
            valueName: "ORIGIN"))
    var origin: String?

    func validate() throws {
        guard let origin else { return }
        guard origin.utf8.count <= 2048, let url = URL(string: origin), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil, url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil
        else { throw ValidationError("--origin must be an http or https origin such as https://example.com or http://localhost:3000") }
    }
}
