import AuthData
import AuthDomain
import Testing

/// The decisions behind the system Apple ID sheet adapter, which is not built on Linux.
@Suite("Apple system sheet mapping")
struct AppleSystemSheetMappingTests {
    private let domain = "com.apple.AuthenticationServices.AuthorizationError"

    @Test("a dismissed sheet is a cancellation, not a failure")
    func cancelled() {
        #expect(AppleSystemSheetMapping.error(domain: domain, code: 1001, description: "x") == .cancelled)
        #expect(AppleSystemSheetMapping.error(domain: domain, code: 1003, description: "x") == .notHandled)
    }

    @Test("other sheet errors fail with a reason; foreign domains never read as cancelled")
    func failures() {
        for code in AppleSystemSheetMapping.ErrorCode.allCases where code != .canceled && code != .notHandled {
            guard
                case .authorizationFailed(let reason) = AppleSystemSheetMapping.error(
                    domain: domain, code: code.rawValue, description: "The operation failed")
            else {
                Issue.record("code \(code) not a failure")
                continue
            }
            #expect(!reason.isEmpty)
        }
        #expect(
            AppleSystemSheetMapping.error(domain: "NSURLErrorDomain", code: 1001, description: "timed out")
                == .authorizationFailed("NSURLErrorDomain 1001: timed out"))
        #expect(AppleSystemSheetMapping.error(domain: domain, code: 4242, description: "new").isFailureWithReason)
    }

    @Test("credential states follow Apple's raw values; an unknown value is an error")
    func states() throws {
        #expect(
            try [0, 1, 2, 3].map { try AppleSystemSheetMapping.credentialState(rawValue: $0) }
                == [.revoked, .authorized, .notFound, .transferred])
        #expect(throws: AuthError.self) { try AppleSystemSheetMapping.credentialState(rawValue: 9) }
    }

    @Test("a notFound state comes with an error and is still notFound; other states with an error are failures")
    func stateWithError() throws {
        let error = (domain: domain, code: 1000, description: "The operation couldn't be completed.")
        #expect(try AppleSystemSheetMapping.credentialState(rawValue: 2, error: error) == .notFound)
        #expect(try AppleSystemSheetMapping.credentialState(rawValue: 1, error: nil) == .authorized)
        #expect(throws: AuthError.self) { try AppleSystemSheetMapping.credentialState(rawValue: 1, error: error) }
        #expect(throws: AuthError.self) { try AppleSystemSheetMapping.credentialState(rawValue: 0, error: error) }
    }

    @Test(
        "malformed UTF-8 in the token or code bytes is no token, whatever the name beside it",
        arguments: [
            [0xC3, 0x28], // a lead byte without its continuation
            [0x61, 0x80], // a lone continuation byte
            [0xC0, 0xAF], // an overlong encoding of "/"
            [0xED, 0xA0, 0x80], // a UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80], // above U+10FFFF
            [0x65, 0x79, 0xE2, 0x82], // truncated at the end
        ] as [[UInt8]])
    func malformedUTF8(bytes: [UInt8]) {
        let credential = AppleSystemSheetMapping.credential(
            user: "001.abc", identityToken: bytes, authorizationCode: bytes, email: nil,
            givenName: "Zo\u{00EB}", familyName: "\u{FFFD}")
        #expect(credential.identityToken == nil)
        #expect(credential.authorizationCode == nil)
        #expect(credential.fullName == PersonName(givenName: "Zo\u{00EB}", familyName: "\u{FFFD}"))
    }

    @Test("well-formed multi-byte UTF-8 is kept as it is, a literal U+FFFD included")
    func wellFormedUTF8() {
        let text = "a.\u{00E9}\u{4E2D}\u{1F600}\u{FFFD}.c"
        let credential = AppleSystemSheetMapping.credential(
            user: "001.abc", identityToken: Array(text.utf8), authorizationCode: nil, email: nil, givenName: nil, familyName: nil)
        #expect(credential.identityToken?.revealed == text)
    }

    @Test("first authorization: token, code, email and name carried over")
    func firstAuthorization() {
        let credential = AppleSystemSheetMapping.credential(
            user: "001.abc", identityToken: Array("a.b.c".utf8), authorizationCode: Array("code".utf8),
            email: "x@privaterelay.appleid.com", givenName: "Ada", familyName: "Lovelace")
        #expect(credential.identityToken?.revealed == "a.b.c")
        #expect(credential.authorizationCode?.revealed == "code")
        #expect(credential.email == "x@privaterelay.appleid.com")
        #expect(credential.fullName == PersonName(givenName: "Ada", familyName: "Lovelace"))
    }

    @Test("later authorizations: empty name components and email become nil; bad token bytes are no token")
    func laterAuthorization() {
        let credential = AppleSystemSheetMapping.credential(
            user: "001.abc", identityToken: [0xFF, 0xFE], authorizationCode: [], email: " ",
            givenName: "", familyName: "  ")
        #expect(credential.identityToken == nil)
        #expect(credential.authorizationCode == nil)
        #expect(credential.email == nil)
        #expect(credential.fullName == nil)
    }
}

extension AuthError {
    fileprivate var isFailureWithReason: Bool {
        if case .authorizationFailed(let reason) = self { return reason.contains("new") }
        return false
    }
}
