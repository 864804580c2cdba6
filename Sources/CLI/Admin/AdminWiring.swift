import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import Foundation

/// Builds the admin access of `login users` and `login reset`: embedded, the emulator's routes in
/// process with the services' own keys; remote, the service's admin API with the credentials
/// from the options (or, for `login serve`, the files it wrote in its state directory).
struct AdminWiring {
    let options: GlobalOptions
    /// The state directory (where `login serve` may have written its service-role key).
    let directory: URL

    private static let inProcessURL = URL(string: "http://in-process")!

    func access(services: SimulatedServices?, _ adminOptions: AdminOptions) throws(CommandFailure) -> AdminAccess {
        if let services { return try embedded(services) }
        switch options.backend {
        case .supabase: return try supabase(adminOptions)
        case .firebase: return try firebase()
        }
    }

    private func embedded(_ services: SimulatedServices) throws(CommandFailure) -> AdminAccess {
        let emulator: Emulator
        do { emulator = try Emulator.inProcess(services: services) } catch {
            throw CommandFailure(
                code: "state_dir_corrupt", message: "The embedded services' keys cannot sign: \(error)", exit: .stateDirectory)
        }
        let transport = emulator.inProcessTransport
        let serviceRole = Secret(emulator.serviceRoleKey)
        let users: any UserAdministration =
            switch options.backend {
            case .supabase:
                SupabaseUserAdmin(
                    projectURL: Self.inProcessURL, apiKey: emulator.anonKey, serviceRoleKey: serviceRole, transport: transport)
            case .firebase:
                FirebaseUserAdmin(
                    identityToolkitURL: Self.inProcessURL.appendingPathComponent("identitytoolkit.googleapis.com"),
                    project: services.configuration.firebaseProjectID, adminToken: "owner", transport: transport)
            }
        return AdminAccess(users: users, reset: EmulatorReset(baseURL: Self.inProcessURL, bearer: serviceRole, transport: transport))
    }

    private func supabase(_ adminOptions: AdminOptions) throws(CommandFailure) -> AdminAccess {
        guard let text = options.supabaseURL, let url = URL(string: text), let apiKey = options.supabaseKey else {
            throw .usage("admin commands need --supabase-url and --supabase-key, or no remote flags for the embedded services")
        }
        let given = (adminOptions.serviceRoleKey ?? options.serviceRoleKeyVariable).map { Secret($0) }
        guard let key = given ?? servedServiceRoleKey(for: url) ?? localServiceRoleKey(for: apiKey) else {
            throw .usage(
                "admin commands against --supabase-url need --service-role-key KEY or SUPABASE_SERVICE_ROLE_KEY "
                    + "(login serve writes it to service_role.key in its state directory; the Supabase dashboard shows a project's)")
        }
        let transport = HTTPTransport.urlSession(limits: options.transportLimits)
        return AdminAccess(
            users: SupabaseUserAdmin(projectURL: url, apiKey: apiKey, serviceRoleKey: key, transport: transport),
            reset: EmulatorReset(baseURL: url, bearer: key, transport: transport))
    }

    private func firebase() throws(CommandFailure) -> AdminAccess {
        guard let project = options.firebaseProject else {
            throw .usage("admin commands against Firebase need --firebase-project ID (and --firebase-admin-token outside the emulator)")
        }
        guard let token = options.firebaseAdminToken.map({ Secret($0) }) else {
            throw .usage(
                "admin commands against Firebase need --firebase-admin-token TOKEN (an OAuth token with Identity Toolkit admin rights)")
        }
        let emulator: URL?
        do {
            emulator = try options.firebaseEmulatorHost.map { (host: String) throws(AuthError) in
                try FirebaseConfiguration.emulatorBaseURL(host)
            }
        } catch {
            throw .usage(error.description)
        }
        let transport = HTTPTransport.urlSession(limits: options.transportLimits)
        let toolkit =
            emulator.map { $0.appendingPathComponent("identitytoolkit.googleapis.com") }
            ?? URL(string: "https://identitytoolkit.googleapis.com")!
        return AdminAccess(
            users: FirebaseUserAdmin(identityToolkitURL: toolkit, project: project, adminToken: token, transport: transport),
            reset: emulator.map { EmulatorReset(baseURL: $0, bearer: token, transport: transport) })
    }

    /// The service-role key `login serve` wrote, when the server that wrote it listens at `url`:
    /// a key is never sent to a URL other than the server it belongs to.
    private func servedServiceRoleKey(for url: URL) -> Secret? {
        guard let data = try? AtomicFile.read(ServeRegistration.fileURL(in: directory)),
            let registration = try? JSONDecoder().decode(ServeRegistration.self, from: data),
            Self.sameOrigin(registration.baseURL, url.absoluteString),
            let key = try? AtomicFile.read(directory.appendingPathComponent("service_role.key")),
            case let text = String(decoding: key, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else { return nil }
        return Secret(text)
    }

    /// The local stack's well-known service-role key, when the app uses its well-known anon key
    /// (the pair a Supabase local stack, and `login serve` by default, is set up with).
    private func localServiceRoleKey(for apiKey: String) -> Secret? {
        apiKey == SupabaseLocalKeys.anonKey ? Secret(SupabaseLocalKeys.serviceRoleKey) : nil
    }

    private static func sameOrigin(_ lhs: String, _ rhs: String) -> Bool {
        func origin(_ text: String) -> String? {
            guard let url = URL(string: text), let host = url.host else { return nil }
            return "\(url.scheme?.lowercased() ?? "")://\(host.lowercased()):\(url.port ?? (url.scheme == "https" ? 443 : 80))"
        }
        return origin(lhs) != nil && origin(lhs) == origin(rhs)
    }
}
