import AuthDomain
import AuthJWT
import Foundation

/// What `login mfa` prints.
extension Reporter {
    /// A started enrolment: the otpauth:// URI (with the secret: showing it is `mfa enroll`'s
    /// job), the secret, and the QR code drawn in the terminal.
    func enrolled(_ enrollment: SecondFactorEnrollment, qrLines: [String], backend: String) {
        let factor = enrollment.factor
        if json {
            write(
                JSONObject(
                    dictionaryLiteral: ("event", .string("factorEnrolled")), ("backend", .string(backend)),
                    ("factor", Self.factorJSON(factor)), ("uri", .string(enrollment.uri.revealed)),
                    ("secret", .string(enrollment.secret.revealed)), ("issuer", .string(enrollment.issuer)),
                    ("accountName", .string(enrollment.accountName))
                ).jsonString)
            return
        }
        emit(
            event: "factorEnrolled", headline: "TOTP factor \(factor.id) enrolled (unverified until a first code).", fields: [:],
            lines: [
                ("uri", enrollment.uri.revealed), ("secret", enrollment.secret.revealed), ("issuer", enrollment.issuer),
                ("account", enrollment.accountName),
            ])
        if !qrLines.isEmpty { write(qrLines.joined(separator: "\n")) }
    }

    /// The account's factors.
    func secondFactors(_ factors: [SecondFactor], backend: String) {
        if json {
            write(
                JSONObject(
                    dictionaryLiteral: ("event", .string("factors")), ("backend", .string(backend)),
                    ("factors", .array(factors.map(Self.factorJSON)))
                ).jsonString)
            return
        }
        var lines = ["\(factors.count) factor\(factors.count == 1 ? "" : "s") (\(backend)):"]
        for factor in factors {
            lines.append("  \(factor.id)  totp  \(factor.isVerified ? "verified" : "unverified")  \(factor.friendlyName ?? "-")")
        }
        write(lines.map(TerminalText.escaped).joined(separator: "\n"))
    }

    /// A factor's current code, alone on its line (or in `--json`), for `--mfa-code "$(login mfa code)"`.
    func currentCode(_ code: String, factorID: String, secondsLeft: Int) {
        guard json else {
            write(code)
            return
        }
        write(
            JSONObject(
                dictionaryLiteral: ("event", .string("factorCode")), ("factorId", .string(factorID)), ("code", .string(code)),
                ("secondsLeft", .int(Int64(secondsLeft)))
            ).jsonString)
    }

    static func factorJSON(_ factor: SecondFactor) -> JSONValue {
        .object([
            "id": .string(factor.id), "factorType": .string("totp"), "status": .string(factor.isVerified ? "verified" : "unverified"),
            "friendlyName": factor.friendlyName.map(JSONValue.string) ?? .null,
        ])
    }
}
