import AuthData
import AuthDomain
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// A file written as the public format's examples write one (Firebase documentation, "Import
/// and export users with the Firebase CLI": `auth:import` JSON with `localId`, `email`,
/// `passwordHash`, `salt`, `createdAt` and `lastSignedInAt` as millisecond strings,
/// `providerUserInfo`), its password hashed with Firebase's modified scrypt: the published
/// sample of github.com/firebase/scrypt (README, "Password Hashing": signer key, salt separator
/// `Bw==`, rounds 8, memory cost 14, password `user1password`).
@Suite("Seeding: a Firebase auth:import file from the documentation's example")
struct FirebaseAuthImportExampleTests {
    static let file = #"""
        {
          "users": [
            {
              "localId": "Ky7myjFDMN6fEbi7n1h6hFu0MlS2",
              "email": "user1@example.com",
              "emailVerified": false,
              "passwordHash": "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
              "salt": "42xEC+ixf3L2lw==",
              "displayName": "John Doe",
              "photoUrl": "http://www.example.com/12345678/photo.png",
              "createdAt": "1458170766000",
              "lastSignedInAt": "1458170766000",
              "phoneNumber": "+11234567890",
              "customAttributes": "{\"admin\": true}",
              "providerUserInfo": [
                {
                  "providerId": "google.com",
                  "rawId": "0123456789",
                  "email": "user1@gmail.com",
                  "displayName": "John Doe",
                  "photoUrl": "http://www.example.com/12345678/photo.png"
                }
              ]
            },
            {
              "localId": "9TvlXbRcx8YwdaE3FJ6JLrSp4Pg2",
              "email": "user2@example.com",
              "emailVerified": true,
              "createdAt": "1458170766000"
            }
          ]
        }
        """#

    static let scrypt: JSONObject = [
        "hashAlgorithm": .string("SCRYPT"),
        "signerKey": .string("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="),
        "saltSeparator": .string("Bw=="), "rounds": .int(8), "memoryCost": .int(14),
    ]

    @Test("it imports; its password user signs in with the scrypt password, its Google user as the same sub")
    func imports() async throws {
        let world = try await TestWorld.make()
        let seed = try UserSeed.read(files: [("users.json", Array(Self.file.utf8))], format: nil, firebaseHashOptions: Self.scrypt)
        #expect(try await seed.load(into: world.services).firebaseUsers == 2)

        let engine = world.services.firebase
        let user = try #require(
            try world.services.storage.fetch { (rows: any SimulationRows) in
                rows.firebase(project: engine.configuration.projectID).user("Ky7myjFDMN6fEbi7n1h6hFu0MlS2")
            })
        #expect(user.customAttributes == "{\"admin\": true}")
        #expect(user.createdAt == 1_458_170_766_000 && user.lastLoginAt == 1_458_170_766_000)
        #expect(user.providers.map(\.providerId).sorted() == ["google.com", "password", "phone"])

        let right = FirebasePasswordSignInRequest(email: "user1@example.com", password: Secret("user1password"))
        let signIn = try await engine.signInWithPassword(right)
        #expect(signIn.localId == "Ky7myjFDMN6fEbi7n1h6hFu0MlS2")
        await #expect(throws: FirebaseFailure.self) {
            try await engine.signInWithPassword(FirebasePasswordSignInRequest(email: "user1@example.com", password: Secret("user2")))
        }

        // The simulated Google took up the identity: the same person has the same sub.
        let response = try await world.services.google.signIn(
            GoogleSignInSheetRequest(
                clientID: world.googleClientID, email: "user1@gmail.com", name: nil, nonce: nil))
        #expect(response.userID == "0123456789")
    }

    @Test("without the hash options, the file is refused before anything is read in")
    func hashAlgorithmRequired() throws {
        #expect(throws: UserSeedError.self) { try UserSeed.read(files: [("users.json", Array(Self.file.utf8))], format: nil) }
    }
}
