import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// One row of `accounts:batchCreate` (`users[i]`), checked as firebase-tools checks it
/// (`src/emulator/auth/operations.ts` `batchCreate`): a row that fails is refused alone, with the
/// message Google's emulator gives, and the other rows are still imported.
struct FirebaseImportedUser {
    let localId: String
    let email: String?
    let emailVerified: Bool
    let displayName: String?
    let photoUrl: String?
    let disabled: Bool
    /// The password hash kept for the row: the imported hash
    /// (``FirebaseImportedPasswordHash/stored(row:body:)``) or the engine's bcrypt of its
    /// `rawPassword`.
    let passwordHash: String?
    var hasPassword: Bool { passwordHash != nil }
    let customAttributes: String?
    /// `phoneNumber`, checked by the store (E.164, not another account's).
    let phoneNumber: String?
    let providers: [FirebaseProviderRecord]
    /// `createdAt` and `lastLoginAt` in milliseconds, when the row gives them as numbers.
    let createdAt: Int64?
    let lastLoginAt: Int64?

    /// Reads and checks a row.
    /// - Parameters:
    ///   - row: The row as sent.
    ///   - body: The request, for its hash options.
    ///   - rawPasswordHash: The engine's hash of the row's `rawPassword`, if it has one.
    /// - Throws: The row's error message (the `message` of its entry in `error`).
    init(_ row: JSONObject, body: JSONObject = [:], rawPasswordHash: String? = nil) throws(FirebaseImportError) {
        guard let localId = row["localId"]?.stringValue, !localId.isEmpty else { throw "localId is missing" }
        guard localId.count <= FirebaseFieldLimits.localId else { throw "localId is longer than \(FirebaseFieldLimits.localId) characters" }
        guard row["tenantId"] == nil else { throw "Tenant id in userInfo does not match the tenant id in request." }
        self.localId = localId
        displayName = row["displayName"]?.stringValue
        photoUrl = row["photoUrl"]?.stringValue
        do { try FirebaseFieldLimits.checkProfile(displayName: displayName, photoUrl: photoUrl) } catch {
            throw FirebaseImportError(error.message)
        }
        passwordHash = try FirebaseImportedPasswordHash.stored(row: row, body: body) ?? rawPasswordHash
        customAttributes = try Self.customAttributes(row["customAttributes"]?.stringValue)
        providers = try Self.providers(row["providerUserInfo"]?.arrayValue ?? [])
        phoneNumber = row["phoneNumber"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        // This engine keeps no second factors yet: such a row is refused rather than imported
        // without them.
        guard row["mfaInfo"]?.arrayValue?.isEmpty ?? true else { throw "((second factors are not modelled by this emulator))" }
        createdAt = Self.millis(row["createdAt"])
        lastLoginAt = Self.millis(row["lastLoginAt"])
        if let raw = row["email"]?.stringValue {
            guard let email = try? EmailAddress.normalized(raw) else { throw "email is invalid" }
            self.email = email
        } else {
            email = nil
        }
        emailVerified = row["emailVerified"]?.boolValue ?? false
        disabled = row["disabled"]?.boolValue ?? false
    }

    /// The claims checks, with production's wording for their codes.
    private static func customAttributes(_ text: String?) throws(FirebaseImportError) -> String? {
        guard let text else { return nil }
        do { try FirebaseFieldLimits.checkCustomAttributes(text) } catch {
            switch error.code {
            case "INVALID_CLAIMS": throw "Invalid custom claims provided."
            case "CLAIMS_TOO_LARGE": throw "Custom claims provided are too large."
            default: throw "Custom claims provided include a reserved claim."
            }
        }
        return text
    }

    /// The federated providers; `password` and `phone` rows are skipped (they follow from the
    /// account's own fields).
    private static func providers(_ rows: [JSONValue]) throws(FirebaseImportError) -> [FirebaseProviderRecord] {
        var providers: [FirebaseProviderRecord] = []
        for value in rows {
            guard let row = value.objectValue else { throw "providerUserInfo entries must be objects" }
            let providerId = row["providerId"]?.stringValue ?? ""
            guard providerId != "password", providerId != "phone" else { continue }
            guard let rawId = row["rawId"]?.stringValue, !rawId.isEmpty, !providerId.isEmpty else {
                guard row["federatedId"] != nil else { throw "federatedId or (providerId & rawId) is required" }
                throw "((Parsing federatedId is not implemented in Auth Emulator; please specify providerId AND rawId as a workaround.))"
            }
            guard rawId.count <= FirebaseFieldLimits.localId, providerId.count <= FirebaseFieldLimits.localId else {
                throw "providerId and rawId are at most \(FirebaseFieldLimits.localId) characters"
            }
            providers.append(
                FirebaseProviderRecord(
                    providerId: providerId, rawId: rawId, email: row["email"]?.stringValue,
                    displayName: row["displayName"]?.stringValue, photoUrl: row["photoUrl"]?.stringValue))
        }
        return providers
    }

    /// Milliseconds sent as a number or a decimal string (Google's int64 fields take both).
    private static func millis(_ value: JSONValue?) -> Int64? { value?.intValue ?? value?.stringValue.flatMap { Int64($0) } }
}

/// Why one row of `accounts:batchCreate` was not imported.
struct FirebaseImportError: Error, ExpressibleByStringInterpolation {
    let message: String

    init(_ message: String) { self.message = message }
    init(stringLiteral value: String) { message = value }
}
