import Foundation
import Testing

@testable import AuthSimulation

/// QR codes against python-qrcode 8.0 (PyPI `qrcode`): 18 texts of 1 to 330 bytes at every
/// error-correction level and every mask, versions 1 to 17, module for module
/// (`Tests/Interop/qr_check.py make`); `Scripts/interop.sh` also decodes the emulator's
/// `totp.qr_code` with zxing-cpp.
@Suite("QR codes")
struct QRCodeTests {
    private struct Document: Decodable {
        var generator: String
        var cases: [Case]
    }

    private struct Case: Decodable {
        var text: String
        var level: String
        var mask: Int
        var version: Int
        var rows: [String]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/QR/python-qrcode.json")

    @Test("python-qrcode's matrices, module for module, at the same version, level and mask")
    func matchesPythonQRCode() throws {
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: Self.fixture))
        #expect(document.generator == "python-qrcode" && document.cases.count == 18)
        for item in document.cases {
            let level = try #require(QRCode.Level.allCases.first { "LMQH".map(String.init)[$0.rawValue] == item.level })
            let code = try QRCode(Array(item.text.utf8), level: level, mask: item.mask)
            #expect(code.version == item.version, "\(item.text.count) bytes at \(item.level)")
            let rows = (0..<code.size).map { y in String((0..<code.size).map { code[$0, y] ? "1" : "0" }) }
            #expect(rows == item.rows, "\(item.text.count) bytes at \(item.level), mask \(item.mask)")
        }
    }

    @Test("the chosen mask has the lowest penalty of the eight")
    func chosenMaskHasTheLowestPenalty() throws {
        let text = Array(
            "otpauth://totp/example.com:ada@example.com?algorithm=SHA1&digits=6&issuer=example.com&period=30&secret=JBSWY3DPEHPK3PXP".utf8)
        let chosen = try QRCode(text, level: .high)
        let penalties = try (0..<8).map { try QRCode(text, level: .high, mask: $0).penalty() }
        #expect(chosen.penalty() == penalties.min())
    }

    @Test("too long for version 40 is refused; the SVG and the terminal text have the quiet zone")
    func limitsAndDrawing() throws {
        #expect(throws: QRCode.Failure.tooLong) { try QRCode(Array(repeating: 0x41, count: 1_274), level: .high) }
        let code = try QRCode(Array("hello".utf8), level: .medium)
        #expect(code.size == 21)
        let svg = code.svg()
        #expect(svg.contains(#"width="87""#) && svg.contains("M12,12h3v3h-3z"), "the top-left finder starts after 4 light modules")
        let lines = code.terminalLines()
        #expect(lines.count == 15 && lines.allSatisfy { $0.count == 29 })
        #expect(lines[0].allSatisfy { $0 == " " } && lines[2].hasPrefix("    █▀▀▀▀▀█"))
    }
}
