import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// `DELETE /user/identities/{identity_id}` in GoTrue's order (api/identity.go `DeleteIdentity`,
/// api/middleware.go `requireManualLinkingEnabled`).
@Suite("Emulator: Supabase unlink")
struct SupabaseUnlinkRouteTests {
    /// A user with an Apple and a Google identity, and the Google identity's id.
    private func twoIdentities(_ sut: EmulatorHarness) async throws -> (token: String, googleID: String) {
        let session = try await sut.appleSession()
        let apple = try #require(session["access_token"]?.stringValue)
        let raw = NonceGenerator(source: .live).make()
        let google = try await sut.world.services.google.signIn(
            GoogleSignInSheetRequest(
                clientID: sut.world.googleClientID, email: "ada.work@example.com", nonce: NonceGenerator.sha256Hex(raw)))
        let linked = await sut.supabase(
            "POST", "token?grant_type=id_token",
            json: #"{"provider":"google","id_token":"\#(google.idToken)","nonce":"\#(raw)","link_identity":true}"#, bearer: apple)
        #expect(linked.status == 200)
        let token = try #require(linked.object["access_token"]?.stringValue)
        let user = await sut.supabase("GET", "user", bearer: token).object
        let identity = user["identities"]?.arrayValue?.compactMap(\.objectValue).first { $0["provider"] == .string("google") }
        return (token, try #require(identity?["identity_id"]?.stringValue))
    }

    @Test("manual linking off (GoTrue's default): 404 manual_linking_disabled, after the token check")
    func disabledByDefault() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await sut.supabase("DELETE", "user/identities/\(UUID())").object["code"] == .string("no_authorization"))
        let (token, googleID) = try await twoIdentities(sut)
        let response = await sut.supabase("DELETE", "user/identities/\(googleID)", bearer: token)
        #expect(response.status == 404)
        #expect(response.object == ["code": .string("manual_linking_disabled"), "message": .string("Manual linking is disabled")])
    }

    @Test("an upper-case UUID (Swift's UUID().uuidString) unlinks; the answer is {}")
    func upperCaseUUID() async throws {
        let sut = try await EmulatorHarness.make(
            supabase: {
                var s = SupabaseSettings()
                s.manualLinkingEnabled = true
                return s
            }())
        let (token, googleID) = try await twoIdentities(sut)
        let response = await sut.supabase("DELETE", "user/identities/\(googleID.uppercased())", bearer: token)
        #expect(response.status == 200 && response.object == [:])
        let providers = await sut.supabase("GET", "user", bearer: token).object["app_metadata"]?.objectValue?["providers"]
        #expect(providers == .array([.string("apple")]))
    }

    @Test("404 validation_failed for a non-UUID; 422 single_identity_not_deletable before the lookup; 422 identity_not_found")
    func errorOrder() async throws {
        let sut = try await EmulatorHarness.make(
            supabase: {
                var s = SupabaseSettings()
                s.manualLinkingEnabled = true
                return s
            }())
        let single = try #require(try await sut.appleSession(email: "solo@example.com")["access_token"]?.stringValue)
        let notUUID = await sut.supabase("DELETE", "user/identities/not-a-uuid", bearer: single)
        #expect(notUUID.status == 404 && notUUID.object["code"] == .string("validation_failed"))
        #expect(notUUID.object["message"] == .string("identity_id must be an UUID"))
        let last = await sut.supabase("DELETE", "user/identities/\(UUID())", bearer: single)
        #expect(last.status == 422 && last.object["code"] == .string("single_identity_not_deletable"), "checked before the id is looked up")

        let (token, _) = try await twoIdentities(sut)
        let unknown = await sut.supabase("DELETE", "user/identities/\(UUID())", bearer: token)
        #expect(
            unknown.status == 422
                && unknown.object == ["code": .string("identity_not_found"), "message": .string("Identity doesn't exist")])
    }
}
