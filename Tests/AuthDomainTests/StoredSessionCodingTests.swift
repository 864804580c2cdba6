import AuthDomain
import Foundation
import Testing

/// The stored session keeps each provider's subject under a neutral name, and still reads what
/// earlier versions wrote (`appleUserID`).
@Suite("Stored session coding")
struct StoredSessionCodingTests {
    private static let session = """
        "session":{"accessToken":"a","refreshToken":"r","expiresAt":1767229200,"userID":"u1"},\
        "user":{"id":"u1","email":"ada@example.com","isEmailVerified":true,"isPrivateRelayEmail":false,"isAnonymous":false,"providers":\
        ["apple"]}
        """

    @Test("a session written with appleUserID reads it as the Apple subject")
    func legacyAppleUserID() throws {
        let json = "{\(Self.session),\"provider\":\"apple\",\"appleUserID\":\"001234.abc\"}"
        let stored = try JSONDecoder().decode(StoredSession.self, from: Data(json.utf8))
        #expect(stored.providerSubjects == [.apple: "001234.abc"])
        #expect(stored.provider == .apple)
    }

    @Test("subjects round-trip as an object keyed by provider id")
    func roundTrip() throws {
        let json = "{\(Self.session),\"providerSubjects\":{\"apple\":\"001234.abc\",\"google\":\"1087\"}}"
        let stored = try JSONDecoder().decode(StoredSession.self, from: Data(json.utf8))
        #expect(stored.providerSubjects == [.apple: "001234.abc", .google: "1087"])
        let again = try JSONDecoder().decode(StoredSession.self, from: try JSONEncoder().encode(stored))
        #expect(again == stored)
        let written = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
        #expect(written.contains("\"providerSubjects\"") && !written.contains("appleUserID"))
    }

    @Test("a session without subjects has none")
    func none() throws {
        let stored = try JSONDecoder().decode(StoredSession.self, from: Data("{\(Self.session)}".utf8))
        #expect(stored.providerSubjects.isEmpty)
    }
}
