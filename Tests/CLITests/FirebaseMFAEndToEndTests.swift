import AuthTestSupport
import Foundation
import Testing

/// `login mfa` on the embedded Firebase engine, each step a process of its own on one state
/// directory (Google's reference for `accounts.mfaEnrollment` and `accounts.mfaSignIn`; the checks
/// of firebase-tools `src/emulator/auth/operations.ts` `mfaEnrollmentStart`,
/// `mfaEnrollmentFinalize`, `mfaEnrollmentWithdraw`, `mfaSignInFinalize`): the enrolment that
/// `:start` opens is kept in the state database until `:finalize`, so `enroll` and `verify` may be
/// two commands.
@Suite("login mfa on Firebase, end to end", .timeLimit(.minutes(5)))
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

        let served = try await sut.mfaCode(pendingID, firebase).code
        #expect(try AppCodes.window(secret).contains(served), "mfa code reads the waiting enrolment from the state database")
        let wrong = String(format: "%06d", (Int(served)! + 500_000) % 1_000_000)
        let refused = try await sut.json(["mfa", "verify", pendingID, "--mfa-code", wrong] + firebase)
        #expect(Reply.errorCode(refused) == "INVALID_CODE", "the enrolment stays open after a wrong code: \(refused)")
        let verified = try await sut.verifyFactor(pendingID, firebase) { try AppCodes.now(secret) }
        let verifiedStep = AppCodes.step
        #expect(verified["event"] as? String == "factorVerified", "a second process finalizes the first one's enrolment: \(verified)")
        let again = try await sut.json(["mfa", "verify", pendingID, "--mfa-code", try AppCodes.now(secret)] + firebase)
        #expect(Reply.errorCode(again) == "INVALID_SESSION_INFO", "an enrolment is finalized once")

        let listed = try #require(try await sut.json(["mfa", "list"] + firebase)["factors"] as? [[String: Any]])
        #expect(listed.count == 1 && listed.first?["status"] as? String == "verified")
        let factorID = try #require(listed.first?["id"] as? String)
        #expect(factorID != pendingID, "the enrolled factor has its mfaEnrollmentId")

        #expect(try await sut.run(["logout"] + firebase).status == 0)
        let withoutCode = try await sut.run(["apple", "--email", "ada@example.com", "--json"] + firebase)
        #expect(withoutCode.status == 2 && withoutCode.stdout.contains("--mfa-code"), "no terminal and no --mfa-code: a usage error")
        let wrongSignIn = try await sut.run(["apple", "--email", "ada@example.com", "--mfa-code", wrong, "--json"] + firebase)
        #expect(wrongSignIn.status == 1 && wrongSignIn.stdout.contains("INVALID_CODE"), "\(wrongSignIn.stdout)")
        #expect(![wrongSignIn.stdout, wrongSignIn.stderr, withoutCode.stdout, withoutCode.stderr].contains { $0.contains(secret) })

        // A code is accepted once: the sign-in takes a code of a later step than the enrolment's.
        while AppCodes.step <= verifiedStep + 1 { try await Task.sleep(for: .seconds(1)) }
        var signedIn: [String: Any] = [:]
        for _ in 0..<3 where signedIn["event"] as? String != "signedIn" {
            signedIn = try await sut.json(["apple", "--email", "ada@example.com", "--mfa-code", try AppCodes.now(secret)] + firebase)
        }
        #expect(signedIn["event"] as? String == "signedIn", "\(signedIn)")

        #expect(try await sut.json(["mfa", "remove", factorID] + firebase)["event"] as? String == "factorRemoved")
        #expect((try await sut.json(["mfa", "list"] + firebase)["factors"] as? [Any])?.isEmpty == true)
        #expect(try await sut.run(["logout"] + firebase).status == 0)
        let plain = try await sut.json(["apple", "--email", "ada@example.com"] + firebase)
        #expect(plain["event"] as? String == "signedIn", "without a factor the sign-in needs no code: \(plain)")
    }
}
