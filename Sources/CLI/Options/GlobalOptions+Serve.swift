import Foundation

/// A command on a state directory that a `login serve` holds uses that server: the directory's
/// `serve.json` says where it listens and which anon key it takes, so nothing has to be typed
/// (what the embedded engine would write there would be lost at the server's next save).
extension GlobalOptions {
    /// These options pointed at the `login serve` holding the state directory, when no remote
    /// backend is named and the server has said where it listens; otherwise unchanged (a server
    /// still starting is refused later, with a message that says so).
    /// - Returns: The options to run with.
    func reachingServe() -> GlobalOptions {
        guard !isRemote, case .served(let registration?) = ServeRegistration.status(of: stateDirectory) else { return self }
        var options = self
        options.backendFlag = backend
        switch backend {
        case .supabase:
            options.supabaseURLFlag = registration.baseURL
            options.supabaseKeyFlag = registration.anonKey
        case .firebase:
            options.firebaseEmulatorHostFlag = registration.hostAndPort
            options.firebaseProjectFlag = firebaseProjectFlag ?? registration.firebaseProject
        }
        options.idpURLFlag = idpURLFlag ?? registration.baseURL
        options.viaServe = true
        return options
    }
}
