import AuthTestSupport
import Foundation
import Testing

/// `login mfa` on the embedded Firebase engine, each step a process of its own on one state
/// directory (Google's reference for `accounts.mfaEnrollment` and `accounts.mfaSignIn`; the checks
/// of firebase-tools `src/emulator/auth/operations.ts` `mfaEnrollmentStart`,
/// `mfaEnrollmentFinalize`, `mfaEnrollmentWithdraw`, `mfaSignInFinalize`): the enrolment that
/// `:start` opens is kept in the state database until `:finalize`, so `enroll` and `verify` may be
/// two commands.
@Suite("login mfa on Firebase, end to end")
struct FirebaseMFAEndToEndTests {
    private let firebase = ["--backend", "firebase"]

    @Test("enroll then verify in another process, list, a sign-in that needs the code (refused without it, a wrong one refused), remove")
    func enrolVerifySignInRemove() async throws {
        let sut = try await LoginCLI.make()
        let apple = try await sut.json(["apple", "--email", "ada@example.com", "--name", "Ada Lovelace"] + firebase)
        #expect(apple["event"] as? String == "signedIn")

        let enrolled = try await sut.json(["mfa", "enroll", "--name", "iPhone"] + firebase)
        let pendingID = try #require((enrolled["factor"] as? [String: Any])?["id"] as? String, "\(enrolled)")
        let secret = try #require(enrolled["secret"] as? String)
        #expect((enrolled["uri"] as? String)?.hasPrefix("otpauth://totp/") == true)

        let first = try await sut.mfaCode(pendingID, firebase).code
        let wrongFirst = first == "000000" ? "111111" : "000000"
        let refused = try await sut.json(["mfa", "verify", pendingID, "--mfa-code", wrongFirst] + firebase)
        #expect(Reply.errorCode(refused) == "INVALID_CODE", "the enrolment stays open after a wrong code: \(refused)")
        let verified = try await sut.json(["mfa", "verify", pendingID, "--mfa-code", first] + firebase)
        #expect(verified["event"] as? String == "factorVerified", "a second process finalizes the first one's enrolment: \(verified)")
        let again = try await sut.json(["mfa", "verify", pendingID, "--mfa-code", first] + firebase)
        #expect(Reply.errorCode(again) == "INVALID_SESSION_INFO", "an enrolment is finalized once")

        let listed = try #require(try await sut.json(["mfa", "list"] + firebase)["factors"] as? [[String: Any]])
        #expect(listed.count == 1 && listed.first?["status"] as? String == "verified")
        let factorID = try #require(listed.first?["id"] as? String)
        #expect(factorID != pendingID, "the enrolled factor has its mfaEnrollmentId")

        // A pending Firebase sign-in keeps no session, so `mfa code` needs one: the next step's code
        // is read before signing out (it stays valid for a step either side).
        let right = try await sut.nextMFACode(factorID, after: first, firebase)
        #expect(try await sut.run(["logout"] + firebase).status == 0)
        let withoutCode = try await sut.run(["apple", "--email", "ada@example.com", "--json"] + firebase)
        #expect(withoutCode.status == 2 && withoutCode.stdout.contains("--mfa-code"), "no terminal and no --mfa-code: a usage error")
        let wrong = try await sut.run(["apple", "--email", "ada@example.com", "--mfa-code", wrongFirst, "--json"] + firebase)
        #expect(wrong.status == 1 && wrong.stdout.contains("INVALID_CODE"), "\(wrong.stdout)")
        #expect(![wrong.stdout, wrong.stderr, withoutCode.stdout, withoutCode.stderr].contains { $0.contains(secret) })

        let signedIn = try await sut.json(["apple", "--email", "ada@example.com", "--mfa-code", right] + firebase)
        #expect(signedIn["event"] as? String == "signedIn", "\(signedIn)")

        #expect(try await sut.json(["mfa", "remove", factorID] + firebase)["event"] as? String == "factorRemoved")
        #expect((try await sut.json(["mfa", "list"] + firebase)["factors"] as? [Any])?.isEmpty == true)
        #expect(try await sut.run(["logout"] + firebase).status == 0)
        let plain = try await sut.json(["apple", "--email", "ada@example.com"] + firebase)
        #expect(plain["event"] as? String == "signedIn", "without a factor the sign-in needs no code: \(plain)")
    }
}
