import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

extension EmulatorHarness {
    /// A harness for Firebase password flows: bcrypt at its minimum cost, so tests stay quick.
    static func firebasePasswords() async throws -> EmulatorHarness {
        var configuration = SimulationConfiguration()
        configuration.passwordHashCost = Bcrypt.minimumCost
        return try await EmulatorHarness.make(configuration: configuration)
    }

    /// An Admin API call on the harness's project, `Bearer owner`.
    func firebaseAdmin(_ method: String, json: String) async -> EmulatorResponse {
        let path = "/identitytoolkit.googleapis.com/v1/projects/\(project)/\(method)"
        return await send("POST", path, json: json, headers: ["authorization": "Bearer owner"])
    }

    /// A stored Firebase account of the default project.
    func firebaseRecord(_ localId: String) throws -> FirebaseUserRecord? {
        let services = world.services
        let project = services.firebase.configuration.projectID
        return try services.firebase.storage.read { (rows: any SimulationRows) in rows.firebase(project: project).user(localId) }
    }
}

/// Email + password accounts over the emulator's Identity Toolkit routes, after firebase-tools
/// src/emulator/auth/operations.ts (`signUp`, `signInWithPassword`, `setAccountInfoImpl`,
/// `PASSWORD_MIN_LENGTH`) and Google's Identity Toolkit reference (`accounts.signUp`,
/// `accounts.signInWithPassword`).
@Suite("Emulator: Firebase email + password")
struct FirebasePasswordRouteTests {
    private func signIn(_ sut: EmulatorHarness, _ email: String, _ password: String) async -> EmulatorResponse {
        await sut.firebase("accounts:signInWithPassword", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    }

    @Test("sign-up takes the email, password and displayName; only a bcrypt hash is kept; sign-in answers registered with tokens")
    func signUpAndSignIn() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let body = #"{"email":"Ada@Example.com","password":"correct horse","displayName":"Ada","returnSecureToken":true}"#
        let created = await sut.firebase("accounts:signUp", json: body)
        #expect(created.status == 200)
        #expect(created.object["email"] == .string("ada@example.com"))
        #expect(created.object["displayName"] == .string("Ada"))
        let localId = try #require(created.object["localId"]?.stringValue)
        let idToken = try #require(created.object["idToken"]?.stringValue)
        let claims = try CompactJWS(parsing: idToken).payload
        #expect(claims["firebase"]?.objectValue?["sign_in_provider"] == .string("password"))

        let stored = try #require(try sut.firebaseRecord(localId))
        let hash = try #require(stored.passwordHash)
        #expect(hash.hasPrefix("$2a$04$") && !hash.contains("correct horse"))
        #expect(try Bcrypt.verify(Array("correct horse".utf8), against: hash))
        #expect(stored.providers.map(\.providerId) == ["password"])

        let lookup = await sut.firebase("accounts:lookup", json: #"{"idToken":"\#(idToken)"}"#)
        let user = try #require(lookup.object["users"]?.arrayValue?.first?.objectValue)
        #expect(user["passwordHash"] == nil, "the client's lookup carries no hash")
        #expect(user["emailVerified"] == .bool(false))

        let session = await signIn(sut, "ADA@example.com", "correct horse")
        #expect(session.status == 200)
        #expect(session.object["kind"] == .string("identitytoolkit#VerifyPasswordResponse"))
        #expect(session.object["registered"] == .bool(true) && session.object["localId"] == .string(localId))
        #expect(session.object["refreshToken"]?.stringValue?.isEmpty == false)
        let v3 = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword?key=k",
            json: #"{"email":"ada@example.com","password":"correct horse"}"#)
        #expect(v3.object["localId"] == .string(localId))
    }

    @Test("email enumeration protection on by default: INVALID_LOGIN_CREDENTIALS; off: EMAIL_NOT_FOUND and INVALID_PASSWORD")
    func enumerationProtection() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        _ = await sut.firebase("accounts:signUp", json: #"{"email":"ada@example.com","password":"correct horse"}"#)
        let config = "/emulator/v1/projects/\(sut.project)/config"
        #expect(await sut.send("GET", config).object["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"] == .bool(true))
        #expect(await signIn(sut, "nobody@example.com", "correct horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
        #expect(await signIn(sut, "ada@example.com", "wrong horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
        let uri = #"{"identifier":"ada@example.com","continueUri":"http://localhost"}"#
        #expect(await sut.firebase("accounts:createAuthUri", json: uri).object["registered"] == nil)

        let patched = await sut.send("PATCH", config, json: #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#)
        #expect(patched.object["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"] == .bool(false))
        #expect(patched.object["signIn"]?.objectValue?["allowDuplicateEmails"] == .bool(false))
        #expect(await signIn(sut, "nobody@example.com", "correct horse").firebaseMessage == "EMAIL_NOT_FOUND")
        #expect(await signIn(sut, "ada@example.com", "wrong horse").firebaseMessage == "INVALID_PASSWORD")
        let methods = await sut.firebase("accounts:createAuthUri", json: uri).object
        #expect(methods["registered"] == .bool(true) && methods["signinMethods"] == .array([.string("password")]))
        let wrongType = await sut.send("PATCH", config, json: #"{"signIn":{"allowDuplicateEmails":"yes"}}"#)
        #expect(wrongType.firebaseMessage?.hasPrefix("INVALID_CONFIG") == true)
    }

    @Test("a disabled account answers USER_DISABLED to the right password")
    func disabled() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let created = await sut.firebase("accounts:signUp", json: #"{"email":"ada@example.com","password":"correct horse"}"#)
        let localId = try #require(created.object["localId"]?.stringValue)
        #expect(await sut.firebaseAdmin("accounts:update", json: #"{"localId":"\#(localId)","disableUser":true}"#).status == 200)
        #expect(await signIn(sut, "ada@example.com", "correct horse").firebaseMessage == "USER_DISABLED")
    }

    @Test("bad input: the service's own codes, in firebase-tools' order, never a crash")
    func badInput() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        _ = await sut.firebase("accounts:signUp", json: #"{"email":"taken@example.com","password":"correct horse"}"#)
        let cases: [(String, String, String)] = [
            ("accounts:signUp", #"{"password":"correct horse"}"#, "MISSING_EMAIL"),
            ("accounts:signUp", #"{"email":"a@example.com"}"#, "MISSING_PASSWORD"),
            ("accounts:signUp", #"{"email":"a@example.com","password":""}"#, "MISSING_PASSWORD"),
            ("accounts:signUp", #"{"email":"not an address","password":"correct horse"}"#, "INVALID_EMAIL"),
            ("accounts:signUp", #"{"email":"taken@example.com","password":"12345"}"#, "EMAIL_EXISTS"),
            (
                "accounts:signUp", #"{"email":"a@example.com","password":"12345"}"#,
                "WEAK_PASSWORD : Password should be at least 6 characters"
            ),
            ("accounts:signInWithPassword", #"{"password":"x"}"#, "MISSING_EMAIL"),
            ("accounts:signInWithPassword", #"{"email":"nope","password":"x"}"#, "INVALID_EMAIL"),
            ("accounts:signInWithPassword", #"{"email":"a@example.com"}"#, "MISSING_PASSWORD"),
            ("accounts:resetPassword", #"{}"#, "MISSING_OOB_CODE"),
            ("accounts:resetPassword", #"{"oobCode":"wrong","newPassword":"new horse"}"#, "INVALID_OOB_CODE"),
            ("accounts:update", #"{"oobCode":"wrong"}"#, "INVALID_OOB_CODE"),
        ]
        for (method, body, message) in cases {
            let response = await sut.firebase(method, json: body)
            #expect(response.status == 400 && response.firebaseMessage == message, "\(method) \(body)")
        }
        let huge = String(repeating: "x", count: 200_000)
        let tooBig = await sut.firebase("accounts:signUp", json: #"{"email":"h@example.com","password":"\#(huge)"}"#)
        #expect(tooBig.status == 400)
        #expect(
            tooBig.firebaseMessage == "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
                + "[Password may contain at most 4096 characters]")
        let notUTF8 = await sut.emulator.handle(
            EmulatorRequest(
                method: "POST", target: "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
                headers: ["content-type": "application/json"],
                body: Array(#"{"email":"a@example.com","password":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)))
        #expect(notUTF8.status == 400 && notUTF8.firebaseMessage?.hasPrefix("INVALID_ARGUMENT") == true)
    }

    @Test("a password longer than bcrypt's 72 bytes counts every byte")
    func longPassword() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let long = String(repeating: "p", count: 80) + "é1"
        #expect(await sut.firebase("accounts:signUp", json: #"{"email":"long@example.com","password":"\#(long)"}"#).status == 200)
        #expect(await signIn(sut, "long@example.com", long).status == 200)
        let samePrefix = String(repeating: "p", count: 80) + "é2"
        #expect(await signIn(sut, "long@example.com", samePrefix).firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test("Identity Platform's password policy, set through admin/v2 config: PASSWORD_DOES_NOT_MEET_REQUIREMENTS names what is missing")
    func passwordPolicy() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let path = "/identitytoolkit.googleapis.com/admin/v2/projects/\(sut.project)/config?updateMask=passwordPolicyConfig"
        let policy = #"""
            {"passwordPolicyConfig":{"passwordPolicyEnforcementState":"ENFORCE","passwordPolicyVersions":[{"customStrengthOptions":
            {"minPasswordLength":10,"containsUppercaseCharacter":true,"containsNumericCharacter":true}}]}}
            """#
        #expect(await sut.send("PATCH", path, json: policy).status == 401)
        let set = await sut.send("PATCH", path, json: policy, headers: ["authorization": "Bearer owner"])
        #expect(set.object["passwordPolicyConfig"]?.objectValue?["passwordPolicyEnforcementState"] == .string("ENFORCE"))
        let weak = await sut.firebase("accounts:signUp", json: #"{"email":"a@example.com","password":"lowercase"}"#)
        #expect(
            weak.firebaseMessage == "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: "
                + "[Password must contain at least 10 characters, Password must contain an upper case character, "
                + "Password must contain a numeric character]")
        #expect(await sut.firebase("accounts:signUp", json: #"{"email":"a@example.com","password":"Uppercase12"}"#).status == 200)
        let configPath = "/identitytoolkit.googleapis.com/admin/v2/projects/\(sut.project)/config"
        let read = await sut.send("GET", configPath, headers: ["authorization": "Bearer owner"])
        #expect(read.object["passwordPolicyConfig"] == set.object["passwordPolicyConfig"])
    }

    @Test("an anonymous user signs up with an email and password and keeps its uid")
    func anonymousUpgrade() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let guest = await sut.firebase("accounts:signUp", json: #"{"returnSecureToken":true}"#)
        let idToken = try #require(guest.object["idToken"]?.stringValue)
        let body = #"{"idToken":"\#(idToken)","email":"guest@example.com","password":"correct horse"}"#
        let upgraded = await sut.firebase("accounts:signUp", json: body)
        #expect(upgraded.status == 200)
        #expect(upgraded.object["localId"] == guest.object["localId"])
        #expect(await signIn(sut, "guest@example.com", "correct horse").object["localId"] == guest.object["localId"])
    }

    @Test("changing the password with an ID token returns fresh tokens and refuses the earlier ones")
    func changePassword() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let created = await sut.firebase("accounts:signUp", json: #"{"email":"ada@example.com","password":"correct horse"}"#)
        let oldToken = try #require(created.object["idToken"]?.stringValue)
        sut.world.clock.advance(by: 5)
        let changed = await sut.firebase("accounts:update", json: #"{"idToken":"\#(oldToken)","password":"battery staple"}"#)
        #expect(changed.status == 200)
        let newToken = try #require(changed.object["idToken"]?.stringValue)
        #expect(await sut.firebase("accounts:lookup", json: #"{"idToken":"\#(oldToken)"}"#).firebaseMessage == "TOKEN_EXPIRED")
        #expect(await sut.firebase("accounts:lookup", json: #"{"idToken":"\#(newToken)"}"#).status == 200)
        #expect(await signIn(sut, "ada@example.com", "correct horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
        #expect(await signIn(sut, "ada@example.com", "battery staple").status == 200)
        let weak = await sut.firebase("accounts:update", json: #"{"idToken":"\#(newToken)","password":"short"}"#)
        #expect(weak.firebaseMessage == "WEAK_PASSWORD : Password should be at least 6 characters")
        let direct = await sut.firebase("accounts:update", json: #"{"idToken":"\#(newToken)","email":"other@example.com"}"#)
        #expect(direct.firebaseMessage == "OPERATION_NOT_ALLOWED : Please verify the new email before changing email.")
    }
}
