import AuthData
import Foundation
import Testing

/// `isNewUser` against answers in GoTrue's shapes (see ``GoTrueAnswers``), not only the
/// emulator's: GoTrue stamps `created_at`, `email_confirmed_at` and `last_sign_in_at` at
/// different instants of one request (models/user.go `Confirm`, tokens/service.go
/// `IssueRefreshToken`), so comparing them as strings called every new user returning.
@Suite("Supabase: new or returning, from GoTrue's answers")
struct SupabaseNewUserRuleTests {
    private func user(_ json: String) throws -> SupabaseUserPayload {
        try JSONDecoder().decode(SupabaseSessionPayload.self, from: Data(json.utf8)).user
    }

    @Test("an Apple sign-up (api/external.go CreateAccount) is new although its timestamps all differ")
    func appleSignUp() throws {
        let signUp = try user(GoTrueAnswers.appleSignUp)
        #expect(signUp.lastSignInAt != signUp.emailConfirmedAt && signUp.emailConfirmedAt != signUp.createdAt)
        #expect(SupabaseNewUserRule.isNewUser(signUp, flow: .idToken))
    }

    @Test("a returning Apple user is returning, even 300 ms after signing up (confirmed_at comes from the database)")
    func appleReturning() throws {
        #expect(!SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.appleReturningAtOnce), flow: .idToken))
        #expect(!SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.appleReturningNextDay), flow: .idToken))
    }

    @Test("an identity linked by email to an existing account (models/linking.go LinkAccount) is not a new user")
    func linkedByEmail() throws {
        #expect(!SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.googleLinkedByEmail), flow: .idToken))
    }

    @Test("an anonymous sign-up (api/anonymous.go) is new")
    func anonymous() throws {
        #expect(SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.anonymousSignUp), flow: .anonymous))
    }

    @Test("an email code typed minutes after it was requested is new: the email was confirmed by this request (api/verify.go signupVerify)")
    func emailCodeSignUp() throws {
        let signUp = try user(GoTrueAnswers.emailCodeSignUp)
        #expect(signUp.lastSignInAt != signUp.createdAt)
        #expect(SupabaseNewUserRule.isNewUser(signUp, flow: .emailCode))
    }

    @Test("an email code sent after the first confirmation is a returning user's (api/magic_link.go sends the recovery token)")
    func emailCodeReturning() throws {
        #expect(!SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.emailCodeReturningSoon), flow: .emailCode))
    }

    @Test("a browser sign-up (api/external.go CreateAccount, then grant_type=pkce) is new")
    func browserSignUp() throws {
        #expect(SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.googleBrowserSignUp), flow: .pkce(provider: "google")))
    }

    @Test("a second browser sign-in soon after the first is returning: the callback rewrote the identity (api/external.go AccountExists)")
    func browserReturningSoon() throws {
        #expect(!SupabaseNewUserRule.isNewUser(try user(GoTrueAnswers.googleBrowserReturningSoon), flow: .pkce(provider: "google")))
    }

    @Test("timestamps parse with 0 to 9 fractional digits, Z or an offset; anything else is nil")
    func timestamps() {
        #expect(SupabaseTimestamp.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(SupabaseTimestamp.seconds("1970-01-01T00:00:01.5Z") == 1.5)
        #expect(SupabaseTimestamp.seconds("1970-01-01T02:00:00+02:00") == 0)
        #expect(SupabaseTimestamp.seconds("2026-11-22T20:40:01.514210317Z").map { abs($0 - 1_795_380_001.514210317) < 1e-5 } == true)
        for bad in ["", "2026-11-22", "2026-11-22T20:40:01", "2026-13-01T00:00:00Z", "2026-11-22T20:40:01.Z", "2026-11-22T20:40:01Zjunk"] {
            #expect(SupabaseTimestamp.seconds(bad) == nil, "\(bad)")
        }
    }
}
