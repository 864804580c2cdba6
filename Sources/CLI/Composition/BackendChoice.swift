import ArgumentParser
import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import Foundation

/// The backends `login` can use.
enum BackendChoice: String, ExpressibleByArgument, CaseIterable {
    case supabase
    case firebase

    /// Reads `supabase` or `firebase` in any case (`--backend Firebase`).
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// Everything `login` does differently per backend, decided in this one exhaustive switch: a
    /// backend added to the enum does not compile until each of these is given.
    var profile: BackendProfile {
        switch self {
        case .supabase:
            BackendProfile(
                refreshPolicy: .supabase,
                embedded: { SupabaseAuthBackend(engine: $0.supabase) },
                remote: { options, transport throws(AuthError) in
                    guard let url = options.supabaseURL.flatMap(URL.init(string:)), let key = options.supabaseKey else {
                        throw .invalidInput("--backend supabase needs --supabase-url and --supabase-key")
                    }
                    return SupabaseAuthBackend(configuration: SupabaseConfiguration(projectURL: url, apiKey: key), transport: transport, clock: .live)
                },
                remoteEndpoint: { $0.supabaseURL ?? "" },
                served: { server, transport in
                    SupabaseAuthBackend(configuration: SupabaseConfiguration(projectURL: server.baseURL, apiKey: server.emulator.anonKey),
                                        transport: transport, clock: .live)
                })
        case .firebase:
            BackendProfile(
                refreshPolicy: .firebase,
                embedded: { FirebaseAuthBackend(engine: $0.firebase) },
                remote: { options, transport throws(AuthError) in
                    guard let key = options.firebaseAPIKey else { throw .invalidInput("--backend firebase needs --firebase-api-key") }
                    var configuration = FirebaseConfiguration(apiKey: key, projectID: options.firebaseProject, emulatorHost: options.firebaseEmulatorHost)
                    configuration.adminToken = options.firebaseAdminToken.map { Secret($0) }
                    return FirebaseAuthBackend(configuration: configuration, transport: transport, clock: .live)
                },
                // The emulator serves one user store whatever the key; production's is named by the key. The
                // project is not part of it: adding --firebase-project (for global sign-out) keeps the session.
                remoteEndpoint: { $0.firebaseEmulatorHost.map { "emulator/" + $0 } ?? "firebase/" + ($0.firebaseAPIKey ?? "") },
                served: { server, transport in
                    FirebaseAuthBackend(configuration: FirebaseConfiguration(
                        apiKey: "embedded", projectID: server.emulator.services.configuration.firebaseProjectID, emulatorHost: "127.0.0.1:\(server.port)"),
                        transport: transport, clock: .live)
                })
        }
    }
}

/// What differs per backend, as `BackendChoice.profile` gives it.
struct BackendProfile: Sendable {
    /// When sessions are refreshed: the rules of the backend's own client SDK.
    let refreshPolicy: RefreshPolicy
    /// The in-process backend over the embedded services.
    let embedded: @Sendable (SimulatedServices) -> any AuthBackend
    /// The REST adapter for the remote project the options name.
    let remote: @Sendable (GlobalOptions, HTTPTransport) throws(AuthError) -> any AuthBackend & WebSignInBackend
    /// What identifies the remote project (one session file per project).
    let remoteEndpoint: @Sendable (GlobalOptions) -> String
    /// The REST adapter for the embedded services served on a loopback port (`--browser`).
    let served: @Sendable (RunningEmulator, HTTPTransport) -> any AuthBackend & WebSignInBackend
}
