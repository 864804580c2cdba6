/// Hex text to bytes, for vectors written as the RFCs print them (spaces allowed).
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace }.utf8)
    return stride(from: 0, to: digits.count - 1, by: 2).map { i in
        UInt8(String(decoding: digits[i...i + 1], as: UTF8.self), radix: 16)!
    }
}
