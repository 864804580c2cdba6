import AuthDomain
import AuthSimulation
import AuthWebAuthn
import Foundation
import Testing

/// The software authenticator's key file (`login`'s `passkeys.json`): mode 0600, shared by the
/// processes that open it one after another, the counter kept, and anything malformed or open to
/// others refused rather than repaired. The private key never appears in an error.
@Suite("File passkey key store")
struct FilePasskeyKeyStoreTests {
    private static func makeURL() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory.appendingPathComponent("passkeys.json")
    }

    private static func mode(_ url: URL) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    private static let options = PasskeyCreationOptions(
        challenge: Data(repeating: 3, count: 32), relyingPartyID: "localhost", relyingPartyName: "Test", userHandle: Data("user-1".utf8),
        userName: "ada@example.com", excludedCredentialIDs: [])

    @Test("a passkey made through one store signs through another over the same file; the counter grows; mode 0600")
    func sharedAcrossInstances() async throws {
        let url = try Self.makeURL()
        let first = SoftwarePasskeyAuthenticator(
            store: FilePasskeyKeyStore(fileURL: url), origin: nil, attestation: .none, options: .standard)
        let created = try await first.createPasskey(Self.options)
        #expect(try Self.mode(url) == 0o600)

        let second = FilePasskeyKeyStore(fileURL: url)
        let authenticator = SoftwarePasskeyAuthenticator(store: second, origin: nil, attestation: .none, options: .standard)
        let request = PasskeyRequestOptions(challenge: Data(repeating: 4, count: 32), relyingPartyID: "localhost")
        let assertion = try await authenticator.assertPasskey(request)
        #expect(assertion.credentialID == created.credentialID && assertion.userHandle == Data("user-1".utf8))
        #expect(String(decoding: assertion.clientDataJSON, as: UTF8.self).contains("\"origin\":\"https://localhost\""))
        let counts = try await second.all().map(\.signCount)
        #expect(counts == [2], "1 at registration, 2 after one assertion")
        #expect(try Self.mode(url) == 0o600)
    }

    @Test("another RP ID's passkeys do not answer: the sign-in reads as cancelled")
    func otherRelyingParty() async throws {
        let url = try Self.makeURL()
        let store = FilePasskeyKeyStore(fileURL: url)
        let authenticator = SoftwarePasskeyAuthenticator(store: store, origin: nil, attestation: .none, options: .standard)
        _ = try await authenticator.createPasskey(Self.options)
        await #expect(throws: AuthError.cancelled) {
            let request = PasskeyRequestOptions(challenge: Data(repeating: 4, count: 32), relyingPartyID: "example.com")
            return try await authenticator.assertPasskey(request)
        }
    }

    @Test("a file others can read is refused with the chmod that fixes it, and its key is not in the message")
    func refusesOpenFile() async throws {
        let url = try Self.makeURL()
        let store = FilePasskeyKeyStore(fileURL: url)
        let key = Array(repeating: UInt8(0x5A), count: 32)
        try await store.save(StoredPasskey(credentialID: [1, 2], rpID: "localhost", userHandle: [3], privateKey: key, signCount: 0))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        do {
            _ = try await store.passkeys(rpID: "localhost")
            Issue.record("a mode 0644 key file was read")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("chmod 600"))
            #expect(!text.contains("WlpaWlpa"), "no part of the key's base64url")
        }
    }

    @Test(
        "a malformed file is refused, never rewritten",
        arguments: [
            "not json", #"{"version":2,"passkeys":[]}"#,
            #"{"version":1,"passkeys":[{"credential_id":"AQ","rp_id":"localhost","user_handle":"","private_key":"AQ","sign_count":0}]}"#,
        ])
    func refusesMalformed(content: String) async throws {
        let url = try Self.makeURL()
        try Data(content.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        let store = FilePasskeyKeyStore(fileURL: url)
        await #expect(throws: FilePasskeyKeyStore.Failure.self) { try await store.passkeys(rpID: "localhost") }
        await #expect(throws: FilePasskeyKeyStore.Failure.self) {
            let key = [UInt8](repeating: 1, count: 32)
            try await store.save(StoredPasskey(credentialID: [1], rpID: "localhost", userHandle: [], privateKey: key, signCount: 0))
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == content)
    }
}
