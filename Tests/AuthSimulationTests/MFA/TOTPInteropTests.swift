import AuthDomain
import Foundation
import Testing

@testable import AuthSimulation

/// TOTP against pyotp (PyPI `pyotp` 2.9.0): 200 codes pyotp computed for random base32 secrets
/// (20 and 25 bytes) at random instants up to 2100, reproduced here. `Scripts/interop.sh` writes a
/// fresh set with `Tests/Interop/totp_check.py make` and runs this test on it through
/// `TOTP_INTEROP_FILE`; without it, the committed fixture.
@Suite("TOTP interop with pyotp")
struct TOTPInteropTests {
    private struct Document: Decodable {
        var generator: String
        var cases: [Case]
    }

    private struct Case: Decodable {
        var secret: String
        var time: TimeInterval
        var code: String
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/TOTP/pyotp-codes.json")

    @Test("pyotp's codes are this TOTP's codes, and each verifies at its instant")
    func pyotpCodes() throws {
        let source = ProcessInfo.processInfo.environment["TOTP_INTEROP_FILE"].map { URL(fileURLWithPath: $0) } ?? Self.fixture
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: source))
        #expect(document.generator == "pyotp" && document.cases.count == 200)
        let totp = TOTP()
        for item in document.cases {
            let at = Date(timeIntervalSince1970: item.time)
            #expect(try totp.code(for: Secret(item.secret), at: at) == item.code, "at \(Int(item.time))")
            #expect(try totp.matchingStep(of: item.code, for: Secret(item.secret), at: at) == totp.step(at: at))
        }
    }
}
