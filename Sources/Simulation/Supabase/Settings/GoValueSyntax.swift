/// The value syntax of GoTrue's environment variables: what `envconfig` (which GoTrue's
/// `internal/conf/configuration.go` loads them with) accepts for each Go type, as Go's
/// `strconv` parses it.
package enum GoValueSyntax {
    /// `strconv.ParseBool`: `1 t T TRUE true True` and `0 f F FALSE false False`.
    package static func bool(_ text: String) -> Bool? {
        switch text {
        case "1", "t", "T", "TRUE", "true", "True": true
        case "0", "f", "F", "FALSE", "false", "False": false
        default: nil
        }
    }

    /// `strconv.ParseInt(text, 0, 64)`: an optional sign, then decimal digits, or `0x`, `0o`,
    /// `0b` or a leading `0` (octal) for another base; `_` between digits only with a prefix.
    package static func int(_ text: String) -> Int? {
        var rest = Substring(text)
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        guard let magnitude = unsigned(rest), magnitude <= UInt64(Int64.max) + (negative ? 1 : 0) else { return nil }
        return negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude)
    }

    /// `strconv.ParseUint(text, 0, 64)`: ``int(_:)`` without a sign.
    package static func uint(_ text: String) -> UInt64? { unsigned(Substring(text)) }

    /// `strconv.ParseFloat(text, 64)`, for the finite decimal numbers a setting can hold
    /// (`30`, `1.5`, `1e3`).
    package static func double(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// `envconfig`'s `[]string`: the value split at every comma, nothing trimmed; empty for an
    /// empty value.
    package static func list(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    private static func unsigned(_ text: Substring) -> UInt64? {
        var digits = text
        var radix: UInt64 = 10
        var prefixed = false
        if digits.count > 1, digits.first == "0" {
            let marker = digits.dropFirst().first
            switch marker {
            case "x", "X":
                radix = 16
                digits = digits.dropFirst(2)
                prefixed = true
            case "o", "O":
                radix = 8
                digits = digits.dropFirst(2)
                prefixed = true
            case "b", "B":
                radix = 2
                digits = digits.dropFirst(2)
                prefixed = true
            default:
                radix = 8
                digits = digits.dropFirst()
                prefixed = true
            }
        }
        guard !digits.isEmpty, digits.first != "_", digits.last != "_", !digits.contains("__") else { return nil }
        var value: UInt64 = 0
        for character in digits {
            if character == "_" {
                guard prefixed else { return nil }
                continue
            }
            guard let digit = character.hexDigitValue.map(UInt64.init), digit < radix else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
