import AuthDomain
import AuthSimulation
import Foundation
import Testing

/// The storage contract for Firebase's enrolled second factors (Identity Toolkit's `mfaInfo`),
/// run against every adapter.
@Suite("Storage contract: Firebase MFA rows")
struct FirebaseMFARowsContractTests {
    private func enrollment(of localId: String, _ id: String, at seconds: Double) -> FirebaseMFAEnrollmentRecord {
        FirebaseMFAEnrollmentRecord(
            localId: localId, mfaEnrollmentId: id, displayName: "phone \(id)",
            enrolledAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds),
            secret: Secret("JBSWY3DPEHPK3PXP"), lastUsedStep: nil)
    }

    @Test(
        "factors read back whole, oldest first, per user and project; a saved step replaces; they go with their user",
        arguments: StorageAdapter.allCases)
    func enrollments(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var second = enrollment(of: "uidA", "m2", at: 2)
        let first = enrollment(of: "uidA", "m1", at: 1)
        let foreign = enrollment(of: "uidB", "m3", at: 3)
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.save(Fixture.firebaseUser("uidA", email: "ada@example.com"))
            project.save(Fixture.firebaseUser("uidB", email: "grace@example.com"))
            for record in [second, first, foreign] { project.save(record) }
        }
        #expect(try sut.read { $0.firebase(project: "a").mfaEnrollments(of: "uidA") } == [first, second])
        #expect(try sut.read { $0.firebase(project: "b").mfaEnrollments(of: "uidA") }.isEmpty)

        second.lastUsedStep = 56_666_666
        try sut.write { $0.firebase(project: "a").save(second) }
        #expect(try sut.read { $0.firebase(project: "a").mfaEnrollments(of: "uidA") } == [first, second])

        try sut.write { $0.firebase(project: "a").deleteMFAEnrollment(localId: "uidA", mfaEnrollmentId: "m1") }
        #expect(try sut.read { $0.firebase(project: "a").mfaEnrollments(of: "uidA") } == [second])
        try sut.write { $0.firebase(project: "a").deleteUser("uidA") }
        #expect(try sut.read { $0.firebase(project: "a").mfaEnrollments(of: "uidA") }.isEmpty)
        #expect(try sut.read { $0.firebase(project: "a").mfaEnrollments(of: "uidB") } == [foreign])
        try sut.write { $0.firebase(project: "a").wipeAccounts() }
        #expect(try sut.read { $0.firebase(project: "a").mfaEnrollments(of: "uidB") }.isEmpty)
    }

    @Test(
        "TOTP enrolments waiting for :finalize read back per project, first to expire first; expired ones purge; they go with their user",
        arguments: StorageAdapter.allCases)
    func enrollmentSessions(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        func session(_ localId: String, _ secret: String, _ seconds: TimeInterval) -> FirebaseTOTPEnrollmentSession {
            FirebaseTOTPEnrollmentSession(localId: localId, secret: Secret(secret), expiresAt: base.addingTimeInterval(seconds))
        }
        let late = session("uidA", "JBSWY3DPEHPK3PXP", 300)
        let early = session("uidA", "KRSXG5CTMVRXEZLU", 10)
        let foreign = session("uidB", "MFRGGZDFMZTWQ2LK", 300)
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.save(Fixture.firebaseUser("uidA", email: "ada@example.com"))
            project.save(Fixture.firebaseUser("uidB", email: "grace@example.com"))
            project.insertTOTPEnrollmentSession("s-late", late)
            project.insertTOTPEnrollmentSession("s-early", early)
            project.insertTOTPEnrollmentSession("s-foreign", foreign)
        }
        #expect(try sut.read { $0.firebase(project: "a").totpEnrollmentSession("s-late") } == late)
        #expect(try sut.read { $0.firebase(project: "b").totpEnrollmentSession("s-late") } == nil)
        #expect(try sut.read { $0.firebase(project: "a").totpEnrollmentSessions(of: "uidA").map(\.sessionInfo) } == ["s-early", "s-late"])

        try sut.write { $0.firebase(project: "a").purgeTOTPEnrollmentSessions(expiredAt: base.addingTimeInterval(10)) }
        #expect(try sut.read { $0.firebase(project: "a").totpEnrollmentSessions(of: "uidA").map(\.session) } == [late])
        try sut.write { $0.firebase(project: "a").deleteTOTPEnrollmentSession("s-late") }
        #expect(try sut.read { $0.firebase(project: "a").totpEnrollmentSession("s-late") } == nil)
        try sut.write { $0.firebase(project: "a").deleteUser("uidB") }
        #expect(try sut.read { $0.firebase(project: "a").totpEnrollmentSession("s-foreign") } == nil)
    }
}
