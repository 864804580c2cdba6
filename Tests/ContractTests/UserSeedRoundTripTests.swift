import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// Users moved between two worlds in the services' own formats: exported from one (Firebase's
/// `auth:export` JSON, firebase-tools src/accountExporter.ts; GoTrue's `auth.users` and
/// `auth.identities` rows, GoTrue migrations/) and imported into an empty one, where the same
/// people sign in as the same users: password, Apple and Google, on each backend in process and
/// over the emulator's wire.
@Suite("Seeding: export, import into an empty world, sign in as the same users", .timeLimit(.minutes(5)))
struct UserSeedRoundTripTests {
    private static let password = Secret("correct horse 1")
    private static let bcrypt: JSONObject = ["hashAlgorithm": .string("BCRYPT")]

    private struct People {
        let password: String
        let apple: String
        let google: String
    }

    /// A password user with claims, an Apple user and a Google user.
    private func makePeople(_ sut: BackendHarness) async throws -> People {
        let account = try await sut.signedUp("ada@example.com", password: Self.password)
        let apple = try await sut.backend.signIn(with: try await sut.appleCredential(appleID: "tim@example.com").0)
        let google = try await sut.backend.signIn(with: try await sut.googleCredential(email: "grace@example.com"))
        try setClaims(sut, userID: account.user.id)
        return People(password: account.user.id, apple: apple.user.id, google: google.user.id)
    }

    /// Claims as the admin sets them: GoTrue's `app_metadata`, Firebase's `customAttributes`.
    private func setClaims(_ sut: BackendHarness, userID: String) throws {
        let services = sut.world.services
        let project = services.configuration.firebaseProjectID
        try services.storage.update { (rows: any SimulationRows) in
            if var user = rows.supabase.user(userID) {
                user.customAppMetadata = ["role": .string("admin")]
                rows.supabase.save(user)
            }
            if var user = rows.firebase(project: project).user(userID) {
                user.customAttributes = #"{"role":"admin"}"#
                rows.firebase(project: project).save(user)
            }
        }
    }

    private func export(_ sut: BackendHarness) throws -> [UInt8] {
        switch sut.flavor.traits.service {
        case .supabase: try UserExport.supabaseJSON(sut.world.services)
        case .firebase: try UserExport.firebase(sut.world.services)
        }
    }

    @Test("every user signs in with the same uid, providers, claims and password", arguments: BackendFlavor.allCases)
    func roundTrip(flavor: BackendFlavor) async throws {
        let source = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let people = try await makePeople(source)
        let file = try export(source)
        #expect(!String(decoding: file, as: UTF8.self).contains(Self.password.revealed))

        let target = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let seed = try UserSeed.read(files: [("export.json", file)], format: nil, firebaseHashOptions: Self.bcrypt)
        let summary = try await seed.load(into: target.world.services)
        #expect(summary.supabaseUsers + summary.firebaseUsers == 3)
        // The rows read back as they were written: ids, providers, claims, hashes.
        #expect(try export(target) == file)

        #expect(try await target.passwordBackend.signIn(email: "ada@example.com", password: Self.password).user.id == people.password)
        let apple = try await target.backend.signIn(with: try await target.appleCredential(appleID: "tim@example.com").0)
        #expect(apple.user.id == people.apple && !apple.isNewUser)
        let google = try await target.backend.signIn(with: try await target.googleCredential(email: "grace@example.com"))
        #expect(google.user.id == people.google && !google.isNewUser)
        let wrong = { try await target.passwordBackend.signIn(email: "ada@example.com", password: Secret("wrong one 1")) }
        await target.expectFailure("invalidLoginCredentials", wrong) { $0 == .invalidLoginCredentials }
    }

    @Test("GoTrue's rows as psql \\copy writes them (CSV) move the users too", arguments: [BackendFlavor.supabaseInProcess])
    func supabaseCSV(flavor: BackendFlavor) async throws {
        let source = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let people = try await makePeople(source)
        let (users, identities) = try UserExport.supabaseCSV(source.world.services)
        #expect(users.hasPrefix("instance_id,id,aud,role,email,encrypted_password,"))

        let target = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let seed = try UserSeed.read(files: [("users.csv", Array(users.utf8)), ("identities.csv", Array(identities.utf8))], format: nil)
        try await seed.load(into: target.world.services)

        #expect(try UserExport.supabaseJSON(target.world.services) == UserExport.supabaseJSON(source.world.services))
        #expect(try await target.passwordBackend.signIn(email: "ada@example.com", password: Self.password).user.id == people.password)
        let apple = try await target.backend.signIn(with: try await target.appleCredential(appleID: "tim@example.com").0)
        #expect(apple.user.id == people.apple)
    }

    @Test("a file with a bad row changes nothing, and names the row", arguments: [BackendFlavor.supabaseInProcess, .firebaseInProcess])
    func badRowChangesNothing(flavor: BackendFlavor) async throws {
        let source = try await BackendHarness.passwords(flavor, autoconfirm: true)
        _ = try await makePeople(source)
        let file = try export(source)
        let target = try await BackendHarness.passwords(flavor, autoconfirm: true)
        _ = try await target.signedUp("someone@example.com", password: Self.password)
        let before = try export(target)

        // The third user's email made invalid.
        let text = String(decoding: file, as: UTF8.self)
        let broken = text.replacingOccurrences(of: "\"grace@example.com\"", with: "\"not an address\"")
        #expect(broken != text)
        let seed = try UserSeed.read(files: [("broken.json", Array(broken.utf8))], format: nil, firebaseHashOptions: Self.bcrypt)
        do {
            try await seed.load(into: target.world.services)
            Issue.record("a bad row was accepted")
        } catch {
            #expect(error.file == "broken.json")
            #expect(error.row != nil)
            #expect(!error.description.contains("$2"), "no hash in the message")
        }
        #expect(try export(target) == before)
        let storage = target.world.services.storage
        let google = try storage.fetch { (rows: any SimulationRows) in rows.google.account(email: "grace@example.com") }
        let apple = try storage.fetch { (rows: any SimulationRows) in rows.appleID.account(appleID: "tim@example.com") }
        #expect(google == nil && apple == nil, "the providers took up nobody")

        // A user already there refuses the whole file as well.
        let again = try UserSeed.read(files: [("again.json", file)], format: nil, firebaseHashOptions: Self.bcrypt)
        try await again.load(into: target.world.services)
        let twice = try UserSeed.read(files: [("twice.json", file)], format: nil, firebaseHashOptions: Self.bcrypt)
        let afterFirst = try export(target)
        await #expect(throws: UserSeedError.self) { try await twice.load(into: target.world.services) }
        #expect(try export(target) == afterFirst)
    }
}
