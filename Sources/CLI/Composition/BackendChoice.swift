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
                displayName: "Supabase",
                refreshPolicy: .supabase,
                membershipClaims: .appMetadata,
                // GoTrue internal/api/apierrors/errorcode.go: the admin API's refusals.
                adminUserNotFoundCodes: ["user_not_found"],
                adminUnauthorizedCodes: ["not_admin", "bad_jwt", "no_authorization"],
                adminCredentialOption: "--service-role-key (or the service_role.key login serve writes)",
                mailSender: "supabase",
                emailCodeSent: "A one-time code",
                emailCodeNote: "",
                embedded: { BackendCapabilities(SupabaseAuthBackend(engine: $0.supabase), web: false) },
                remote: { options, transport throws(AuthError) in
                    guard let url = options.supabaseURL.flatMap(URL.init(string:)), let key = options.supabaseKey else {
                        throw .invalidInput("--backend supabase needs --supabase-url and --supabase-key")
                    }
                    let backend = SupabaseAuthBackend(
                        configuration: SupabaseConfiguration(projectURL: url, apiKey: key), transport: transport, clock: .live)
                    return BackendCapabilities(backend, web: true)
                },
                remotePlace: { $0.supabaseURL ?? "" },
                remoteEndpoint: { $0.supabaseURL ?? "" },
                served: { server, transport in
                    let backend = SupabaseAuthBackend(
                        configuration: SupabaseConfiguration(projectURL: server.baseURL, apiKey: server.emulator.anonKey),
                        transport: transport, clock: .live)
                    return BackendCapabilities(backend, web: true)
                })
        case .firebase:
            BackendProfile(
                displayName: "Firebase",
                refreshPolicy: .firebase,
                membershipClaims: .customClaims,
                // firebase-tools src/emulator/auth/errors.ts and operations.ts: the admin API's refusals.
                adminUserNotFoundCodes: ["USER_NOT_FOUND"],
                adminUnauthorizedCodes: ["UNAUTHENTICATED", "INSUFFICIENT_PERMISSION"],
                adminCredentialOption: "--firebase-admin-token",
                mailSender: "firebase",
                // Firebase has no emailed one-time code: its code is an email sign-in link's oobCode.
                emailCodeSent: "A sign-in link",
                emailCodeNote: "   (CODE: the link's oobCode)",
                embedded: { BackendCapabilities(FirebaseAuthBackend(engine: $0.firebase), web: false) },
                remote: { options, transport throws(AuthError) in
                    guard let key = options.firebaseAPIKey else { throw .invalidInput("--backend firebase needs --firebase-api-key") }
                    var configuration = FirebaseConfiguration(
                        apiKey: key, projectID: options.firebaseProject, emulatorHost: options.firebaseEmulatorHost)
                    configuration.adminToken = options.firebaseAdminToken.map { Secret($0) }
                    return BackendCapabilities(
                        FirebaseAuthBackend(configuration: configuration, transport: transport, clock: .live), web: true)
                },
                remotePlace: { $0.firebaseEmulatorHost.map { "http://" + $0 } ?? "Google's servers" },
                // The emulator serves one user store whatever the key; production's is named by the key. The
                // project is not part of it: adding --firebase-project (for global sign-out) keeps the session.
                remoteEndpoint: { $0.firebaseEmulatorHost.map { "emulator/" + $0 } ?? "firebase/" + ($0.firebaseAPIKey ?? "") },
                served: { server, transport in
                    let backend = FirebaseAuthBackend(
                        configuration: FirebaseConfiguration(
                            apiKey: "embedded", projectID: server.emulator.services.configuration.firebaseProjectID,
                            emulatorHost: "127.0.0.1:\(server.port)"),
                        transport: transport, clock: .live)
                    return BackendCapabilities(backend, web: true)
                })
        }
    }
}
