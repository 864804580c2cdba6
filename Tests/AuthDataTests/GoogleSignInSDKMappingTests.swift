import AuthData
import AuthDomain
import Foundation
import Testing

/// The decisions of an app's `GIDSignIn` adapter, with the SDK's own codes and domain
/// (GoogleSignIn-iOS `GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h`, `GIDSignInErrorCode`;
/// `GoogleSignIn/Sources/GIDSignIn.m`, `kGIDSignInErrorDomain`).
@Suite("Google Sign-In SDK mapping")
struct GoogleSignInSDKMappingTests {
    @Test("a dismissed sheet (kGIDSignInErrorCodeCanceled, -5) is a cancellation: nothing is shown")
    func cancelled() {
        #expect(GoogleSignInSDKMapping.error(domain: "com.google.GIDSignIn", code: -5, description: "The user canceled") == .cancelled)
    }

    @Test("other SDK codes fail with a reason; the same number in another domain is never a cancellation")
    func otherErrors() {
        for code in GoogleSignInSDKMapping.ErrorCode.allCases where code != .canceled {
            let error = GoogleSignInSDKMapping.error(domain: GoogleSignInSDKMapping.errorDomain, code: code.rawValue, description: "x")
            guard case .authorizationFailed = error else {
                Issue.record("code \(code) gave \(error)")
                continue
            }
        }
        let foreign = GoogleSignInSDKMapping.error(domain: "com.example", code: -5, description: "x")
        #expect(foreign == .authorizationFailed("com.example -5: x"))
        #expect(GoogleSignInSDKMapping.error(domain: "NSURLErrorDomain", code: -1009, description: "offline") == .network("offline"))
    }

    @Test("a signed-in user: tokens kept as secrets, the name from its parts or else the full name")
    func credential() throws {
        let picture = URL(string: "https://lh3.googleusercontent.com/a/photo=s200")
        let withParts = try GoogleSignInSDKMapping.credential(
            userID: "1170", idToken: "eyJ.id.token", accessToken: "ya29.token", email: "ada@gmail.com", givenName: "Ada",
            familyName: "Lovelace", fullName: "ignored", imageURL: picture)
        #expect(withParts.userID == "1170")
        #expect(withParts.idToken?.revealed == "eyJ.id.token")
        #expect(withParts.accessToken?.revealed == "ya29.token")
        #expect(withParts.name == PersonName(givenName: "Ada", familyName: "Lovelace"))
        #expect(withParts.photoURL == picture)
        #expect(!"\(withParts)".contains("eyJ.id.token"))
        let fromFull = try GoogleSignInSDKMapping.credential(
            userID: "1170", idToken: "t", accessToken: "", email: "", givenName: nil, familyName: " ", fullName: "Grace Hopper",
            imageURL: nil)
        #expect(fromFull.name == PersonName(givenName: "Grace", familyName: "Hopper"))
        #expect(fromFull.accessToken == nil && fromFull.email == nil)
    }

    @Test("no ID token (no client ID the backend knows) or no user id is an error, never a half credential")
    func missingPieces() {
        #expect(throws: AuthError.missingIdentityToken) {
            try GoogleSignInSDKMapping.credential(
                userID: "1", idToken: nil, accessToken: "a", email: nil, givenName: nil, familyName: nil, fullName: nil, imageURL: nil)
        }
        #expect(throws: AuthError.authorizationFailed("Google returned no user id")) {
            try GoogleSignInSDKMapping.credential(
                userID: "", idToken: "t", accessToken: "a", email: nil, givenName: nil, familyName: nil, fullName: nil, imageURL: nil)
        }
    }
}
