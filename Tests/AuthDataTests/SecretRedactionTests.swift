import AuthDomain
import Foundation
import Testing

@Suite("Secrets never print whole")
struct SecretRedactionTests {
    @Test("description, debugDescription, dump and interpolation show a short prefix only")
    func redaction() {
        let token = Secret("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl")
        #expect("\(token)" == "eyJhbGci…[redacted]")
        #expect(!String(reflecting: token).contains("c2lnbmF0dXJl"))
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains("eyJzdWIiOiIxMjMifQ"))
        let session = AuthSession(accessToken: token, refreshToken: "rt-1234567890abcdef", expiresAt: .distantFuture, userID: "u")
        #expect(!"\(session)".contains("c2lnbmF0dXJl"))
        #expect(!"\(session)".contains("567890abcdef"))
    }

    @Test("short secrets such as six-digit codes show at most one character")
    func shortSecrets() {
        #expect(Secret("123456").description == "1…[redacted]")
        #expect(Secret("abc").description == "…[redacted]")
    }

    @Test("secrets still encode whole for secure storage")
    func codable() throws {
        let data = try JSONEncoder().encode(Secret("whole-value"))
        #expect(String(decoding: data, as: UTF8.self) == "\"whole-value\"")
    }
}
