import AuthDomain
import AuthSimulation
import Foundation
import Testing

/// The storage contract for the Supabase MFA rows (GoTrue's `mfa_factors`, `mfa_challenges`, the
/// sessions' `aal`, `factor_id` and `mfa_amr_claims`), run against every adapter.
@Suite("Storage contract: Supabase MFA rows")
struct SupabaseMFARowsContractTests {
    private func factor(of userID: String, at seconds: Double, status: String = SupabaseFactorRecord.unverified) -> SupabaseFactorRecord {
        SupabaseFactorRecord(
            id: UUID().uuidString.lowercased(), userID: userID, friendlyName: "f\(Int(seconds))", factorType: "totp", status: status,
            secret: Secret("JBSWY3DPEHPK3PXP"), createdAt: Fixture.at(seconds), updatedAt: Fixture.at(seconds))
    }

    @Test(
        "factors read back whole, oldest first, and go with their user; challenges go with their factor",
        arguments: StorageAdapter.allCases)
    func factorsAndChallenges(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let user = Fixture.user(email: "ada@example.com")
        let other = Fixture.user(email: "grace@example.com")
        var second = factor(of: user.id, at: 2)
        let first = factor(of: user.id, at: 1)
        let foreign = factor(of: other.id, at: 3)
        let challenge = SupabaseChallengeRecord(
            id: UUID().uuidString.lowercased(), factorID: first.id, createdAt: Fixture.at(4), ipAddress: "127.0.0.1", sessionID: "s")
        try sut.write { rows in
            rows.supabase.save(user)
            rows.supabase.save(other)
            for record in [second, first, foreign] { rows.supabase.save(record) }
            rows.supabase.save(challenge)
        }
        #expect(try sut.read { $0.supabase.factors(userID: user.id) } == [first, second])
        #expect(try sut.read { $0.supabase.challenge(challenge.id) } == challenge)

        second.status = SupabaseFactorRecord.verified
        second.lastUsedStep = 59_666_666
        second.lastChallengedAt = Fixture.at(5)
        var verified = challenge
        verified.verifiedAt = Fixture.at(6)
        try sut.write { rows in
            rows.supabase.save(second)
            rows.supabase.save(verified)
        }
        #expect(try sut.read { $0.supabase.factor(second.id) } == second)
        #expect(try sut.read { $0.supabase.challenge(challenge.id) } == verified)
        var challenged = first
        challenged.lastChallengedAt = Fixture.at(7)
        try sut.write { $0.supabase.save(challenged) }
        #expect(try sut.read { $0.supabase.challenge(challenge.id) } == verified, "saving a factor again keeps its challenges")

        try sut.write { $0.supabase.deleteFactor(first.id) }
        #expect(try sut.read { $0.supabase.challenge(challenge.id) } == nil)
        try sut.write { $0.supabase.deleteUser(user.id) }
        #expect(try sut.read { $0.supabase.factors(userID: user.id) }.isEmpty)
        #expect(try sut.read { $0.supabase.factors(userID: other.id) } == [foreign])
    }

    @Test(
        "a session's aal, factor and later amr claims read back; the first factor's claim stays first", arguments: StorageAdapter.allCases)
    func sessionAssurance(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let user = Fixture.user(email: "ada@example.com")
        let session = Fixture.session(of: user.id, at: 1, token: "refresh-token-1")
        let totpAt = Int64(Fixture.at(1).timeIntervalSince1970)
        try sut.write { rows in
            rows.supabase.save(user)
            rows.supabase.insert(session)
            rows.supabase.insertRefreshToken("refresh-token-1", SupabaseRefreshTokenRecord(sessionID: session.id))
            rows.supabase.addAMRClaim(sessionID: session.id, SupabaseAMREntry(method: "totp", timestamp: totpAt))
            rows.supabase.setAssurance(sessionID: session.id, aal: "aal2", factorID: "factor-1")
        }
        let raised = try #require(try sut.read { $0.supabase.session(session.id) })
        #expect(raised.aal == "aal2" && raised.factorID == "factor-1")
        #expect(raised.amrMethod == "oauth" && raised.laterAMR == [SupabaseAMREntry(method: "totp", timestamp: totpAt)])

        try sut.write { rows in
            rows.supabase.addAMRClaim(sessionID: session.id, SupabaseAMREntry(method: "totp", timestamp: totpAt + 30))
        }
        #expect(try sut.read { $0.supabase.session(session.id) }?.laterAMR == [SupabaseAMREntry(method: "totp", timestamp: totpAt + 30)])
        try sut.write { rows in
            rows.supabase.removeAMRClaim(sessionID: session.id, method: "totp")
            rows.supabase.setAssurance(sessionID: session.id, aal: "aal1", factorID: nil)
        }
        let lowered = try #require(try sut.read { $0.supabase.session(session.id) })
        #expect(lowered.aal == "aal1" && lowered.factorID == nil && lowered.laterAMR.isEmpty && lowered.amrMethod == "oauth")
    }
}
