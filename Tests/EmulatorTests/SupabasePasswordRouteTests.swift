import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

extension EmulatorHarness {
    /// A harness for password flows, and its service-role key: hashes at `bcrypt.MinCost`, as
    /// GoTrue's own tests do (`QuickHashCost`, internal/crypto/password.go), rate limits off.
    static func passwords(
        autoconfirm: Bool = false, _ change: (inout SupabaseSettings) -> Void = { _ in }
    ) async throws -> (sut: EmulatorHarness, admin: String) {
        var configuration = SimulationConfiguration()
        configuration.passwordHashCost = Bcrypt.minimumCost
        var settings = SupabaseSettings()
        settings.mailerAutoconfirm = autoconfirm
        settings.rateLimits = nil
        change(&settings)
        let sut = try await EmulatorHarness.make(configuration: configuration, supabase: settings)
        return (sut, try sut.world.services.supabase.serviceRoleKey())
    }
}

/// Email + password accounts over the emulator's `/auth/v1` routes, after GoTrue
/// internal/api/signup.go (`Signup`, `sanitizeUser`), token.go (`ResourceOwnerPasswordGrant`),
/// password.go (`checkPasswordStrength`), errors.go (`weak_password` reasons) and
/// internal/crypto/password.go (bcrypt in `encrypted_password`).
@Suite("Emulator: Supabase email + password")
struct SupabasePasswordRouteTests {
    private func makeSUT(autoconfirm: Bool = false, _ change: (inout SupabaseSettings) -> Void = { _ in }) async throws -> EmulatorHarness {
        try await EmulatorHarness.passwords(autoconfirm: autoconfirm, change).sut
    }

    private func signIn(_ sut: EmulatorHarness, _ email: String, _ password: String) async -> EmulatorResponse {
        await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    }

    private func storedUser(_ sut: EmulatorHarness, _ id: String) throws -> SupabaseUserRecord? {
        try sut.world.services.supabase.storage.read { (rows: any SimulationRows) in rows.supabase.user(id) }
    }

