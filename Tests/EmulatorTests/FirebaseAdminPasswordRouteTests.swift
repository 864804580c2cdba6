import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The Admin API's users with passwords and phone numbers, after firebase-tools
/// src/emulator/auth/operations.ts (`signUp` and `setAccountInfoImpl` with admin credentials,
/// `lookup`, `batchGet`) and Google's Identity Toolkit reference (`UserInfo.lastLoginAt`,
/// `passwordHash`, `salt`; `validSince` an int64, sent by firebase-admin-python as a number).
@Suite("Emulator: Firebase admin users with passwords and phones")
struct FirebaseAdminPasswordRouteTests {
    @Test("admin create with a password and phone: no lastLoginAt before a sign-in, hash and salt for the admin, phone lookup")
    func create() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let created = await sut.firebaseAdmin(
            "accounts",
            json: """
                {"email":"ada@example.com","password":"secret","phoneNumber":"+15555550100","displayName":"Ada","emailVerified":true}
                """)
        #expect(created.status == 200)
        let localId = try #require(created.object["localId"]?.stringValue)
        let looked = await sut.firebaseAdmin("accounts:lookup", json: #"{"phoneNumber":["+15555550100"]}"#)
        let user = try #require(looked.object["users"]?.arrayValue?.first?.objectValue)
        #expect(user["localId"] == .string(localId))
        #expect(user["lastLoginAt"] == nil, "Google leaves lastLoginAt unset until a sign-in")
        #expect(user["phoneNumber"] == .string("+15555550100"))
        let providers = (user["providerUserInfo"]?.arrayValue ?? []).compactMap { $0.objectValue?["providerId"]?.stringValue }
        #expect(providers.sorted() == ["password", "phone"])
        let hash = try #require(user["passwordHash"]?.stringValue.flatMap { Data(base64Encoded: $0) })
        #expect(try Bcrypt.verify(Array("secret".utf8), against: String(decoding: hash, as: UTF8.self)))
        #expect(user["salt"]?.stringValue.flatMap { Data(base64Encoded: $0) }?.count == 16)

        let page = await sut.send(
            "GET", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/accounts:batchGet?maxResults=10",
            headers: ["authorization": "Bearer owner"])
        #expect(page.object["users"]?.arrayValue?.first?.objectValue?["passwordHash"] != nil)

        #expect(await sut.firebase("accounts:signInWithPassword", json: #"{"email":"ada@example.com","password":"secret"}"#).status == 200)
        let after = await sut.firebaseAdmin("accounts:lookup", json: #"{"localId":["\#(localId)"]}"#)
        #expect(after.object["users"]?.arrayValue?.first?.objectValue?["lastLoginAt"]?.stringValue != nil)

        let duplicate = await sut.firebaseAdmin("accounts", json: #"{"phoneNumber":"+15555550100"}"#)
        #expect(duplicate.firebaseMessage == "PHONE_NUMBER_EXISTS")
        let invalid = await sut.firebaseAdmin("accounts", json: #"{"phoneNumber":"555-0100"}"#)
        #expect(invalid.firebaseMessage == "INVALID_PHONE_NUMBER : Invalid format.")
        #expect(
            await sut.firebaseAdmin("accounts", json: #"{"password":"12345"}"#).firebaseMessage
                == "WEAK_PASSWORD : Password should be at least 6 characters")
    }

    @Test("admin update: password, phone, emailVerified, disabled; validSince as a number or a string")
    func update() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let localId = try #require(await sut.firebaseAdmin("accounts", json: "{}").object["localId"]?.stringValue)
        let updated = await sut.firebaseAdmin(
            "accounts:update",
            json: """
                {"localId":"\(localId)","email":"grace@example.com","password":"secret","phoneNumber":"+15555550111","emailVerified":true}
                """)
        #expect(updated.status == 200)
        let providers = (updated.object["providerUserInfo"]?.arrayValue ?? []).compactMap { $0.objectValue?["providerId"]?.stringValue }
        #expect(providers.sorted() == ["password", "phone"])
        let session = await sut.firebase("accounts:signInWithPassword", json: #"{"email":"grace@example.com","password":"secret"}"#)
        #expect(session.status == 200)

        #expect(await sut.firebaseAdmin("accounts:update", json: #"{"localId":"\#(localId)","validSince":1900000000}"#).status == 200)
        #expect(try sut.firebaseRecord(localId)?.validSince == 1_900_000_000)
        #expect(await sut.firebaseAdmin("accounts:update", json: #"{"localId":"\#(localId)","validSince":"1900000001"}"#).status == 200)
        #expect(try sut.firebaseRecord(localId)?.validSince == 1_900_000_001)
        let bad = await sut.firebaseAdmin("accounts:update", json: #"{"localId":"\#(localId)","validSince":"soon"}"#)
        #expect(bad.firebaseMessage?.hasPrefix("INVALID_ARGUMENT") == true)

        let removed = await sut.firebaseAdmin("accounts:update", json: #"{"localId":"\#(localId)","deleteProvider":["phone"]}"#)
        #expect(removed.object["providerUserInfo"]?.arrayValue?.count == 1)
        #expect(try sut.firebaseRecord(localId)?.phoneNumber == nil)
    }
}
