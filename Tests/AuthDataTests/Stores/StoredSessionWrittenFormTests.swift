import AuthDomain
import Foundation
import Testing

@testable import AuthData

/// The session file's own form is read with the strict JSON parser; anything else goes to
/// `JSONDecoder` as before. Each case compares the two readings of the same bytes.
@Suite("Stored session: the written form without JSONDecoder")
struct StoredSessionWrittenFormTests {
    /// The envelope as `JSONEncoder` and `JSONDecoder` see it.
    private struct Envelope: Codable {
        var version: Int
        var stored: StoredSession
    }

    private static func session(
        expiresAt: Date = Date(timeIntervalSinceReferenceDate: 817_401_202), level: AssuranceLevel? = nil,
        email: String? = "ada@example.com", name: String? = "Ada Lovelace", provider: ProviderID? = .apple,
        subjects: [ProviderID: String] = [.apple: "001234.abc"]
    ) -> StoredSession {
        var session = AuthSession(
            accessToken: "eyJ.a/b\\c\"d", refreshToken: "r\u{1}é😀", expiresAt: expiresAt, userID: "u1")
        session.assuranceLevel = level
        let user = AuthUser(
            id: "u1", email: email, displayName: name, isEmailVerified: true, isAnonymous: false, providers: [.apple, .google])
        return StoredSession(session: session, user: user, provider: provider, providerSubjects: subjects)
    }