    @Test("confirmation on: sign-up mails a confirmation and answers the user without a session; the password works once confirmed")
    func signUpWithConfirmation() async throws {
        let sut = try await makeSUT()
        let response = await sut.supabase(
            "POST", "signup", json: #"{"email":"Ada@Example.com","password":"correct horse","data":{"name":"Ada"}}"#)
        #expect(response.status == 200)
        #expect(response.object["access_token"] == nil, "no session before the email is confirmed")
        let id = try #require(response.object["id"]?.stringValue)
        #expect(response.object["email"] == .string("ada@example.com"))
        #expect(response.object["confirmation_sent_at"]?.stringValue != nil)
        #expect(response.object["user_metadata"]?.objectValue?["name"] == .string("Ada"))
        let identity = try #require(response.object["identities"]?.arrayValue?.first?.objectValue)
        #expect(identity["provider"] == .string("email"))

        let early = await signIn(sut, "ada@example.com", "correct horse")
        #expect(early.status == 400 && early.object == ["code": .string("email_not_confirmed"), "message": .string("Email not confirmed")])
        let wrongFirst = await signIn(sut, "ada@example.com", "wrong horse")
        #expect(
            wrongFirst.object["code"] == .string("invalid_credentials"), "an unconfirmed address is only revealed to the right password")

        let mail = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        #expect(mail.kind == "confirmation")
        let verified = await sut.supabase("POST", "verify", json: #"{"type":"signup","email":"ada@example.com","token":"\#(mail.code)"}"#)
        #expect(verified.status == 200)

        let session = await signIn(sut, "ADA@example.com", "correct horse")
        #expect(session.status == 200)
        #expect(session.object["user"]?.objectValue?["id"] == .string(id))
        let token = try #require(session.object["access_token"]?.stringValue)
        let claims = try CompactJWS(parsing: token).payload
        #expect(claims["amr"]?.arrayValue?.first?.objectValue?["method"] == .string("password"))
    }

    @Test("wrong password, unknown address and a user without a password are all invalid_credentials")
    func invalidCredentials() async throws {
        let sut = try await makeSUT(autoconfirm: true)
        #expect(await sut.supabase("POST", "signup", json: #"{"email":"grace@example.com","password":"correct horse"}"#).status == 200)
        _ = try await sut.appleSession(email: "apple-only@example.com")
        let expected: JSONObject = ["code": .string("invalid_credentials"), "message": .string("Invalid login credentials")]
        for (email, password) in [
            ("grace@example.com", "Correct horse"), ("nobody@example.com", "correct horse"),
            ("apple-only@example.com", "correct horse"), ("not an email", "correct horse"),
        ] {
            let response = await signIn(sut, email, password)
            #expect(response.status == 400 && response.object == expected, "\(email)")
        }
        let missing = await sut.supabase("POST", "token?grant_type=password", json: #"{"password":"x"}"#)
        #expect(missing.status == 400 && missing.object["message"] == .string("missing email or phone"))
        let both = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"a@example.com","phone":"+15555550100","password":"x"}"#)
        #expect(both.object["message"] == .string("Only an email address or phone number should be provided on login."))
    }

    @Test("autoconfirm on: sign-up is a session; the same address again is 422 user_already_exists")
    func autoconfirm() async throws {
        let sut = try await makeSUT(autoconfirm: true)
        let first = await sut.supabase("POST", "signup", json: #"{"email":"linus@example.com","password":"correct horse"}"#)
        #expect(first.status == 200)
        #expect(first.object["access_token"]?.stringValue != nil)
        #expect(first.object["user"]?.objectValue?["email_confirmed_at"]?.stringValue != nil)
        let again = await sut.supabase("POST", "signup", json: #"{"email":"linus@example.com","password":"another one"}"#)
        #expect(
            again.status == 422 && again.object == ["code": .string("user_already_exists"), "message": .string("User already registered")])
        #expect(await signIn(sut, "linus@example.com", "another one").status == 400, "the first password stays")
    }

    @Test("confirmation on: signing up with a confirmed address answers GoTrue's obfuscated user, and mails nothing")
    func antiEnumeration() async throws {
        let sut = try await makeSUT()
        let first = await sut.supabase("POST", "signup", json: #"{"email":"taken@example.com","password":"correct horse"}"#)
        let id = try #require(first.object["id"]?.stringValue)
        let code = try #require(await sut.world.services.mailbox.latest(for: "taken@example.com")?.code)
        #expect(
            await sut.supabase("POST", "verify", json: #"{"type":"signup","email":"taken@example.com","token":"\#(code)"}"#).status == 200)
        let mails = await sut.world.services.mailbox.messages(for: "taken@example.com").count

        let again = await sut.supabase("POST", "signup", json: #"{"email":"taken@example.com","password":"guessing","data":{"k":1}}"#)
        #expect(again.status == 200)
        #expect(again.object["id"]?.stringValue != id)
        #expect(again.object["email"] == .string("taken@example.com"))
        #expect(again.object["role"] == .string(""))
        #expect(again.object["identities"] == .array([]))
        #expect(again.object["email_confirmed_at"] == nil || again.object["email_confirmed_at"] == .null)
        #expect(again.object["user_metadata"] == .object(["k": .int(1)]))
        #expect(await sut.world.services.mailbox.messages(for: "taken@example.com").count == mails)
        #expect(await signIn(sut, "taken@example.com", "correct horse").status == 200)
    }

    @Test("the password policy: 72 bytes at most (400), then length and required characters as 422 weak_password with reasons")
    func policy() async throws {
        let sut = try await makeSUT {
            $0.passwordMinLength = 8
            $0.passwordRequiredCharacters = ["0123456789"]
        }
        let short = await sut.supabase("POST", "signup", json: #"{"email":"p@example.com","password":"abc"}"#)
        #expect(short.status == 422)
        #expect(short.object["code"] == .string("weak_password"))
        #expect(
            short.object["message"]
                == .string(
                    "Password should be at least 8 characters. Password should contain at least one character of each: 0123456789."))
        #expect(short.object["weak_password"] == .object(["reasons": .array([.string("length"), .string("characters")])]))
        let noDigit = await sut.supabase("POST", "signup", json: #"{"email":"p@example.com","password":"abcdefghij"}"#)
        #expect(noDigit.object["weak_password"] == .object(["reasons": .array([.string("characters")])]))
        let long = String(repeating: "é", count: 37)
        let tooLong = await sut.supabase("POST", "signup", json: #"{"email":"p@example.com","password":"\#(long)"}"#)
        #expect(tooLong.status == 400 && tooLong.object["message"] == .string("Password cannot be longer than 72 characters"))
        let legacy = await sut.supabase("POST", "signup", json: #"{"email":"p@example.com","password":"abc"}"#, versioned: false)
        #expect(legacy.object["error_code"] == .string("weak_password") && legacy.object["weak_password"] != nil)
        let badEmail = await sut.supabase("POST", "signup", json: #"{"email":"not-an-email","password":"abcdefgh1"}"#)
        #expect(badEmail.status == 400 && badEmail.object["code"] == .string("validation_failed"))
        let lone = await sut.supabase("POST", "signup", json: #"{"email":"p@example.com","password":"\ud800abcdefg1"}"#)
        #expect(lone.status == 400 || lone.status == 200, "a lone surrogate is bad JSON or replaced, never a crash")
    }

    @Test(
        """
        recovery by code (GoTrue recover.go, verify.go, user.go): /recover mails a recovery code; verify type recovery; PUT /user sets\
         the password
        """
    )
    func recoveryByCode() async throws {
        let sut = try await makeSUT(autoconfirm: true)
        let first = await sut.supabase("POST", "signup", json: #"{"email":"lost@example.com","password":"old horse"}"#)
        let oldSession = try #require(first.object["refresh_token"]?.stringValue)
        #expect(
            await sut.supabase("POST", "recover", json: #"{"email":"nobody@example.com"}"#).object == [:],
            "unknown addresses are not revealed")
        let recover = await sut.supabase("POST", "recover", json: #"{"email":"lost@example.com"}"#)
        #expect(recover.status == 200 && recover.object == [:])
        let mail = try #require(await sut.world.services.mailbox.latest(for: "lost@example.com"))
        #expect(mail.kind == "recovery")
        #expect(mail.link?.contains("type=recovery") == true)
        let wrongType = await sut.supabase("POST", "verify", json: #"{"type":"signup","email":"lost@example.com","token":"\#(mail.code)"}"#)
        #expect(wrongType.status == 403)
        let verified = await sut.supabase(
            "POST", "verify", json: #"{"type":"recovery","email":"lost@example.com","token":"\#(mail.code)"}"#)
        let token = try #require(verified.object["access_token"]?.stringValue)

        let same = await sut.supabase("PUT", "user", json: #"{"password":"old horse"}"#, bearer: token)
        #expect(same.status == 422 && same.object["code"] == .string("same_password"))
        let weak = await sut.supabase("PUT", "user", json: #"{"password":"new"}"#, bearer: token)
        #expect(weak.status == 422 && weak.object["code"] == .string("weak_password"))
        let changed = await sut.supabase("PUT", "user", json: #"{"password":"new horse"}"#, bearer: token)
        #expect(changed.status == 200)
        #expect(!String(decoding: changed.body, as: UTF8.self).contains("new horse"))
        #expect(await signIn(sut, "lost@example.com", "old horse").object["code"] == .string("invalid_credentials"))
        #expect(await signIn(sut, "lost@example.com", "new horse").status == 200)
        let refresh = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(oldSession)"}"#)
        #expect(refresh.status == 400, "a password change ends the user's other sessions")
        let again = await sut.supabase("POST", "recover", json: #"{"email":"lost@example.com"}"#)
        #expect(again.status == 429 && again.object["code"] == .string("over_email_send_rate_limit"))
        #expect(await sut.supabase("POST", "recover", json: #"{}"#).object["message"] == .string("Password recovery requires an email"))
    }

    @Test("recovery by link: the emailed link (type recovery) lands with the session; an unconfirmed address is confirmed by it")
    func recoveryByLink() async throws {
        let sut = try await makeSUT()
        _ = await sut.supabase("POST", "signup", json: #"{"email":"pending@example.com","password":"correct horse"}"#)
        let recover = await sut.supabase("POST", "recover", json: #"{"email":"pending@example.com"}"#)
        #expect(recover.status == 200)
        let link = try #require(await sut.world.services.mailbox.latest(for: "pending@example.com")?.link)
        let path = try #require(link.range(of: "/auth/v1/")).upperBound
        let landing = await sut.supabase("GET", String(link[path...]))
        #expect(landing.status == 303)
        #expect(landing.header("Location")?.contains("type=recovery") == true)
        #expect(await signIn(sut, "pending@example.com", "correct horse").status == 200, "confirmed by the recovery link")
    }

    @Test("an anonymous user cannot set a password without an email")
    func anonymousPassword() async throws {
        let sut = try await makeSUT()
        let guest = try #require(await sut.supabase("POST", "signup", json: "{}").object["access_token"]?.stringValue)
        let response = await sut.supabase("PUT", "user", json: #"{"password":"correct horse"}"#, bearer: guest)
        #expect(response.status == 422)
        #expect(response.object["message"] == .string("Updating password of an anonymous user without an email or phone is not allowed"))
    }

    @Test("the password is stored only as GoTrue's bcrypt hash in encrypted_password, at GoTrue's cost 10 by default")
    func storedHash() async throws {
        var configuration = SimulationConfiguration()
        var settings = SupabaseSettings()
        settings.mailerAutoconfirm = true
        settings.rateLimits = nil
        configuration.supabase = settings
        let sut = try await EmulatorHarness.make(configuration: configuration)
        let response = await sut.supabase("POST", "signup", json: #"{"email":"hash@example.com","password":"correct horse"}"#)
        let id = try #require(response.object["user"]?.objectValue?["id"]?.stringValue)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("correct horse"))
        let stored = try #require(try storedUser(sut, id)?.encryptedPassword)
        #expect(stored.hasPrefix("$2a$10$") && stored.count == 60)
        #expect(try Bcrypt.verify(Array("correct horse".utf8), against: stored))
        #expect(!stored.contains("correct horse"))
    }
}

/// `POST /admin/users` after GoTrue internal/api/admin.go `adminUserCreate` and
/// internal/models/user.go `NewUserWithPasswordHash`.
@Suite("Emulator: Supabase admin users with passwords")
struct SupabaseAdminCreateRouteTests {
    private func makeSUT() async throws -> (EmulatorHarness, String) {
        try await EmulatorHarness.passwords()
    }

    @Test("a confirmed user with a password signs in; a bcrypt password_hash from elsewhere (Openwall's vector) verifies here")
    func createWithPassword() async throws {
        let (sut, admin) = try await makeSUT()
        let created = await sut.supabase(
            "POST", "admin/users",
            json: #"""
                {"email":"Admin@Example.com","password":"correct horse","email_confirm":true,"user_metadata":{"name":"Ada"},"app_metad\#
                ata":{"plan":"pro"}}
                """#, bearer: admin)
        #expect(created.status == 200)
        #expect(created.object["email"] == .string("admin@example.com"))
        #expect(created.object["email_confirmed_at"]?.stringValue != nil)
        #expect(created.object["app_metadata"]?.objectValue?["plan"] == .string("pro"))
        #expect(created.object["app_metadata"]?.objectValue?["provider"] == .string("email"))
        let signIn = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"admin@example.com","password":"correct horse"}"#)
        #expect(signIn.status == 200)

        let hashed = await sut.supabase(
            "POST", "admin/users",
            json: #"""
                {"email":"hashed@example.com","password_hash":"$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW","email_co\#
                nfirm":true}
                """#, bearer: admin)
        #expect(hashed.status == 200)
        #expect(
            await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"hashed@example.com","password":"U*U"}"#).status == 200
        )
        let unconfirmed = await sut.supabase(
            "POST", "admin/users", json: #"{"email":"later@example.com","password":"correct horse"}"#, bearer: admin)
        #expect(unconfirmed.status == 200)
        let refused = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"later@example.com","password":"correct horse"}"#)
        #expect(refused.object["code"] == .string("email_not_confirmed"))
    }

    @Test(
        "GoTrue's refusals: no service role, no email, both password and hash, a hash that is not bcrypt, a taken email, a bad id",
        arguments: [
            (
                #"{"email":"a@example.com","password":"x","password_hash":"$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"}"#,
                400, "Only a password or a password hash should be provided"
            ),
            (#"{"password":"correct horse"}"#, 400, "Cannot create a user without either an email or phone"),
            (#"{"email":"a@example.com","password_hash":"plain text"}"#, 500, "Error creating user"),
            (#"{"email":"taken@example.com"}"#, 422, "A user with this email address has already been registered"),
            (#"{"email":"a@example.com","id":"nope"}"#, 400, "ID must conform to the uuid v4 format"),
            (#"{"email":"a@example.com","ban_duration":"forever"}"#, 400, nil),
        ] as [(String, Int, String?)])
    func refusals(body: String, status: Int, message: String?) async throws {
        let (sut, admin) = try await makeSUT()
        #expect(await sut.supabase("POST", "admin/users", json: #"{"email":"taken@example.com"}"#, bearer: admin).status == 200)
        let response = await sut.supabase("POST", "admin/users", json: body, bearer: admin)
        #expect(response.status == status)
        if let message { #expect(response.object["message"] == .string(message)) }
        let anon = await sut.supabase("POST", "admin/users", json: #"{"email":"b@example.com"}"#, bearer: sut.emulator.anonKey)
        #expect(anon.status == 403)
    }
}

/// `PUT /admin/users/{id}` account fields, after GoTrue internal/api/admin.go `adminUserUpdate`.
@Suite("Emulator: Supabase admin user updates")
struct SupabaseAdminUpdateRouteTests {
    @Test("password (policy checked, every session ended), email_confirm and email are honoured, not ignored with a 200")
    func accountFields() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        let created = await sut.supabase(
            "POST", "admin/users", json: #"{"email":"edit@example.com","password":"first horse"}"#, bearer: admin)
        let id = try #require(created.object["id"]?.stringValue)
        _ = await sut.supabase("POST", "admin/users", json: #"{"email":"other@example.com"}"#, bearer: admin)

        let weak = await sut.supabase("PUT", "admin/users/\(id)", json: #"{"password":"abc"}"#, bearer: admin)
        #expect(weak.status == 422 && weak.object["code"] == .string("weak_password"))
        let confirmed = await sut.supabase(
            "PUT", "admin/users/\(id)", json: #"{"password":"second horse","email_confirm":true}"#, bearer: admin)
        #expect(confirmed.status == 200 && confirmed.object["email_confirmed_at"]?.stringValue != nil)
        let session = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"edit@example.com","password":"second horse"}"#)
        let refresh = try #require(session.object["refresh_token"]?.stringValue)

        let taken = await sut.supabase("PUT", "admin/users/\(id)", json: #"{"email":"Other@example.com"}"#, bearer: admin)
        #expect(taken.status == 422 && taken.object["code"] == .string("email_exists"))
        let moved = await sut.supabase(
            "PUT", "admin/users/\(id)", json: #"{"email":"New@Example.com","password":"third horse"}"#, bearer: admin)
        #expect(moved.status == 200 && moved.object["email"] == .string("new@example.com"))
        let identity = moved.object["identities"]?.arrayValue?.first?.objectValue
        #expect(identity?["identity_data"]?.objectValue?["email"] == .string("new@example.com"))
        let ended = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(refresh)"}"#)
        #expect(ended.status == 400, "a password set by the admin ends every session")
        let signIn = await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"new@example.com","password":"third horse"}"#)
        #expect(signIn.status == 200)
    }
}

/// `POST /admin/generate_link`, after GoTrue internal/api/mail.go `adminGenerateLink`.
@Suite("Emulator: Supabase generate_link")
struct SupabaseGenerateLinkRouteTests {
    @Test("signup, magiclink and recovery links: the code and the hashed token verify; nothing is mailed; GoTrue's refusals")
    func links() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()

        let signup = await sut.supabase(
            "POST", "admin/generate_link",
            json: #"""
                {"type":"signup","email":"Link@Example.com","password":"correct horse","data":{"plan":"pro"}}
                """#, bearer: admin)
        #expect(signup.status == 200)
        #expect(signup.object["email"] == .string("link@example.com"))
        #expect(signup.object["verification_type"] == .string("signup"))
        #expect(signup.object["user_metadata"] == .object(["plan": .string("pro")]), "the data as sent, as GoTrue's GenerateLink keeps it")
        #expect(signup.object["redirect_to"] == .string("http://127.0.0.1:3000"))
        let hashed = try #require(signup.object["hashed_token"]?.stringValue)
        #expect(signup.object["action_link"]?.stringValue?.contains("/auth/v1/verify?token=\(hashed)&type=signup") == true)
        #expect(await sut.world.services.mailbox.messages(for: "link@example.com").isEmpty, "generate_link mails nothing")
        let verified = await sut.supabase("POST", "verify", json: #"{"type":"signup","token_hash":"\#(hashed)"}"#)
        #expect(verified.status == 200)
        #expect(
            await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"link@example.com","password":"correct horse"}"#)
                .status == 200)

        let again = await sut.supabase("POST", "admin/generate_link", json: #"{"type":"signup","email":"link@example.com"}"#, bearer: admin)
        #expect(again.status == 422 && again.object["code"] == .string("email_exists"))
        let recovery = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"recovery","email":"link@example.com"}"#, bearer: admin)
        let code = try #require(recovery.object["email_otp"]?.stringValue)
        #expect(
            await sut.supabase("POST", "verify", json: #"{"type":"recovery","email":"link@example.com","token":"\#(code)"}"#).status == 200)

        let magic = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"magiclink","email":"new@example.com"}"#, bearer: admin)
        #expect(magic.status == 200 && magic.object["verification_type"] == .string("signup"), "an unknown address becomes a sign-up")
        let unknown = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"recovery","email":"ghost@example.com"}"#, bearer: admin)
        #expect(unknown.status == 404 && unknown.object["code"] == .string("user_not_found"))
        let noPassword = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"signup","email":"np@example.com"}"#, bearer: admin)
        #expect(noPassword.status == 400 && noPassword.object["message"] == .string("Signup requires a valid password"))
        let bogus = await sut.supabase("POST", "admin/generate_link", json: #"{"type":"bogus","email":"link@example.com"}"#, bearer: admin)
        #expect(bogus.status == 400 && bogus.object["message"] == .string("Invalid email action link type requested: bogus"))
        let anon = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"recovery","email":"link@example.com"}"#, bearer: sut.emulator.anonKey)
        #expect(anon.status == 403)
    }
}

extension SupabaseGenerateLinkRouteTests {
    @Test("an invite link creates the user without a password and mails nothing; its code signs in; a confirmed address is 422")
    func inviteLink() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        let made = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"invite","email":"Team@Example.com","data":{"team":"a"}}"#, bearer: admin)
        #expect(made.status == 200 && made.object["verification_type"] == .string("invite"))
        #expect(made.object["email"] == .string("team@example.com") && made.object["invited_at"]?.stringValue != nil)
        #expect(made.object["user_metadata"]?.objectValue?["team"] == .string("a"))
        let hashed = try #require(made.object["hashed_token"]?.stringValue)
        #expect(made.object["action_link"]?.stringValue?.contains("/auth/v1/verify?token=\(hashed)&type=invite") == true)
        #expect(await sut.world.services.mailbox.messages(for: "team@example.com").isEmpty, "generate_link mails nothing")

        let again = await sut.supabase("POST", "admin/generate_link", json: #"{"type":"invite","email":"team@example.com"}"#, bearer: admin)
        #expect(again.status == 200, "an unconfirmed user is invited again")
        let code = try #require(again.object["email_otp"]?.stringValue)
        let session = await sut.supabase("POST", "verify", json: #"{"type":"invite","email":"team@example.com","token":"\#(code)"}"#)
        #expect(session.object["access_token"]?.stringValue != nil)
        let confirmed = await sut.supabase(
            "POST", "admin/generate_link", json: #"{"type":"invite","email":"team@example.com"}"#, bearer: admin)
        #expect(confirmed.status == 422 && confirmed.object["code"] == .string("email_exists"))
    }
}

/// `POST /invite`, after GoTrue internal/api/invite.go and verify.go (type `invite`).
@Suite("Emulator: Supabase invites")
struct SupabaseInviteRouteTests {
    @Test("an invite mails a code; verifying it (type invite) confirms and signs in; the invited user then sets a password")
    func invite() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        let invited = await sut.supabase("POST", "invite", json: #"{"email":"Guest@Example.com","data":{"team":"a"}}"#, bearer: admin)
        #expect(invited.status == 200)
        #expect(invited.object["invited_at"]?.stringValue != nil)
        #expect(invited.object["email_confirmed_at"] == nil || invited.object["email_confirmed_at"] == .null)
        let mail = try #require(await sut.world.services.mailbox.latest(for: "guest@example.com"))
        #expect(mail.kind == "invite" && mail.link?.contains("type=invite") == true)
        let noPassword = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"guest@example.com","password":"anything1"}"#)
        #expect(noPassword.object["code"] == .string("invalid_credentials"), "an invited user has no password yet")

        let session = await sut.supabase("POST", "verify", json: #"{"type":"invite","email":"guest@example.com","token":"\#(mail.code)"}"#)
        let token = try #require(session.object["access_token"]?.stringValue)
        #expect(await sut.supabase("PUT", "user", json: #"{"password":"correct horse"}"#, bearer: token).status == 200)
        #expect(
            await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"guest@example.com","password":"correct horse"}"#)
                .status == 200)

        let again = await sut.supabase("POST", "invite", json: #"{"email":"guest@example.com"}"#, bearer: admin)
        #expect(again.status == 422 && again.object["code"] == .string("email_exists"))
        let anon = await sut.supabase("POST", "invite", json: #"{"email":"x@example.com"}"#, bearer: sut.emulator.anonKey)
        #expect(anon.status == 403)
        let bad = await sut.supabase("POST", "invite", json: #"{"email":"not an email"}"#, bearer: admin)
        #expect(bad.status == 400)
    }
}
