import AuthJWT
import AuthSimulation
import AuthSimulationSQLite
import Foundation
import Logging

/// `auth-bench fill --users N --state-dir DIR`: fills a state directory's database directly, in
/// batches of 10,000 users per transaction (not through HTTP): N Apple IDs that authorized the
/// app, and a Supabase user with that Apple identity for each, as a first sign-in leaves them.
/// `Scripts/bench-storage.sh` then measures `login serve` on it.
struct StorageFill {
    let users: Int
    let directory: URL
    let clientID: String

    /// Parses `--users N --state-dir DIR [--client-id ID]`.
    init?(arguments: [String]) {
        func value(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        }
        guard let users = value("--users").flatMap(Int.init), users > 0, let directory = value("--state-dir") else { return nil }
        self.users = users
        self.directory = URL(fileURLWithPath: directory)
        self.clientID = value("--client-id") ?? SimulationConfiguration.defaultClientIDs[.apple]![0]
    }

    func run() throws {
        var logger = Logger(label: "fill")
        logger.logLevel = .warning
        let state = SimulationStateDirectory(url: directory)
        _ = try state.loadOrCreateKeys()
        let storage = try StateDatabase.open(state, defaultFirebaseProject: "demo-authcoordinator", logger: logger)
        let start = ContinuousClock.now
        let base = Date().addingTimeInterval(-86_400)
        for batch in stride(from: 0, to: users, by: 10_000) {
            try storage.update { (rows: any SimulationRows) in
                for index in batch..<min(users, batch + 10_000) {
                    insert(index, at: base.addingTimeInterval(Double(index) / 1000), into: rows)
                }
            }
        }
        try storage.close()
        print("filled \(users) users in \(String(format: "%.1f", Measure.seconds(ContinuousClock.now - start))) s")
    }

    /// One person: an Apple ID that authorized the app, and the Supabase user its first sign-in made.
    private func insert(_ index: Int, at date: Date, into rows: any SimulationRows) {
        let email = "bench\(index)@example.com"
        let subject = String(format: "%06d.", index) + RandomIdentifiers.hex(32) + ".0042"
        rows.appleID.insert(AppleIDState.Account(appleID: email, subject: subject, relayAddress: RandomIdentifiers.appleRelayAddress()))
        rows.appleID.save(
            AppleIDState.Authorization(clientID: clientID, subject: subject, sharedEmail: email, isPrivateEmail: false, authorizedAt: date))
        let stamp = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
        let data: JSONObject = [
            "iss": .string("https://appleid.apple.com"), "sub": .string(subject), "provider_id": .string(subject), "email": .string(email),
            "email_verified": .bool(true), "phone_verified": .bool(false),
            "custom_claims": .object(["auth_time": .int(Int64(date.timeIntervalSince1970))]),
        ]
        let identity = SupabaseIdentityRecord(
            identityID: RandomIdentifiers.uuid(), provider: "apple", providerID: subject, identityData: data, email: email,
            createdAt: stamp, updatedAt: stamp, lastSignInAt: stamp)
        rows.supabase.save(
            SupabaseUserRecord(
                id: RandomIdentifiers.uuid(), email: email, emailConfirmedAt: stamp, userMetadata: data, identities: [identity],
                createdAt: stamp, updatedAt: stamp, lastSignInAt: stamp, isAnonymous: false))
    }
}
