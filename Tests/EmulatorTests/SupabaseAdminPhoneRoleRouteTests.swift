import AuthData
import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// `phone`, `phone_confirm` and `role` on GoTrue's admin routes (internal/api/admin.go
/// `adminUserCreate`, `adminUserUpdate`; internal/api/phone.go `validatePhone`; internal/models/user.go
/// `SetRole`, `SetPhone`, `ConfirmPhone`, `IsDuplicatedPhone`), and the `role` claim that the
/// access token carries from the user (internal/api/token.go `generateAccessToken`).
@Suite("Emulator: GoTrue admin users with phone and role")
struct SupabaseAdminPhoneRoleRouteTests {
    private func create(_ sut: EmulatorHarness, _ json: String) async -> EmulatorResponse {
        await sut.supabase("POST", "admin/users", json: json, bearer: sut.emulator.serviceRoleKey)
    }

    private func update(_ sut: EmulatorHarness, _ id: String, _ json: String) async -> EmulatorResponse {
        await sut.supabase("PUT", "admin/users/\(id)", json: json, bearer: sut.emulator.serviceRoleKey)
    }

    private func accessClaims(_ sut: EmulatorHarness, _ email: String) async throws -> JSONObject {
        let signIn = await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"\#(email)","password":"correct horse"}"#)
        let token = try #require(signIn.object["access_token"]?.stringValue, "\(signIn.object)")
        return try CompactJWS(parsing: token).payload
    }

    @Test("POST /admin/users stores the phone as E.164 digits, a phone identity, phone_confirm and role; a taken or bad number is refused")
    func create() async throws {
        let sut = try await EmulatorHarness.passwords(autoconfirm: true).sut
        let plain = await create(sut, #"{"email":"ada@example.com","phone":"+1 555 010 0001"}"#)
        #expect(plain.status == 200, "\(plain.object)")
        #expect(plain.object["phone"] == .string("15550100001") && plain.object["phone_confirmed_at"] == nil)
        #expect(plain.object["role"] == .string("authenticated"))
        let providers = plain.object["identities"]?.arrayValue?.compactMap { $0.objectValue?["provider"]?.stringValue }
        #expect(providers == ["email", "phone"])
        let phoneIdentity = plain.object["identities"]?.arrayValue?.last?.objectValue?["identity_data"]?.objectValue
        #expect(phoneIdentity?["phone"] == .string("15550100001") && phoneIdentity?["phone_verified"] == .bool(false))

        let confirmed = await create(sut, #"{"phone":"15550100002","phone_confirm":true,"role":" editor "}"#)
        #expect(confirmed.status == 200, "a phone alone is enough: \(confirmed.object)")
        #expect(confirmed.object["email"] == .string("") && confirmed.object["role"] == .string("editor"))
        #expect(confirmed.object["phone_confirmed_at"]?.stringValue != nil && confirmed.object["confirmed_at"]?.stringValue != nil)
        #expect(confirmed.object["app_metadata"]?.objectValue?["provider"] == .string("phone"))

        let taken = await create(sut, #"{"email":"grace@example.com","phone":"+15550100001"}"#)
        #expect(taken.status == 422 && taken.object["code"] == .string("phone_exists"))
        for bad in ["+0155501", "12ab", "+1234567890123456", "1"] {
            let refused = await create(sut, #"{"email":"x@example.com","phone":"\#(bad)"}"#)
            #expect(refused.status == 400 && refused.object["code"] == .string("validation_failed"), "\(bad)")
        }
        #expect(await sut.supabase("GET", "admin/users", bearer: sut.emulator.serviceRoleKey).object["users"]?.arrayValue?.count == 2)
    }

    @Test("role becomes the access token's role claim, at creation and after PUT; the phone goes in the phone claim")
    func roleClaim() async throws {
        let sut = try await EmulatorHarness.passwords(autoconfirm: true).sut
        let created = await create(
            sut,
            #"""
            {"email":"ada@example.com","password":"correct horse","email_confirm":true,"role":"editor","phone":"15550100003"}
            """#)
        let id = try #require(created.object["id"]?.stringValue)
        let claims = try await accessClaims(sut, "ada@example.com")
        #expect(claims["role"] == .string("editor") && claims["phone"] == .string("15550100003"))

        #expect(await update(sut, id, #"{"role":"analyst"}"#).object["role"] == .string("analyst"))
        #expect(try await accessClaims(sut, "ada@example.com")["role"] == .string("analyst"))
        #expect(await update(sut, id, #"{"role":"authenticated"}"#).object["role"] == .string("authenticated"))
        #expect(try await accessClaims(sut, "ada@example.com")["role"] == .string("authenticated"))
    }

    @Test("PUT /admin/users/{id} sets the phone (a phone identity), phone_confirm; another user's number or a malformed one is refused")
    func update() async throws {
        let sut = try await EmulatorHarness.passwords(autoconfirm: true).sut
        let ada = try #require(await create(sut, #"{"email":"ada@example.com"}"#).object["id"]?.stringValue)
        let grace = try #require(await create(sut, #"{"email":"grace@example.com","phone":"15550100004"}"#).object["id"]?.stringValue)

        let set = await update(sut, ada, #"{"phone":"+1 555 010 0005"}"#)
        #expect(set.status == 200 && set.object["phone"] == .string("15550100005") && set.object["phone_confirmed_at"] == nil)
        #expect(set.object["identities"]?.arrayValue?.compactMap { $0.objectValue?["provider"]?.stringValue } == ["email", "phone"])
        let confirmed = await update(sut, ada, #"{"phone":"15550100006","phone_confirm":true}"#)
        #expect(confirmed.object["phone"] == .string("15550100006") && confirmed.object["phone_confirmed_at"]?.stringValue != nil)
        let identities = confirmed.object["identities"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(identities.count == 2, "the phone identity takes the new number")
        #expect(identities.last?["identity_data"]?.objectValue?["phone_verified"] == .bool(true))

        let taken = await update(sut, ada, #"{"phone":"15550100004"}"#)
        #expect(taken.status == 422 && taken.object["code"] == .string("phone_exists"))
        #expect(await update(sut, grace, #"{"phone":"15550100004"}"#).status == 200, "a user's own number is not taken")
        let malformed = await update(sut, ada, #"{"phone":"phone"}"#)
        #expect(malformed.status == 400 && malformed.object["code"] == .string("validation_failed"))
        let read = await sut.supabase("GET", "admin/users/\(ada)", bearer: sut.emulator.serviceRoleKey)
        #expect(read.object["phone"] == .string("15550100006"), "kept")
    }
}
