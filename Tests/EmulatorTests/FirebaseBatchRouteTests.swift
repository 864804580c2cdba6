import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// `accounts:batchCreate` and `accounts:batchDelete`, with the rules of firebase-tools
/// `src/emulator/auth/operations.ts` (`batchCreate`, `batchDelete`) and the requests
/// firebase-admin-python `_user_mgt.py` (`import_users`, `delete_users`) sends.
@Suite("Emulator: Firebase batch import and delete")
struct FirebaseBatchRouteTests {
    private static let owner = ["authorization": "Bearer owner"]

    private func admin(_ sut: EmulatorHarness, _ method: String, json: String) async -> EmulatorResponse {
        await sut.send("POST", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/\(method)", json: json, headers: Self.owner)
    }

    private func user(_ sut: EmulatorHarness, _ localId: String) async -> JSONObject? {
        await admin(sut, "accounts:lookup", json: #"{"localId":["\#(localId)"]}"#).object["users"]?.arrayValue?.first?.objectValue
    }

    @Test("import keeps uids, providers, claims and times; a bad row is refused alone with its index")
    func importRows() async throws {
        let sut = try await EmulatorHarness.make()
        let response = await admin(
            sut, "accounts:batchCreate",
            json: """
                {"users":[
                  {"localId":"imp-1","email":"Imp@Example.com","emailVerified":true,"displayName":"Imp","createdAt":"1600000000000",
                   "customAttributes":"{\\"tier\\":\\"gold\\"}",
                   "providerUserInfo":[{"providerId":"google.com","rawId":"g-123","email":"imp@gmail.com"}]},
                  {"localId":"imp-2","email":"not an email"},
                  {"email":"nouid@example.com"},
                  {"localId":"imp-4","customAttributes":"{\\"exp\\":1}"},
                  {"localId":"imp-5","email":"hash@example.com","passwordHash":"c2NyeXB0","salt":"TmFDbA=="}
                ],"hashAlgorithm":"SCRYPT","signerKey":"a2V5","saltSeparator":"Bw==","rounds":8,"memoryCost":14}
                """)
        #expect(response.status == 200 && response.object["kind"] == .string("identitytoolkit#UploadAccountResponse"))
        let errors = response.object["error"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(errors.map { $0["index"]?.intValue } == [1, 2, 3])
        #expect(
            errors.map { $0["message"]?.stringValue } == [
                "email is invalid", "localId is missing", "Custom claims provided include a reserved claim.",
            ])
        let imported = try #require(await user(sut, "imp-1"))
        #expect(imported["email"] == .string("imp@example.com") && imported["emailVerified"] == .bool(true))
        #expect(imported["createdAt"] == .string("1600000000000") && imported["lastLoginAt"] == nil)
        #expect(imported["customAttributes"] == .string(#"{"tier":"gold"}"#))
        #expect(imported["providerUserInfo"]?.arrayValue?.first?.objectValue?["rawId"] == .string("g-123"))
        let hashed = try #require(await user(sut, "imp-5"))
        #expect(hashed["providerUserInfo"]?.arrayValue?.first?.objectValue?["providerId"] == .string("password"))
        // The imported Google identity is the account's: another row cannot take it.
        let taken = await admin(
            sut, "accounts:batchCreate",
            json: #"{"users":[{"localId":"imp-6","providerUserInfo":[{"providerId":"google.com","rawId":"g-123"}]}]}"#)
        #expect(taken.object["error"]?.arrayValue?.first?.objectValue?["message"] == .string("raw id exists in other account in database"))
    }

    @Test("request-wide refusals, overwriting, and the duplicate checks of sanityCheck")
    func importRefusals() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await admin(sut, "accounts:batchCreate", json: #"{"users":[]}"#).firebaseMessage == "MISSING_USER_ACCOUNT")
        let many = "[" + Array(repeating: #"{"localId":"x"}"#, count: 1001).joined(separator: ",") + "]"
        #expect(await admin(sut, "accounts:batchCreate", json: #"{"users":\#(many)}"#).firebaseMessage == "MAXIMUM_USER_COUNT_EXCEEDED")
        #expect(
            await admin(sut, "accounts:batchCreate", json: #"{"users":[{"localId":"a"},{"localId":"a"}]}"#).firebaseMessage
                == "DUPLICATE_LOCAL_ID : a")
        let duplicateEmail =
            #"{"sanityCheck":true,"users":[{"localId":"a","email":"d@example.com"},"#
            + #"{"localId":"b","email":"d@example.com"}]}"#
        #expect(await admin(sut, "accounts:batchCreate", json: duplicateEmail).firebaseMessage == "DUPLICATE_EMAIL : d@example.com")
        #expect(
            await sut.send(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/accounts:batchCreate",
                json: #"{"users":[{"localId":"a"}]}"#
            ).status == 401)

        _ = await admin(sut, "accounts:batchCreate", json: #"{"users":[{"localId":"keep","displayName":"Old"}]}"#)
        let again = await admin(sut, "accounts:batchCreate", json: #"{"users":[{"localId":"keep","displayName":"New"}]}"#)
        #expect(
            again.object["error"]?.arrayValue?.first?.objectValue?["message"]
                == .string("localId belongs to an existing account - can not overwrite."))
        _ = await admin(sut, "accounts:batchCreate", json: #"{"allowOverwrite":true,"users":[{"localId":"keep","displayName":"New"}]}"#)
        #expect(await user(sut, "keep")?["displayName"] == .string("New"))
    }

    @Test("batch delete: disabled users go, enabled ones need force, unknown uids count as done")
    func batchDelete() async throws {
        let sut = try await EmulatorHarness.make()
        _ = await admin(sut, "accounts:batchCreate", json: #"{"users":[{"localId":"off","disabled":true},{"localId":"on"}]}"#)
        let first = await admin(sut, "accounts:batchDelete", json: #"{"localIds":["off","on","never-existed"]}"#)
        let errors = first.object["errors"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(errors.count == 1 && errors.first?["index"] == .int(1) && errors.first?["localId"] == .string("on"))
        #expect(errors.first?["message"] == .string("NOT_DISABLED : Disable the account before batch deletion."))
        let (off, on) = (await user(sut, "off"), await user(sut, "on"))
        #expect(off == nil && on != nil)

        let forced = await admin(sut, "accounts:batchDelete", json: #"{"localIds":["on"],"force":true}"#)
        let gone = await user(sut, "on")
        #expect(forced.status == 200 && forced.object.isEmpty && gone == nil)
        #expect(await admin(sut, "accounts:batchDelete", json: #"{"localIds":["on"],"force":true}"#).object.isEmpty)
        #expect(await admin(sut, "accounts:batchDelete", json: #"{"localIds":[]}"#).firebaseMessage == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
        let tooMany = "[" + Array(repeating: #""u""#, count: 1001).joined(separator: ",") + "]"
        let tooManyAnswer = await admin(sut, "accounts:batchDelete", json: #"{"localIds":\#(tooMany)}"#)
        #expect(tooManyAnswer.firebaseMessage == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
    }

    @Test("import keeps a phone number (E.164); a malformed or taken one refuses its row alone (firebase-tools operations.ts batchCreate)")
    func importPhoneNumbers() async throws {
        let sut = try await EmulatorHarness.make()
        let response = await admin(
            sut, "accounts:batchCreate",
            json: """
                {"users":[{"localId":"p-1","phoneNumber":"+15555550100"},{"localId":"p-2","phoneNumber":"555-0100"},
                          {"localId":"p-3","phoneNumber":"+15555550100"}]}
                """)
        let errors = response.object["error"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(errors.map { $0["index"]?.intValue } == [1, 2])
        #expect(errors.first?["message"] == .string("phone number format is invalid"))
        let imported = try #require(await user(sut, "p-1"))
        #expect(imported["phoneNumber"] == .string("+15555550100"))
        #expect(imported["providerUserInfo"]?.arrayValue?.first?.objectValue?["providerId"] == .string("phone"))
    }

    @Test("admin lookup finds an imported provider user by federatedUserId (firebase-admin-python _user_identifier.py ProviderIdentifier)")
    func lookupByFederatedUserId() async throws {
        let sut = try await EmulatorHarness.make()
        _ = await admin(
            sut, "accounts:batchCreate",
            json: #"{"users":[{"localId":"f-1","providerUserInfo":[{"providerId":"google.com","rawId":"g-9"}]}]}"#)
        let found = await admin(sut, "accounts:lookup", json: #"{"federatedUserId":[{"providerId":"google.com","rawId":"g-9"}]}"#)
        #expect(found.object["users"]?.arrayValue?.compactMap { $0.objectValue?["localId"] } == [.string("f-1")])
        let none = await admin(sut, "accounts:lookup", json: #"{"federatedUserId":[{"providerId":"google.com","rawId":"g-0"}]}"#)
        #expect(none.status == 200 && none.object["users"] == nil)
    }
}
