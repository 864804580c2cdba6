/// A QR code (ISO/IEC 18004) of bytes in byte mode, as GoTrue draws the `otpauth://` URI in
/// `totp.qr_code` (internal/api/mfa.go: boombuskit/barcode `qr.Encode(uri, qr.H, qr.Auto)`):
/// the smallest version that holds the text at the error-correction level, Reed–Solomon blocks
/// interleaved, the mask with the lowest penalty. Drawn as SVG (``svg(moduleSize:)``) or with
/// terminal blocks (``terminalLines()``). The construction follows Project Nayuki's public
/// description of the algorithm; the tables are the standard's.
///
/// ```swift
/// let code = try QRCode(Array(uri.utf8), level: .high)
/// print(code.svg())
/// ```
package struct QRCode: Sendable {
    /// The error-correction level: how much of the symbol may be lost.
    package enum Level: Int, Sendable, CaseIterable {
        case low, medium, quartile, high

        /// The two format bits (L 01, M 00, Q 11, H 10).
        var formatBits: Int { [1, 0, 3, 2][rawValue] }
    }

    /// Why a text cannot be drawn.
    package enum Failure: Error, Equatable {
        /// Longer than version 40 holds at the level.
        case tooLong
    }

    /// The version, 1 to 40.
    package let version: Int
    /// Modules per side (`4 × version + 17`).
    package let size: Int
    /// The mask used, 0 to 7.
    package private(set) var mask: Int
    /// Dark modules, row by row.
    package internal(set) var modules: [Bool]
    /// Which modules belong to function patterns (never masked).
    var isFunction: [Bool]

    /// Encodes bytes.
    /// - Parameters:
    ///   - data: The bytes (a URI's UTF-8).
    ///   - level: The error-correction level.
    ///   - mask: A mask to force (tests); `nil` chooses by penalty.
    /// - Throws: ``Failure/tooLong``.
    package init(_ data: [UInt8], level: Level, mask forcedMask: Int? = nil) throws(Failure) {
        guard let version = (1...40).first(where: { Self.dataCodewords($0, level) * 8 >= 4 + ($0 < 10 ? 8 : 16) + data.count * 8 })
        else { throw .tooLong }
        self.version = version
        size = version * 4 + 17
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        mask = 0
        drawFunctionPatterns()
        let codewords = Self.codewords(data, version: version, level: level)
        drawCodewords(codewords)
        var best = (mask: 0, penalty: Int.max)
        for candidate in forcedMask.map({ [$0] }) ?? Array(0..<8) {
            applyMask(candidate)
            drawFormatBits(level, mask: candidate)
            let penalty = forcedMask == nil ? self.penalty() : 0
            if penalty < best.penalty { best = (candidate, penalty) }
            applyMask(candidate)
        }
        mask = best.mask
        applyMask(best.mask)
        drawFormatBits(level, mask: best.mask)
    }

    /// Whether the module at column `x`, row `y` is dark.
    package subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    mutating func set(_ x: Int, _ y: Int, _ dark: Bool, function: Bool = true) {
        modules[y * size + x] = dark
        if function { isFunction[y * size + x] = true }
    }
}