    private static let sessions: [StoredSession] = [
        session(),
        session(expiresAt: Date(timeIntervalSinceReferenceDate: 817_401_202.123_456), level: .aal2),
        session(expiresAt: Date(timeIntervalSinceReferenceDate: -1.5), email: nil, name: nil, provider: nil, subjects: [:]),
        session(expiresAt: Date(timeIntervalSinceReferenceDate: 1e15)),
        session(expiresAt: Date(timeIntervalSinceReferenceDate: 1e300)),
        session(expiresAt: Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude)),
        session(expiresAt: Date(timeIntervalSinceReferenceDate: 0.1 + 0.2), name: "a/b\u{8}\u{C}\u{7F}\u{2028}"),
        session(email: "x@privaterelay.appleid.com", subjects: [.apple: "a", .google: "g", ProviderID(rawValue: "custom:x"): "c"]),
    ]

    @Test("what encode writes reads back the same as JSONDecoder reads it, without JSONDecoder", arguments: sessions)
    func writtenForm(session: StoredSession) throws {
        let bytes = try StoredSessionCoding.encode(session)
        let written = try #require(StoredSessionCoding.decodeWritten(Array(bytes)))
        let decoded = try JSONDecoder().decode(Envelope.self, from: bytes)
        #expect(written.version == decoded.version)
        #expect(written.stored == decoded.stored)
        #expect(written.stored == session)
        #expect(try StoredSessionCoding.decode(bytes).get() == session)
    }

    @Test("what encode writes without JSONEncoder reads as what JSONEncoder writes", arguments: sessions)
    func writtenWithoutJSONEncoder(session: StoredSession) throws {
        let written = try #require(StoredSessionCoding.encodeWritten(session))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let fromEncoder = try encoder.encode(Envelope(version: 1, stored: session))
        let ours = try JSONDecoder().decode(Envelope.self, from: Data(written))
        let theirs = try JSONDecoder().decode(Envelope.self, from: fromEncoder)
        #expect(ours.version == theirs.version)
        #expect(ours.stored == theirs.stored)
        #expect(try StoredSessionCoding.encode(session) == Data(written))
    }

    @Test("equal sessions give equal bytes, whatever order the subjects were added in")
    func equalBytes() throws {
        var first = Self.session(subjects: [:])
        var second = first
        for (provider, subject) in [(ProviderID.apple, "a"), (.google, "g"), (ProviderID(rawValue: "custom:x"), "c")] {
            first.providerSubjects[provider] = subject
        }
        for (provider, subject) in [(ProviderID(rawValue: "custom:x"), "c"), (.google, "g"), (ProviderID.apple, "a")] {
            second.providerSubjects[provider] = subject
        }
        #expect(try StoredSessionCoding.encode(first) == StoredSessionCoding.encode(second))
    }

    @Test("a session outside the written form is written by JSONEncoder, as before")
    func outsideTheForm() throws {
        var tokens = Self.session()
        tokens.session.providerTokens = ProviderTokens(accessToken: "pa", refreshToken: nil)
        var photo = Self.session()
        photo.user.photoURL = URL(string: "https://example.com/a.png")
        for session in [tokens, photo] {
            #expect(StoredSessionCoding.encodeWritten(session) == nil)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            #expect(try StoredSessionCoding.encode(session) == encoder.encode(Envelope(version: 1, stored: session)))
            #expect(try StoredSessionCoding.decode(StoredSessionCoding.encode(session)).get() == session)
        }
        let endless = Self.session(expiresAt: Date(timeIntervalSinceReferenceDate: .infinity))
        #expect(StoredSessionCoding.encodeWritten(endless) == nil)
        #expect(throws: EncodingError.self) { try StoredSessionCoding.encode(endless) }
    }

    @Test("an earlier version's appleUserID reads as the Apple subject, as JSONDecoder reads it")
    func legacySubject() throws {
        let json = """
            {"version":1,"stored":{"session":{"accessToken":"a","refreshToken":"r","expiresAt":1767229200,"userID":"u1"},\
            "user":{"id":"u1","isEmailVerified":false,"isPrivateRelayEmail":false,"isAnonymous":true,"providers":[]},\
            "provider":"apple","appleUserID":"001234.abc"}}
            """
        let written = try #require(StoredSessionCoding.decodeWritten(Array(json.utf8)))
        #expect(written.stored == (try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))).stored)
        #expect(written.stored.providerSubjects == [.apple: "001234.abc"])
    }

    /// Valid JSON that is not exactly the written form, or not JSON at all: `decodeWritten` leaves
    /// it to `JSONDecoder`, so the result (a session or a refusal) is `JSONDecoder`'s.
    @Test(
        "anything but the written form is left to JSONDecoder",
        arguments: [
            #"{"version":1,"stored":{"session":{"accessToken":"a","refreshToken":"r","expiresAt":1,"userID":"u"},"#
                + #""user":{"id":"u","email":null,"isEmailVerified":true,"isPrivateRelayEmail":false,"#
                + #""isAnonymous":false,"providers":[]}}}"#,
            #"{"version":1,"stored":{"session":{"accessToken":"a","refreshToken":"r","expiresAt":1,"userID":"u","extra":1},"#
                + #""user":{"id":"u","isEmailVerified":true,"isPrivateRelayEmail":false,"isAnonymous":false,"providers":[]}}}"#,
            #"{"version":1.0,"stored":{}}"#,
            #"{"version":1,"stored":{"session":{"accessToken":"a","refreshToken":"r","expiresAt":"1","userID":"u"}}}"#,
            #"{"version":1,"version":2}"#,
            "{\"version\":1,\"stored\":{\"session\":{\"accessToken\":\"\\ud800\"}}}",
            "not json",
            "",
        ])
    func leftToJSONDecoder(json: String) throws {
        #expect(StoredSessionCoding.decodeWritten(Array(json.utf8)) == nil)
        let expected = try? JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
        let result = try? StoredSessionCoding.decode(Data(json.utf8)).get()
        #expect(result == expected?.stored)
    }

    @Test("a newer envelope is refused as before")
    func newerVersion() throws {
        var bytes = try String(decoding: StoredSessionCoding.encode(Self.session()), as: UTF8.self)
        bytes = bytes.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        guard case .failure(.unknownVersion(2)) = StoredSessionCoding.decode(Data(bytes.utf8)) else {
            Issue.record("expected unknownVersion(2)")
            return
        }
    }
}
