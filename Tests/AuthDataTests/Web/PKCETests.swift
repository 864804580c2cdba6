import AuthDomain
import Testing

@testable import AuthData

/// PKCE S256 (RFC 7636).
@Suite("PKCE")
struct PKCETests {
    @Test("RFC 7636 appendix B: the example verifier gives the example challenge")
    func appendixB() {
        let pkce = PKCE(verifier: Secret("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
    }

    @Test("a fresh verifier is 43 characters of base64url (RFC 7636 §4.1: 32 octets), and each is new")
    func fresh() {
        let verifiers = (0..<50).map { _ in PKCE.make(source: .live).verifier.revealed }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for verifier in verifiers {
            #expect(verifier.count == 43)
            #expect(verifier.allSatisfy(allowed.contains))
        }
        #expect(Set(verifiers).count == verifiers.count)
    }

    @Test("the verifier is a secret: it never prints whole")
    func redacted() {
        let pkce = PKCE.make(source: .live)
        #expect(!"\(pkce.verifier)".contains(pkce.verifier.revealed))
    }
}
