import AuthData
import AuthEmulator
import Foundation
import Testing

/// The console's password pieces: a user created with a password (a form body only), whether an
/// address is confirmed, and a recovery mail sent from a user's page, on both services.
@Suite("Console: passwords, confirmation and recovery")
struct ConsolePasswordTests {
    private static let password = "console-Pw-4711"

    @Test(
        """
        a user created with a password signs in with it (GoTrue internal/api/admin.go adminUserCreate; firebase-tools\
         src/emulator/auth/operations.ts signUp as admin); the password is nowhere on a page or in the log
        """,
        arguments: ["supabase", "firebase"])
    func createWithPassword(service: String) async throws {
        let sut = try await EmulatorHarness.make()
        let segment = service == "supabase" ? "supabase" : "firebase:\(sut.project)"
        let created = try await sut.consolePost(
            "/console/users", [("service", segment), ("email", "pw@example.com"), ("password", Self.password)])
        #expect(created.status == 303, "\(created.text)")
        let location = try #require(created.header("Location"))
        #expect(!location.contains(Self.password) && location.hasSuffix("?done=create-password"))
        let page = await sut.console("GET", location).text
        #expect(page.contains("pw@example.com (verified)") && page.contains("the password typed"))
        let signIn =
            service == "supabase"
            ? await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"pw@example.com","password":"\#(Self.password)"}"#)
            : await sut.firebase(
                "accounts:signInWithPassword",
                json: #"{"email":"pw@example.com","password":"\#(Self.password)","returnSecureToken":true}"#)
        #expect(signIn.status == 200, "\(signIn.text)")
        let wrong =
            service == "supabase"
            ? await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"pw@example.com","password":"not-it-at-all"}"#)
            : await sut.firebase("accounts:signInWithPassword", json: #"{"email":"pw@example.com","password":"not-it-at-all"}"#)
        #expect(wrong.status == 400)
        for shown in [page, await sut.console("GET", "/console").text, await sut.console("GET", "/console/log").text] {
            #expect(!shown.contains(Self.password))
        }
    }

    @Test(
        """
        Firebase's admin create refuses a password under six characters with WEAK_PASSWORD (firebase-tools\
         src/emulator/auth/operations.ts); nothing is created
        """
    )
    func firebaseWeakPassword() async throws {
        let sut = try await EmulatorHarness.make()
        let refused = try await sut.consolePost(
            "/console/users", [("service", "firebase:\(sut.project)"), ("email", "weak@example.com"), ("password", "abc")])
        #expect(refused.status == 409 && refused.text.contains("WEAK_PASSWORD"), "\(refused.text)")
        #expect(!(await sut.console("GET", "/console").text.contains("weak@example.com")))
        let huge = String(repeating: "x", count: 1025)
        let tooLong = try await sut.consolePost(
            "/console/users", [("service", "supabase"), ("email", "huge@example.com"), ("password", huge)])
        #expect(tooLong.status == 400)
    }

    @Test("the users table says whether each address is confirmed (GoTrue email_confirmed_at; Identity Toolkit emailVerified)")
    func confirmedColumn() async throws {
        let sut = try await EmulatorHarness.make()
        let signUp = await sut.supabase("POST", "signup", json: #"{"email":"waiting@example.com","password":"\#(Self.password)"}"#)
        #expect(signUp.status == 200, "\(signUp.text)")
        _ = try await sut.consolePost("/console/users", [("service", "supabase"), ("email", "made@example.com")])
        let page = await sut.console("GET", "/console").text
        let row = { (email: String) -> Substring? in
            guard let start = page.range(of: "<td>\(email)</td>")?.upperBound else { return nil }
            return page[start...].prefix(20)
        }
        // GoTrue's default GOTRUE_MAILER_AUTOCONFIRM is false: a sign-up waits for its link.
        #expect(try #require(row("waiting@example.com")).hasPrefix("<td>no</td>"))
        #expect(try #require(row("made@example.com")).hasPrefix("<td>yes</td>"))
    }

    @Test(
        """
        Send recovery mail: Supabase mails a recovery code (GoTrue internal/api/recover.go), Firebase a PASSWORD_RESET code\
         (firebase-tools src/emulator/auth/operations.ts sendOobCode) that resetPassword spends
        """,
        arguments: ["supabase", "firebase"])
    func recovery(service: String) async throws {
        let sut = try await EmulatorHarness.make()
        let segment = service == "supabase" ? "supabase" : "firebase:\(sut.project)"
        let created = try await sut.consolePost(
            "/console/users", [("service", segment), ("email", "lost@example.com"), ("password", Self.password)])
        let path = try #require(created.header("Location")?.split(separator: "?").first.map(String.init))
        #expect(await sut.console("GET", path).text.contains("Send recovery mail"))
        let sent = try await sut.consolePost(path + "/recover")
        #expect(sent.status == 303 && sent.header("Location")?.hasSuffix("?done=recover") == true, "\(sent.text)")
        let (_, messages) = await sut.world.services.mailbox.page(to: "lost@example.com", offset: 0, limit: 10)
        let message = try #require(messages.first?.message)
        #expect(message.kind == (service == "supabase" ? "recovery" : "PASSWORD_RESET"))
        if service == "firebase" {
            let reset = await sut.firebase(
                "accounts:resetPassword", json: #"{"oobCode":"\#(message.code)","newPassword":"another-Pw-815"}"#)
            #expect(reset.status == 200, "\(reset.text)")
        } else {
            let verified = await sut.supabase(
                "POST", "verify", json: #"{"type":"recovery","email":"lost@example.com","token":"\#(message.code)"}"#)
            #expect(verified.status == 200, "\(verified.text)")
        }
        #expect(try await sut.consolePost("/console/users/\(segment)/no-such-user/recover").status == 404)
    }
}
