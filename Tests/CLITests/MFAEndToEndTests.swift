import AuthTestSupport
import Foundation
import Testing

/// `login mfa` and a sign-in that needs the second factor, on the embedded Supabase engine
/// (GoTrue internal/api/mfa.go: enrol, challenge and verify; a verified factor's removal needs
/// `aal2`; a wrong code is 422 `mfa_verification_failed`).
@Suite("login mfa, end to end")
struct MFAEndToEndTests {
    @Test("enrol, verify, then a sign-in asks for the code: refused without it, a wrong one refused, the right one is aal2")
    func enrolThenSignInWithCode() async throws {
        let sut = try await LoginCLI.make()
        #expect(try await sut.json(["apple", "--email", "ada@example.com", "--name", "Ada Lovelace"])["event"] as? String == "signedIn")

        let enrolled = try await sut.json(["mfa", "enroll", "--name", "iPhone"])
        let factor = try #require(enrolled["factor"] as? [String: Any])
        let factorID = try #require(factor["id"] as? String)
        #expect(factor["status"] as? String == "unverified")
        let uri = try #require(enrolled["uri"] as? String)
        let secret = try #require(enrolled["secret"] as? String)
        #expect(uri.hasPrefix("otpauth://totp/") && uri.contains("secret=\(secret)"))
        let human = try await sut.run(["mfa", "list"])
        #expect(human.status == 0 && human.stdout.contains(factorID) && !human.stdout.contains(secret), "list never shows the secret")

        let first = try await sut.mfaCode(factorID).code
        let verified = try await sut.json(["mfa", "verify", factorID, "--mfa-code", first])
        #expect(verified["event"] as? String == "factorVerified")
        let listed = try await sut.json(["mfa", "list"])
        #expect((listed["factors"] as? [[String: Any]])?.map { $0["status"] as? String } == ["verified"])

        #expect(try await sut.run(["logout"]).status == 0)
        let withoutCode = try await sut.run(["apple", "--email", "ada@example.com", "--json"])
        #expect(withoutCode.status == 2 && withoutCode.stdout.contains("--mfa-code"), "no terminal and no --mfa-code: a usage error")

        let wrongCode = first == "000000" ? "111111" : "000000"
        let wrong = try await sut.run(["apple", "--email", "ada@example.com", "--mfa-code", wrongCode, "--json"])
        #expect(wrong.status == 1 && wrong.stdout.contains("mfa_verification_failed"))
        #expect(!wrong.stdout.contains(secret) && !wrong.stderr.contains(secret))

        let right = try await sut.nextMFACode(factorID, after: first)
        let signedIn = try await sut.json(["apple", "--email", "ada@example.com", "--mfa-code", right])
        #expect(signedIn["event"] as? String == "signedIn")
        let removed = try await sut.json(["mfa", "remove", factorID])
        #expect(removed["event"] as? String == "factorRemoved", "removing a verified factor needs aal2: \(removed)")
        #expect((try await sut.json(["mfa", "list"])["factors"] as? [Any])?.isEmpty == true)
    }

    @Test("a verified factor cannot be removed from an aal1 session; mfa on Firebase lists the Firebase user's factors (none)")
    func refusals() async throws {
        let sut = try await LoginCLI.make()
        _ = try await sut.json(["apple", "--email", "grace@example.com", "--name", "Grace Hopper"])
        let factorID = try #require((try await sut.json(["mfa", "enroll"])["factor"] as? [String: Any])?["id"] as? String)
        let first = try await sut.mfaCode(factorID).code
        #expect(try await sut.json(["mfa", "verify", factorID, "--mfa-code", first])["event"] as? String == "factorVerified")
        #expect(try await sut.run(["logout"]).status == 0)
        let aal1 = try await sut.run(["apple", "--email", "grace@example.com"])
        #expect(aal1.status == 2, "signed in at aal1 only, the code not given")
        let refused = try await sut.json(["mfa", "remove", factorID])
        #expect(Reply.errorCode(refused) == "insufficient_aal")

        _ = try await sut.json(["apple", "--email", "grace@example.com", "--backend", "firebase"])
        let firebase = try await sut.json(["mfa", "list", "--backend", "firebase"])
        #expect((firebase["factors"] as? [Any])?.isEmpty == true, "Identity Toolkit's lookup lists no mfaInfo: \(firebase)")
    }

    @Test("on a terminal the sign-in asks for the code without echo, again after a wrong one; mfa code answers meanwhile")
    func promptOnATerminal() async throws {
        let sut = try await LoginCLI.make()
        _ = try await sut.json(["apple", "--email", "alan@example.com", "--name", "Alan Turing"])
        let factorID = try #require(
            (try await sut.json(["mfa", "enroll", "--name", "Pixel"])["factor"] as? [String: Any])?["id"] as? String)
        let first = try await sut.mfaCode(factorID).code
        #expect(try await sut.json(["mfa", "verify", factorID, "--mfa-code", first])["event"] as? String == "factorVerified")
        #expect(try await sut.run(["logout"]).status == 0)

        let apple = try RunningCommand(sut.runner, ["apple", "--email", "alan@example.com", "--state-dir", sut.state.path], terminal: true)
        #expect(await apple.waitFor("Code from your authenticator app for Pixel", timeout: 20) != nil, "\(apple.stdout)")
        apple.send("000000\n")
        #expect(await apple.waitFor("That code was not accepted", timeout: 20) != nil, "\(apple.stdout)")
        let right = try await sut.nextMFACode(factorID, after: first)
        apple.send(right + "\n")
        #expect(await apple.waitForExit(timeout: 20) == 0, "\(apple.stdout)")
        #expect(apple.stdout.contains("Signed in with Apple"))
        #expect(!apple.stdout.contains(right) && !apple.stdout.contains("000000"), "the typed codes are not echoed")
    }
}
