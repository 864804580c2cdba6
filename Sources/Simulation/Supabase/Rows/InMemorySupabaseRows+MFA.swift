import Foundation

/// Factors and challenges in memory.
extension InMemorySupabaseRows {
    func factors(userID: String) -> [SupabaseFactorRecord] {
        factors.values.filter { $0.userID == userID }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    func factor(_ id: String) -> SupabaseFactorRecord? { factors[id] }
    func save(_ factor: SupabaseFactorRecord) { factors[factor.id] = factor }

    func deleteFactor(_ id: String) {
        factors[id] = nil
        challenges = challenges.filter { $0.value.factorID != id }
    }

    func challenge(_ id: String) -> SupabaseChallengeRecord? { challenges[id] }
    func save(_ challenge: SupabaseChallengeRecord) { challenges[challenge.id] = challenge }
    func deleteChallenge(_ id: String) { challenges[id] = nil }
}
