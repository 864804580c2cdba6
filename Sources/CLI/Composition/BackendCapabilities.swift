import AuthDomain

/// A backend and its optional sides (passwords, second factors, passkeys, the browser's sign-in),
/// taken from its static type where it is made. Asking an `any AuthBackend` for them with `as?`
/// costs a first-time scan of every protocol conformance record of the binary per side and type,
/// which a short command such as `login apple` paid for each side although it used none.
struct BackendCapabilities: Sendable {
    /// The backend.
    let backend: any AuthBackend
    /// Its email + password side.
    let passwords: (any PasswordAuthBackend & AuthBackend)?
    /// Its second factors.
    let secondFactors: (any SecondFactorBackend)?
    /// Its passkeys.
    let passkeys: (any PasskeyBackend)?
    /// Its browser sign-in, when the command's browser reaches it (a REST adapter).
    let web: (any AuthBackend & WebSignInBackend)?

    /// A backend with every side (the Supabase and Firebase adapters, in process or over REST).
    /// - Parameters:
    ///   - backend: The backend.
    ///   - web: Whether its browser sign-in is used (a backend a browser can reach).
    init<Backend: AuthBackend & PasswordAuthBackend & SecondFactorBackend & PasskeyBackend & WebSignInBackend>(
        _ backend: Backend, web: Bool
    ) {
        self.backend = backend
        self.passwords = backend
        self.secondFactors = backend
        self.passkeys = backend
        self.web = web ? backend : nil
    }

    /// A backend with none of the optional sides.
    /// - Parameter backend: The backend.
    init(plain backend: any AuthBackend) {
        self.backend = backend
        self.passwords = nil
        self.secondFactors = nil
        self.passkeys = nil
        self.web = nil
    }
}
