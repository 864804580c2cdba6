import Foundation
import Testing

/// `login mfa code`, as the end-to-end tests read a factor's code (it stands in for the app).
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
}

/// The code did not change within three steps.
struct MFACodeUnchanged: Error, CustomStringConvertible {
    var description: String { "the code did not change within three steps" }
}
