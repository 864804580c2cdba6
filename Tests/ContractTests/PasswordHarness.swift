import AuthData
import AuthDomain
import AuthSimulation
import Testing

extension BackendHarness {
    /// A harness for email + password flows: bcrypt at `bcrypt.MinCost`, as GoTrue's own tests
    /// hash (`QuickHashCost`, internal/crypto/password.go), and GoTrue's rate limits off.
    /// - Parameters:
    ///   - flavor: The implementation.
    ///   - autoconfirm: `GOTRUE_MAILER_AUTOCONFIRM`: a sign-up is confirmed at once.
    /// Manual linking (`GOTRUE_SECURITY_MANUAL_LINKING_ENABLED`) is on, for `link_identity`.
    static func passwords(_ flavor: BackendFlavor, autoconfirm: Bool = false) async throws -> BackendHarness {
        var settings = SupabaseSettings()
        settings.mailerAutoconfirm = autoconfirm
        settings.rateLimits = nil
        settings.manualLinkingEnabled = true
        return try await make(flavor, supabase: settings) { $0.passwordHashCost = Bcrypt.minimumCost }
    }

    /// Signs up with autoconfirm on, where the answer is a session.
    /// - Returns: The session and the new user.
    func signedUp(_ email: String, password: Secret) async throws -> BackendSignIn {
        guard case .signedIn(let signIn) = try await passwordBackend.signUp(PasswordSignUp(email: email, password: password)) else {
            throw AuthError.invalidInput("\(flavor): expected a session from the sign-up")
        }
        return signIn
    }

    /// A password account whose address is confirmed, and its session. Supabase: the sign-up
    /// waits for its confirmation and `/verify` type `signup` with the mailed code signs in
    /// (GoTrue internal/api/verify.go). Firebase: the sign-up signs in, then `VERIFY_EMAIL` is
    /// mailed and its `oobCode` applied (firebase-tools src/emulator/auth/operations.ts
    /// `sendOobCode`, `setAccountInfoImpl`).
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    /// - Returns: The sign-in.
    func confirmedPasswordAccount(_ email: String, password: Secret) async throws -> BackendSignIn {
        let backend = try passwordBackend
        switch flavor.traits.service {
        case .supabase:
            _ = try await backend.signUp(PasswordSignUp(email: email, password: password))
            return try await backend.confirmSignUp(email: email, proof: .code(try await latestCode(for: email)))
        case .firebase:
            let account = try await signedUp(email, password: password)
            _ = try await backend.resend(.signUpConfirmation, to: email, accessToken: account.session.accessToken)
            let firebase = try #require(self.backend as? FirebaseAuthBackend)
            #expect(try await firebase.applyActionCode(try await latestCode(for: email)) == email)
            return account
        }
    }

    /// The backend's password side.
    var passwordBackend: any PasswordAuthBackend {
        get throws { try #require(backend as? any PasswordAuthBackend, "\(flavor) has no password side") }
    }
}

extension BackendFlavor {
    /// Every flavour: both services keep passwords.
    static let withPasswords: [BackendFlavor] = allCases
    /// The Supabase flavours, for GoTrue's rules alone (a sign-up that waits for its
    /// confirmation, `sanitizeUser`, `same_password`, `link_identity`).
    static let supabase: [BackendFlavor] = [.supabaseInProcess, .supabaseREST]
}
