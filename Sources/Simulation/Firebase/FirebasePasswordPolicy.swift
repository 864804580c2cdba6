import AuthData
import AuthJWT
import Foundation

/// Identity Platform's password policy (`passwordPolicyConfig`: an enforcement state and one
/// version's `customStrengthOptions`), checked when a password is set. Without an enforced
/// policy a password needs only Firebase's fixed minimum of 6 characters (firebase-tools
/// src/emulator/auth/operations.ts `PASSWORD_MIN_LENGTH`, `WEAK_PASSWORD`).
package struct FirebasePasswordPolicy: Codable, Hashable, Sendable {
    /// Firebase's own minimum, which applies whatever the policy.
    package static let fixedMinimumLength = 6
    /// The longest password any policy allows (Identity Platform's upper bound).
    package static let ceiling = 4096

    /// `ENFORCE` or `OFF`.
    package var enforcementState = "OFF"
    package var minPasswordLength = 6
    package var maxPasswordLength = 4096
    package var containsLowercaseCharacter = false
    package var containsUppercaseCharacter = false
    package var containsNumericCharacter = false
    package var containsNonAlphanumericCharacter = false

    /// No policy enforced.
    package init() {}

    /// Reads a `passwordPolicyConfig` object.
    /// - Parameter json: The object.
    /// - Throws: `INVALID_CONFIG` for an unknown state or lengths outside 6…4096.
    package init(json: JSONObject) throws(FirebaseFailure) {
        let state = json["passwordPolicyEnforcementState"]?.stringValue ?? "OFF"
        guard ["ENFORCE", "OFF", "PASSWORD_POLICY_ENFORCEMENT_STATE_UNSPECIFIED"].contains(state) else {
            throw .code("INVALID_CONFIG", "passwordPolicyEnforcementState must be ENFORCE or OFF")
        }
        enforcementState = state == "ENFORCE" ? "ENFORCE" : "OFF"
        let options = json["passwordPolicyVersions"]?.arrayValue?.first?.objectValue?["customStrengthOptions"]?.objectValue ?? [:]
        minPasswordLength = Int(options["minPasswordLength"]?.intValue ?? 6)
        maxPasswordLength = Int(options["maxPasswordLength"]?.intValue ?? Int64(Self.ceiling))
        guard (Self.fixedMinimumLength...30).contains(minPasswordLength),
            (minPasswordLength...Self.ceiling).contains(maxPasswordLength)
        else {
            throw .code("INVALID_CONFIG", "minPasswordLength must be 6 to 30 and maxPasswordLength from it to 4096")
        }
        containsLowercaseCharacter = options["containsLowercaseCharacter"]?.boolValue ?? false
        containsUppercaseCharacter = options["containsUppercaseCharacter"]?.boolValue ?? false
        containsNumericCharacter = options["containsNumericCharacter"]?.boolValue ?? false
        containsNonAlphanumericCharacter = options["containsNonAlphanumericCharacter"]?.boolValue ?? false
    }

    /// The `passwordPolicyConfig` object.
    var json: JSONObject {
        let options: JSONObject = [
            "minPasswordLength": .int(Int64(minPasswordLength)), "maxPasswordLength": .int(Int64(maxPasswordLength)),
            "containsLowercaseCharacter": .bool(containsLowercaseCharacter),
            "containsUppercaseCharacter": .bool(containsUppercaseCharacter),
            "containsNumericCharacter": .bool(containsNumericCharacter),
            "containsNonAlphanumericCharacter": .bool(containsNonAlphanumericCharacter),
        ]
        return [
            "passwordPolicyEnforcementState": .string(enforcementState),
            "passwordPolicyVersions": .array([.object(["customStrengthOptions": .object(options)])]),
        ]
    }

    /// Checks a new password: Firebase's fixed minimum first (`WEAK_PASSWORD`), then, when the
    /// policy is enforced, every requirement it misses, named in one
    /// `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`. Without a policy, the policy's ceiling (4096
    /// characters) still bounds a password.
    /// - Parameter password: The new password.
    /// - Throws: `WEAK_PASSWORD : Password should be at least 6 characters`,
    ///   `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [...]`.
    package func check(_ password: String) throws(FirebaseFailure) {
        let length = password.count
        guard length >= Self.fixedMinimumLength else {
            throw .code("WEAK_PASSWORD", "Password should be at least \(Self.fixedMinimumLength) characters")
        }
        let enforced = enforcementState == "ENFORCE"
        let maximum = enforced ? maxPasswordLength : Self.ceiling
        var missing: [String] = []
        if enforced, length < minPasswordLength { missing.append("Password must contain at least \(minPasswordLength) characters") }
        if length > maximum { missing.append("Password may contain at most \(maximum) characters") }
        guard enforced else { return try Self.refuse(missing) }
        if containsLowercaseCharacter, !password.contains(where: \.isLowercase) {
            missing.append("Password must contain a lower case character")
        }
        if containsUppercaseCharacter, !password.contains(where: \.isUppercase) {
            missing.append("Password must contain an upper case character")
        }
        if containsNumericCharacter, !password.contains(where: { $0.isASCII && $0.isNumber }) {
            missing.append("Password must contain a numeric character")
        }
        if containsNonAlphanumericCharacter, !password.contains(where: { !($0.isLetter || $0.isNumber) }) {
            missing.append("Password must contain a non-alphanumeric character")
        }
        try Self.refuse(missing)
    }

    private static func refuse(_ missing: [String]) throws(FirebaseFailure) {
        guard missing.isEmpty else {
            throw .code("PASSWORD_DOES_NOT_MEET_REQUIREMENTS", "Missing password requirements: [\(missing.joined(separator: ", "))]")
        }
    }
}
