import AuthData
import AuthDomain
import Foundation
import Testing

/// The system passkey adapter's decisions, on Linux: the RP ID is the app's (its
/// `webcredentials:` associated domain), the system's registration and assertion become the
/// port's types (AuthenticationServices `ASAuthorizationPublicKeyCredentialRegistration`:
/// `rawAttestationObject` is nullable; `ASAuthorizationPublicKeyCredentialAssertion`:
/// `rawAuthenticatorData`, `signature`, `userID`), and `ASAuthorizationError` codes read.
@Suite("Platform passkey mapping")
struct PlatformPasskeyMappingTests {
    private static let options = PasskeyCreationOptions(
        challenge: Data(repeating: 1, count: 32), relyingPartyID: "Example.com", relyingPartyName: "Example", userHandle: Data("u1".utf8),
        userName: "ada@example.com", excludedCredentialIDs: [Data([9])])
    private static let domain = "com.apple.AuthenticationServices.AuthorizationError"

    @Test("the request carries the service's challenge, the user's name and handle, for the app's RP ID")
    func registration() throws {
        let request = try PlatformPasskeyMapping.registration(Self.options, configuredRPID: "example.com")
        #expect(request.relyingPartyID == "example.com" && request.challenge == Self.options.challenge)
        #expect(request.name == "ada@example.com" && request.userID == Data("u1".utf8))
        var nameless = Self.options
        nameless.userName = ""
        #expect(try PlatformPasskeyMapping.registration(nameless, configuredRPID: "example.com").name == "Example")
    }

    @Test("a service RP ID that is not the app's is refused before the sheet, naming both")
    func otherRelyingParty() {
        #expect(
            throws: AuthError.authorizationFailed(
                "the service's passkey RP ID \"evil.example\" is not this app's \"example.com\" (its webcredentials: associated domain)")
        ) {
            try PlatformPasskeyMapping.relyingPartyID(requested: "evil.example", configured: "example.com")
        }
        #expect(throws: AuthError.self) { try PlatformPasskeyMapping.relyingPartyID(requested: "", configured: "") }
    }

    @Test("a registration without its attestation object is a failure; with it, the port's attestation")
    func attestation() throws {
        #expect(throws: AuthError.self) {
            try PlatformPasskeyMapping.attestation(credentialID: Data([1]), rawClientDataJSON: Data("{}".utf8), rawAttestationObject: nil)
        }
        let made = try PlatformPasskeyMapping.attestation(
            credentialID: Data([1]), rawClientDataJSON: Data("{}".utf8), rawAttestationObject: Data([0xA0]))
        #expect(made == PasskeyAttestation(credentialID: Data([1]), clientDataJSON: Data("{}".utf8), attestationObject: Data([0xA0])))
    }

    @Test("an assertion needs authenticator data of at least 37 bytes and a signature; an empty user handle reads as none")
    func assertion() throws {
        let authData = Data(repeating: 0, count: 37)
        let made = try PlatformPasskeyMapping.assertion(
            credentialID: Data([1]), rawClientDataJSON: Data("{}".utf8), rawAuthenticatorData: authData, signature: Data([2]),
            userID: Data())
        #expect(made.userHandle == nil && made.signature == Data([2]))
        #expect(throws: AuthError.self) {
            try PlatformPasskeyMapping.assertion(
                credentialID: Data([1]), rawClientDataJSON: Data("{}".utf8), rawAuthenticatorData: Data(count: 36), signature: Data([2]),
                userID: Data())
        }
    }

    @Test("a dismissed sheet is cancelled; an excluded credential and a non-interactive request say what happened")
    func errors() {
        #expect(PlatformPasskeyMapping.error(domain: Self.domain, code: 1001, description: "x") == .cancelled)
        #expect(
            PlatformPasskeyMapping.error(domain: Self.domain, code: 1006, description: "x")
                == .authorizationFailed("this device already holds a passkey for this account"))
        #expect(
            PlatformPasskeyMapping.error(domain: Self.domain, code: 1005, description: "x")
                == .authorizationFailed("no passkey answers without showing the sheet"))
        #expect(
            PlatformPasskeyMapping.error(domain: "NSURLErrorDomain", code: -1, description: "offline")
                == .authorizationFailed("NSURLErrorDomain -1: offline"))
    }
}
