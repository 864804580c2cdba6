import AuthJWT
import Foundation

/// The code a factor's authenticator app would show now: what the console shows beside a factor
/// and `login mfa code` prints, embedded or from `login serve` (`GET /mfa/codes/{backend}`).
package struct CurrentTOTPCode: Sendable, Hashable {
    /// The factor's id (GoTrue's factor `id`; Firebase's `mfaEnrollmentId`, or the `sessionInfo`
    /// of an enrolment waiting for `mfaEnrollment:finalize`).
    package var factorID: String
    /// Whether the factor is verified (enrolled, on Firebase).
    package var verified: Bool
    /// The six digits (a secret: printed only by the commands whose job it is).
    package var code: String
    /// Seconds until the next step.
    package var secondsLeft: Int

    /// Creates a code with every field.
    package init(factorID: String, verified: Bool, code: String, secondsLeft: Int) {
        self.factorID = factorID
        self.verified = verified
        self.code = code
        self.secondsLeft = secondsLeft
    }

    /// The emulator route's JSON object.
    package var json: JSONValue {
        .object([
            "factorId": .string(factorID), "verified": .bool(verified), "code": .string(code),
            "secondsLeft": .int(Int64(secondsLeft)),
        ])
    }

    /// Reads the emulator route's JSON object.
    /// - Parameter json: One entry of `codes`.
    /// - Returns: `nil` when a field is missing.
    package init?(json: JSONValue) {
        guard let object = json.objectValue, let factorID = object["factorId"]?.stringValue, let code = object["code"]?.stringValue
        else { return nil }
        self.init(
            factorID: factorID, verified: object["verified"]?.boolValue ?? false, code: code,
            secondsLeft: Int(object["secondsLeft"]?.intValue ?? 30))
    }
}
