import AuthDomain
import AuthSimulation
import Foundation
import Testing

/// `login mfa code` and `login mfa verify`, as the end-to-end tests drive them (the code stands in
/// for the app). Each command is a process; on a loaded machine one can start a step after the code
/// was read, so a verification that misses its window is tried again with a fresh code.
extension LoginCLI {
    /// `login mfa code --json` for the factor: its code and seconds left.
    /// - Parameters:
    ///   - factorID: The factor (or, on Firebase, the enrolment's `sessionInfo`).
    ///   - options: More options (a backend, a remote server).
    func mfaCode(_ factorID: String, _ options: [String] = []) async throws -> (code: String, secondsLeft: Int) {
        let object = try await json(["mfa", "code", "--id", factorID] + options)
        return (try #require(object["code"] as? String, "\(object)"), object["secondsLeft"] as? Int ?? 30)
    }

    /// The next code, after the step of the last accepted one (a code is accepted once): waits
    /// for the next step at most three times.
    func nextMFACode(_ factorID: String, after used: String, _ options: [String] = []) async throws -> String {
        for _ in 0..<3 {
            let current = try await mfaCode(factorID, options)
            if current.code != used { return current.code }
            try await Task.sleep(for: .seconds(current.secondsLeft + 1))
        }
        throw MFACodeUnchanged()
    }

    /// `login mfa verify ID --mfa-code C --json` with `code()`'s code, at most three times while the
    /// answer is a refused code (`INVALID_CODE`, `mfa_verification_failed`).
    /// - Returns: The last answer.
    func verifyFactor(_ factorID: String, _ options: [String], code: () async throws -> String) async throws -> [String: Any] {
        var answer: [String: Any] = [:]
        for _ in 0..<3 {
            answer = try await json(["mfa", "verify", factorID, "--mfa-code", try await code()] + options)
            guard ["INVALID_CODE", "mfa_verification_failed"].contains(Reply.errorCode(answer)) else { return answer }
        }
        return answer
    }
}

/// The current TOTP code of a secret an enrolment printed, and the codes a step either side.
enum AppCodes {
    static func now(_ secret: String, offset: TimeInterval = 0) throws -> String {
        try TOTP().code(for: Secret(secret), at: Date().addingTimeInterval(offset))
    }

    static func window(_ secret: String) throws -> Set<String> {
        Set(try [-30.0, 0, 30].map { try now(secret, offset: $0) })
    }

    /// The TOTP step now.
    static var step: Int64 { Int64(Date().timeIntervalSince1970) / 30 }
}

/// The code did not change within three steps.
struct MFACodeUnchanged: Error, CustomStringConvertible {
    var description: String { "the code did not change within three steps" }
}
