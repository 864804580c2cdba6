import ArgumentParser
import Testing

@testable import login

/// `login serve --firebase-passkey-rp-id` and `--firebase-passkey-origin`: Identity Platform's
/// `PasskeyConfig` (`rpId`, `expectedOrigins`) for the served Firebase projects.
@Suite("login serve: the Firebase passkey config")
struct ServeFirebasePasskeyParsingTests {
    private func serve(_ arguments: [String]) throws -> ServeCommand {
        try #require(try Login.parseAsRoot(["serve"] + arguments) as? ServeCommand)
    }

    @Test("RP ID localhost and no origins by default; origins repeat; an origin without a host is refused")
    func passkeyConfig() throws {
        #expect(try serve([]).firebasePasskeyRpId == "localhost")
        #expect(try serve([]).firebasePasskeyOrigin.isEmpty)
        let given = try serve([
            "--firebase-passkey-rp-id", "example.com", "--firebase-passkey-origin", "https://example.com",
            "--firebase-passkey-origin", "http://localhost:3000",
        ])
        #expect(given.firebasePasskeyRpId == "example.com")
        #expect(given.firebasePasskeyOrigin == ["https://example.com", "http://localhost:3000"])
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--firebase-passkey-origin", "localhost"]) }
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--firebase-passkey-rp-id", ""]) }
    }
}
