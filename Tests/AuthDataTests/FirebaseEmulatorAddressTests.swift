import AuthData
import AuthDomain
import Testing

/// `host:port` of a Firebase Auth emulator: what forms a URL and what is refused.
@Suite("Firebase emulator address")
struct FirebaseEmulatorAddressTests {
    @Test(
        "host names, IPv4 and bracketed IPv6 addresses with a port",
        arguments: [
            ("127.0.0.1:9099", "http://127.0.0.1:9099"), ("localhost:9099", "http://localhost:9099"),
            ("[::1]:9099", "http://[::1]:9099"), ("auth-emulator.internal:1", "http://auth-emulator.internal:1"),
        ])
    func accepted(address: String, url: String) throws {
        #expect(try FirebaseConfiguration.emulatorBaseURL(address).absoluteString == url)
    }

    @Test(
        "anything else is a typed error, never a crash or a request to another host",
        arguments: [
            "a b:9", "[:9", "a%:9", "a#b:1", "a?b:1", "@:1", "user@host:1", "h:0", "h:65536", "h:99999999999",
            "h:", ":9", "h", "", "http://h:9", "h/x:9", "h:9a", "h:+9", "ä:1", "[::1:9", "[]:9",
        ])
    func refused(address: String) {
        #expect(throws: AuthError.self) { try FirebaseConfiguration.emulatorBaseURL(address) }
    }
}
