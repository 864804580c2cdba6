import AuthTestSupport
import Foundation
import Testing

/// `login mfa code` against a running `login serve`: the code comes from the emulator's
/// `GET /mfa/codes/{backend}` with the session's own token, so no secret is ever on a command line
/// (GoTrue internal/api/mfa.go enrol, challenge and verify; Identity Toolkit's
/// `accounts.mfaEnrollment`, as firebase-tools `src/emulator/auth/operations.ts` checks it).
@Suite("login mfa code against login serve, end to end", .timeLimit(.minutes(5)))
struct MFACodeServeEndToEndTests {
    @Test("Supabase, with --supabase-url and --idp-url: the served code of an unverified factor verifies it; signed out, no code")
    func supabaseRemote() async throws {
        let sut = try await LoginCLI.make()
        let (server, _) = try await sut.serve()
        let remote = server.remote("supabase")
        _ = try await sut.json(["apple", "--email", "ada@example.com", "--name", "Ada Lovelace"] + remote)
        let enrolled = try await sut.json(["mfa", "enroll", "--name", "iPhone"] + remote)
        let factorID = try #require((enrolled["factor"] as? [String: Any])?["id"] as? String, "\(enrolled)")
        let secret = try #require(enrolled["secret"] as? String)

        let first = try await sut.mfaCode(factorID, remote).code
        #expect(try AppCodes.window(secret).contains(first), "the served code is the secret's")
        let verified = try await sut.verifyFactor(factorID, remote) { try await sut.mfaCode(factorID, remote).code }
        #expect(verified["event"] as? String == "factorVerified", "\(verified)")
        let human = try await sut.run(["mfa", "code"] + remote)
        #expect(human.status == 0 && !human.stdout.contains(secret) && !human.stderr.contains(secret), "the secret is not printed")
        let loopbackDefault = try await sut.json(["mfa", "code"] + Array(remote.prefix(4)))
        #expect(
            loopbackDefault["factorId"] as? String == factorID,
            "a loopback --supabase-url is the emulator by default: \(loopbackDefault)")

        #expect(try await sut.run(["logout"] + remote).status == 0)
        let signedOut = try await sut.run(["mfa", "code", "--json"] + remote)
        #expect(signedOut.status != 0, "no session, no code")
        #expect(await server.stop() == 0)
    }

    @Test("Firebase, on the state directory login serve holds: enroll, the waiting enrolment's code, verify, the enrolled factor's code")
    func firebaseServedDirectory() async throws {
        let sut = try await LoginCLI.make()
        let (server, _) = try await sut.serve(sharingState: true)
        let firebase = ["--backend", "firebase"]
        _ = try await sut.json(["apple", "--email", "grace@example.com", "--name", "Grace Hopper"] + firebase)
        let enrolled = try await sut.json(["mfa", "enroll"] + firebase)
        let pendingID = try #require((enrolled["factor"] as? [String: Any])?["id"] as? String, "\(enrolled)")
        let verified = try await sut.verifyFactor(pendingID, firebase) { try await sut.mfaCode(pendingID, firebase).code }
        #expect(verified["event"] as? String == "factorVerified", "\(verified)")
        let listed = try await sut.json(["mfa", "list"] + firebase)
        let factorID = try #require((listed["factors"] as? [[String: Any]])?.first?["id"] as? String)
        let current = try await sut.json(["mfa", "code"] + firebase)
        #expect(current["factorId"] as? String == factorID && (current["code"] as? String)?.count == 6, "\(current)")
        #expect(await server.stop() == 0)
    }
}
