import AuthJWT
import Testing

@Suite("Base64url")
struct Base64URLTests {
    @Test(
        "RFC 4648 vectors, unpadded",
        arguments: [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ])
    func vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test("URL-safe alphabet both ways")
    func urlSafe() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test("non-canonical input is refused", arguments: ["Zg==", "Zm9v+", "Zm9v/", "Z", "Zh", "Zm9 v", "Zm9v\n"])
    func refused(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
