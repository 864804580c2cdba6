/// Comparison whose time does not depend on where two byte strings differ.
enum ConstantTime {
    /// Whether `a` and `b` are equal; the time depends only on their lengths.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
