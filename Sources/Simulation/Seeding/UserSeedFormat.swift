/// The formats a file of users comes in.
public enum UserSeedFormat: String, Sendable, Hashable, CaseIterable {
    /// firebase-tools' `auth:export` / `auth:import` JSON: `{"users": [...]}` (firebase-tools
    /// `src/accountExporter.ts`, `src/accountImporter.ts`).
    case firebase
    /// GoTrue's `auth.users` and `auth.identities` rows as JSON: `{"users": [...], "identities": [...]}`.
    case supabase
    /// One GoTrue table as `psql \copy (...) to FILE csv header` writes it; the header names the
    /// table (`encrypted_password`: `auth.users`; `identity_data`: `auth.identities`).
    case supabaseCSV = "supabase-csv"

    /// Which format a file's bytes are in: JSON whose `users` rows carry `localId` is Firebase's,
    /// other JSON GoTrue's rows, and anything else GoTrue CSV.
    /// - Parameter bytes: The file.
    /// - Returns: The format.
    static func detect(_ bytes: [UInt8]) -> UserSeedFormat {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else { return .supabaseCSV }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return .supabaseCSV }
        let marker = Array("\"localId\"".utf8)
        guard bytes.count >= marker.count else { return .supabase }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            if Array(bytes[start..<(start + marker.count)]) == marker { return .firebase }
        }
        return .supabase
    }
}
