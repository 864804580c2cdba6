import AuthData
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Bounds on what a user or an admin can store (issue 14 item 5). The sizes are Google's, from
/// the discovery document firebase-tools `src/emulator/auth/schema.ts` is generated from;
/// firebase-tools itself checks only `customAttributes` (`operations.ts`
/// `validateSerializedCustomClaims`), and with these codes.
@Suite("Firebase engine: bounds on stored fields")
struct FirebaseFieldLimitTests {
    private func adminUpdate(_ sut: FirebaseEngineFixture, localId: String, _ edit: (inout FirebaseUpdateRequest) -> Void) async
        -> FirebaseFailure?
    {
        var request = FirebaseUpdateRequest(idToken: nil)
        request.localId = localId
        edit(&request)
        return await sut.failure { try await sut.engine.adminUpdate(request) }
    }

    @Test("displayName up to 256 characters and photoUrl up to 2048 are stored; one more is refused and nothing changes")
    func profileBounds() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let guest = try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true))
        var fits = FirebaseUpdateRequest(idToken: guest.idToken)
        fits.displayName = String(repeating: "é", count: 256)
        fits.photoUrl = "https://example.com/" + String(repeating: "a", count: 2048 - 20)
        #expect(try await sut.engine.update(fits).displayName == fits.displayName)

        var long = FirebaseUpdateRequest(idToken: guest.idToken)
        long.displayName = String(repeating: "x", count: 257)
        #expect(await sut.failure { try await sut.engine.update(long) }?.code == "INVALID_DISPLAY_NAME")
        var photo = FirebaseUpdateRequest(idToken: guest.idToken)
        photo.photoUrl = fits.photoUrl.map { $0 + "a" }
        #expect(await sut.failure { try await sut.engine.update(photo) }?.code == "INVALID_PHOTO_URL")
        #expect(try await sut.engine.lookup(idToken: guest.idToken).users?.first?.displayName == fits.displayName)
    }

    @Test("customAttributes: 1000 UTF-16 units, a JSON object, no reserved claim (CLAIMS_TOO_LARGE, INVALID_CLAIMS, FORBIDDEN_CLAIM)")
    func customAttributes() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let localId = try await sut.engine.adminCreateUser(FirebaseSignUpRequest(returnSecureToken: nil)).localId
        let padding = String(repeating: "a", count: 1000 - #"{"k":""}"#.count)
        #expect(await adminUpdate(sut, localId: localId) { $0.customAttributes = #"{"k":"\#(padding)"}"# } == nil)
        #expect(await adminUpdate(sut, localId: localId) { $0.customAttributes = #"{"k":"\#(padding)a"}"# }?.code == "CLAIMS_TOO_LARGE")
        #expect(await adminUpdate(sut, localId: localId) { $0.customAttributes = "[1,2]" }?.code == "INVALID_CLAIMS")
        #expect(await adminUpdate(sut, localId: localId) { $0.customAttributes = "{nope" }?.code == "INVALID_CLAIMS")
        #expect(
            await adminUpdate(sut, localId: localId) { $0.customAttributes = #"{"role":"x","aud":"other"}"# }?.message
                == "FORBIDDEN_CLAIM : aud")
        #expect(
            await adminUpdate(sut, localId: "no-such-user") { $0.customAttributes = "[]" }?.code == "INVALID_CLAIMS",
            "the claims are checked before the user is looked up, as in firebase-tools")
        #expect(await adminUpdate(sut, localId: localId) { $0.customAttributes = "" } == nil, "an empty string clears them")
    }

    @Test("an admin-created user is bounded too: uid, email, display name")
    func adminCreate() async throws {
        let sut = try await FirebaseEngineFixture.make()
        var request = FirebaseSignUpRequest(returnSecureToken: nil)
        request.localId = String(repeating: "u", count: 129)
        #expect(await sut.failure { try await sut.engine.adminCreateUser(request) }?.code == "INVALID_LOCAL_ID")
        request.localId = nil
        request.email = "not an email"
        #expect(await sut.failure { try await sut.engine.adminCreateUser(request) }?.code == "INVALID_EMAIL")
        request.email = String(repeating: "a", count: 250) + "@example.com"
        #expect(await sut.failure { try await sut.engine.adminCreateUser(request) }?.code == "INVALID_EMAIL")
        request.email = nil
        request.displayName = String(repeating: "n", count: 300)
        #expect(await sut.failure { try await sut.engine.adminCreateUser(request) }?.code == "INVALID_DISPLAY_NAME")
        #expect(sut.world.services.storedFirebaseUsers().isEmpty)
    }

    @Test("Apple's unsigned `user` name is not stored beyond the display-name bound")
    func appleNameParameter() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let apple = try await sut.appleToken(appleID: "ada@example.com")
        let name = String(repeating: "A", count: 5000)
        let user = FormEncoding.encode([("user", #"{"name":{"firstName":"\#(name)","lastName":"L"}}"#)])
        let response = try await sut.engine.signInWithIdp(
            FirebaseIdpRequest(
                requestUri: "http://localhost", postBody: "providerId=apple.com&id_token=\(apple.token)&nonce=\(apple.nonce)&\(user)",
                returnSecureToken: true, returnIdpCredential: true))
        #expect(response.firstName == nil)
        #expect(try await sut.engine.lookup(idToken: response.idToken).users?.first?.displayName == "L")
    }

    @Test("a continueUrl must be absolute and bounded (INVALID_CONTINUE_URI, as in firebase-tools ops.ts sendOobCode)")
    func continueUrl() async throws {
        let sut = try await FirebaseEngineFixture.make()
        for bad in ["/relative", "http://", "https://example.com/" + String(repeating: "p", count: 2048)] {
            let refused = await sut.failure {
                try await sut.engine.sendOobCode(
                    FirebaseOobRequest(requestType: "EMAIL_SIGNIN", email: "a@example.com", continueUrl: bad, canHandleCodeInApp: true))
            }
            #expect(
                refused?.message == "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))", "\(bad.prefix(30))")
        }
        var leak = FirebaseOobRequest(requestType: "EMAIL_SIGNIN", email: "a@example.com", continueUrl: nil, canHandleCodeInApp: true)
        leak.returnOobLink = true
        #expect(
            await sut.failure { try await sut.engine.sendOobCode(leak) }?.code == "INSUFFICIENT_PERMISSION",
            "a client may not ask for the link back (firebase-tools asserts it)")
    }
}
