import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// Passwords imported with `accounts:batchCreate` and then used at `accounts:signInWithPassword`,
/// as Google's service checks them (Identity Platform `projects.accounts.batchCreate`;
/// firebase-admin-python `_user_import.py` sends the bytes URL-safe base64). Google's emulator
/// keeps imported hashes without checking them (firebase-tools `src/emulator/auth/operations.ts`
/// `batchCreate`).
@Suite("Emulator: Firebase imported password hashes")
struct FirebaseImportedPasswordRouteTests {
    private static let owner = ["authorization": "Bearer owner"]

    private func batchCreate(_ sut: EmulatorHarness, _ json: String) async -> EmulatorResponse {
        await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/accounts:batchCreate", json: json, headers: Self.owner)
    }

    private func signIn(_ sut: EmulatorHarness, _ email: String, _ password: String) async -> EmulatorResponse {
        await sut.firebase("accounts:signInWithPassword", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    }

    @Test("Firebase scrypt: the firebase/scrypt README sample signs in with its password only")
    func scryptSample() async throws {
        let sut = try await EmulatorHarness.make()
        let response = await batchCreate(
            sut,
            """
            {"users":[{"localId":"s-1","email":"scrypt@example.com","salt":"42xEC+ixf3L2lw==",
              "passwordHash":"lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=="}],
             "hashAlgorithm":"SCRYPT","rounds":8,"memoryCost":14,"saltSeparator":"Bw==",
             "signerKey":"jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="}
            """)
        #expect(response.status == 200 && response.object["error"]?.arrayValue?.isEmpty == true)
        let session = await signIn(sut, "scrypt@example.com", "user1password")
        #expect(session.status == 200 && session.object["localId"] == .string("s-1"))
        #expect(await signIn(sut, "scrypt@example.com", "user2password").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test("BCRYPT (an Openwall vector), HMAC_SHA256 in URL-safe base64, and rawPassword sign in")
    func otherAlgorithms() async throws {
        let sut = try await EmulatorHarness.make()
        let bcrypt = await batchCreate(
            sut,
            """
            {"users":[{"localId":"b-1","email":"bcrypt@example.com",
              "passwordHash":"JDJhJDA1JENDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQy5FNVlQTzlrbXl1Ukd5aDBYb3VRWWI0WU1KS3Z5T2VX"},
              {"localId":"r-1","email":"raw@example.com","rawPassword":"plain-secret"}],"hashAlgorithm":"BCRYPT"}
            """)
        #expect(bcrypt.object["error"]?.arrayValue?.isEmpty == true)
        #expect(await signIn(sut, "bcrypt@example.com", "U*U").status == 200)
        #expect(await signIn(sut, "raw@example.com", "plain-secret").status == 200)
        let hmac = await batchCreate(
            sut,
            """
            {"users":[{"localId":"h-1","email":"hmac@example.com","salt":"TmFDbC1zYWx0",
              "passwordHash":"YGS2kAP5egrq0Jxewriy_G4uhjwVoLTn8z6Dcd7IO3c="}],"hashAlgorithm":"HMAC_SHA256","signerKey":"c2VjcmV0LWtleQ=="}
            """)
        #expect(hmac.object["error"]?.arrayValue?.isEmpty == true)
        #expect(await signIn(sut, "hmac@example.com", "user1password").status == 200)
        #expect(await signIn(sut, "hmac@example.com", "user1passwore").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test("a hash without a usable algorithm is refused, with the field named; a bad bcrypt row alone")
    func refusals() async throws {
        let sut = try await EmulatorHarness.make()
        let row = #"{"localId":"x-1","email":"x@example.com","passwordHash":"aGFzaA=="}"#
        #expect(await batchCreate(sut, #"{"users":[\#(row)]}"#).firebaseMessage?.hasPrefix("INVALID_ARGUMENT") == true)
        #expect(
            await batchCreate(sut, #"{"users":[\#(row)],"hashAlgorithm":"ARGON2"}"#).firebaseMessage?.hasPrefix("INVALID_ARGUMENT") == true)
        #expect(
            await batchCreate(sut, #"{"users":[\#(row)],"hashAlgorithm":"SCRYPT","rounds":9,"memoryCost":14,"signerKey":"a2V5"}"#)
                .firebaseMessage?.hasPrefix("INVALID_ARGUMENT") == true)
        #expect(
            await batchCreate(sut, #"{"users":[\#(row)],"hashAlgorithm":"HMAC_SHA1"}"#).firebaseMessage?.hasPrefix("INVALID_ARGUMENT")
                == true)
        let bcrypt = await batchCreate(sut, #"{"users":[\#(row)],"hashAlgorithm":"BCRYPT"}"#)
        #expect(bcrypt.object["error"]?.arrayValue?.first?.objectValue?["message"] == .string("passwordHash is not a bcrypt hash"))
    }
}
