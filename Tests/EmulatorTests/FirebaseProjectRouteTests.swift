import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Several `--firebase-project` values, one user store each (issue 14 item 6): an admin call
/// names its project in the path and reaches that project only.
@Suite("Emulator: Firebase projects do not share users")
struct FirebaseProjectRouteTests {
    private static let owner = ["authorization": "Bearer owner"]

    private func makeSUT() async throws -> EmulatorHarness {
        var configuration = SimulationConfiguration(firebaseProjectID: "project-a")
        configuration.otherFirebaseProjectIDs = ["project-b"]
        return try await EmulatorHarness.make(configuration: configuration)
    }

    private func admin(_ sut: EmulatorHarness, _ project: String, _ method: String, json: String) async -> EmulatorResponse {
        await sut.send("POST", "/identitytoolkit.googleapis.com/v1/projects/\(project)/\(method)", json: json, headers: Self.owner)
    }

    @Test("an admin call on project B cannot see, update or delete project A's users")
    func adminIsolation() async throws {
        let sut = try await makeSUT()
        let created = await admin(sut, "project-a", "accounts", json: #"{"email":"ada@example.com","displayName":"Ada"}"#)
        let localId = try #require(created.object["localId"]?.stringValue)

        let lookup = await admin(sut, "project-b", "accounts:lookup", json: #"{"localId":["\#(localId)"],"email":["ada@example.com"]}"#)
        #expect(lookup.status == 200 && lookup.object["users"] == nil)
        #expect(
            await admin(sut, "project-b", "accounts:update", json: #"{"localId":"\#(localId)","displayName":"Mallory"}"#).firebaseMessage
                == "USER_NOT_FOUND")
        #expect(await admin(sut, "project-b", "accounts:delete", json: #"{"localId":"\#(localId)"}"#).firebaseMessage == "USER_NOT_FOUND")
        #expect(await sut.send("DELETE", "/emulator/v1/projects/project-b/accounts").status == 200)

        let stillThere = await admin(sut, "project-a", "accounts:lookup", json: #"{"localId":["\#(localId)"]}"#)
        #expect(stillThere.object["users"]?.arrayValue?.first?.objectValue?["displayName"] == .string("Ada"))
        // The same email is free in project B: it is another user store.
        #expect(await admin(sut, "project-b", "accounts", json: #"{"email":"ada@example.com"}"#).status == 200)
    }

    @Test("API-key routes use the default project; its email links are listed under it only")
    func apiKeyRoutesUseDefault() async throws {
        let sut = try await makeSUT()
        let guest = await sut.firebase("accounts:signUp", json: #"{"returnSecureToken":true}"#)
        let localId = try #require(guest.object["localId"]?.stringValue)
        #expect(await admin(sut, "project-a", "accounts:lookup", json: #"{"localId":["\#(localId)"]}"#).object["users"] != nil)
        _ = await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"link@example.com"}"#)
        #expect(await sut.send("GET", "/emulator/v1/projects/project-a/oobCodes").object["oobCodes"]?.arrayValue?.count == 1)
        #expect(await sut.send("GET", "/emulator/v1/projects/project-b/oobCodes").object["oobCodes"]?.arrayValue?.isEmpty == true)
    }

    @Test("an admin path with an unknown project: 401 without credentials, then 404 PROJECT_NOT_FOUND")
    func unknownProject() async throws {
        let sut = try await makeSUT()
        let anonymous = await sut.send("POST", "/identitytoolkit.googleapis.com/v1/projects/project-z/accounts:lookup", json: "{}")
        #expect(anonymous.status == 401, "credentials are checked before the project, so an outsider cannot list projects")
        let unknown = await admin(sut, "project-z", "accounts:lookup", json: "{}")
        #expect(unknown.status == 404 && unknown.firebaseMessage == "PROJECT_NOT_FOUND")
    }
}
