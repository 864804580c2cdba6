import Foundation

extension FirebaseStore {
    /// Refuses a checked row that the project's accounts conflict with, writing nothing: what
    /// ``importUser(_:allowOverwrite:sanityCheck:now:)`` would refuse.
    /// - Parameter row: The row.
    /// - Throws: The row's message.
    func checkSeed(_ row: FirebaseImportedUser) throws(FirebaseImportError) {
        guard rows.user(row.localId) == nil else { throw "localId belongs to an existing account" }
        if let email = row.email, rows.localId(email: email) != nil { throw "email exists in other account in database" }
        for provider in row.providers where rows.federatedUser(providerId: provider.providerId, rawId: provider.rawId) != nil {
            throw "raw id exists in other account in database"
        }
        do { _ = try checkedPhoneNumber(row.phoneNumber, of: row.localId) } catch { throw FirebaseImportError(error.message) }
    }
}
