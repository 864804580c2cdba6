import AuthData

/// GoTrue's `validatePhone` (api/phone.go): `+` and spaces are dropped, then the number must be
/// E.164 digits (`^[1-9][0-9]{1,14}$`).
enum SupabasePhone {
    /// The number without `+` and spaces.
    /// - Parameter raw: The number as sent.
    /// - Returns: The digits.
    /// - Throws: 400 `validation_failed` "Invalid phone number format (E.164 required)".
    static func normalized(_ raw: String) throws(SupabaseFailure) -> String {
        var digits = raw.hasPrefix("+") ? String(raw.dropFirst()) : raw
        digits.removeAll { $0 == " " }
        let bytes = Array(digits.utf8)
        guard (2...15).contains(bytes.count), bytes[0] >= UInt8(ascii: "1"), bytes[0] <= UInt8(ascii: "9"),
            bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { throw .invalidPhone }
        return digits
    }
}
