import AuthSimulation
import Foundation

/// The fuzz entry for files of users: format detection, the strict JSON reader, the psql CSV
/// reader, GoTrue's columns (uuids, timestamps, `jsonb`, booleans, bcrypt) and Firebase's rows.
enum SeedFuzzing {
    /// The bytes as a file of users. Properties: a refusal names a row from 1, never a hash; what
    /// reads is checked row by row without trapping, twice to the same answer.
    static func userSeed(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        do {
            let seed = try UserSeed.read(files: [("fuzz", input)], format: nil, firebaseHashOptions: ["hashAlgorithm": .string("BCRYPT")])
            let first = Result { () throws(UserSeedError) in try seed.validate(now: now) }
            let second = Result { () throws(UserSeedError) in try seed.validate(now: now) }
            fuzzCheck("\(first)" == "\(second)", "validation is not deterministic")
            if case .failure(let error) = first { check(error) }
        } catch {
            check(error)
        }
    }

    private static func check(_ error: UserSeedError) {
        fuzzCheck(error.row.map { $0 >= 1 } ?? true, "a refusal names row \(error.row ?? 0)")
        fuzzCheck(!error.message.contains("$2"), "a refusal shows a bcrypt hash")
    }

    /// The seed inputs: each format valid, and near-misses.
    static let seeds: [(String, String)] = [
        (
            "firebase",
            #"{"users":[{"localId":"u1","email":"ada@example.com","emailVerified":true,"createdAt":"1458170766000","#
                + #""providerUserInfo":[{"providerId":"google.com","rawId":"0123456789","email":"ada@gmail.com"}]}]}"#
        ),
        (
            "supabase-json",
            #"{"users":[{"id":"4d56e902-f0a0-4662-8448-a4d9e643c142","email":"ada@example.com","#
                + #"""
                "encrypted_password":"$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW","raw_app_meta_data":{"role":"admin\#
                "},
                """#
                + #""created_at":"2024-01-02T03:04:05.123456+00:00","is_anonymous":false}],"identities":[{"provider_id":"001542.a","#
                + #""user_id":"4d56e902-f0a0-4662-8448-a4d9e643c142","provider":"apple","identity_data":{"sub":"001542.a"}}]}"#
        ),
        (
            "supabase-csv-users",
            "id,email,encrypted_password,raw_app_meta_data,created_at,is_anonymous\n"
                + "4d56e902-f0a0-4662-8448-a4d9e643c142,ada@example.com,\"\","
                + "\"{\"\"role\"\": \"\"admin\"\"}\",2024-01-02 03:04:05.123456+00,f\n"
        ),
        (
            "supabase-csv-identities",
            "provider_id,user_id,identity_data,provider,created_at,id\n"
                + "001542.a,4d56e902-f0a0-4662-8448-a4d9e643c142,\"{\"\"sub\"\":\"\"001542.a\"\"}\",apple,2024-01-02 03:04:05+00,\n"
        ),
        ("csv-stray-quote", "id,encrypted_password\n4d56e902-f0a0-4662-8448-a4d9e643c142,a\"b\n"),
        ("firebase-duplicate", #"{"users":[{"localId":"u1"},{"localId":"u1"}]}"#),
    ]
}
