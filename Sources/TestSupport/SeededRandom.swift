/// A small deterministic generator (SplitMix64) for fuzzed test inputs, so that a failure replays.
public struct SeededRandom: Sendable {
    private var state: UInt64

    /// Creates a generator.
    /// - Parameter seed: The seed.
    public init(seed: UInt64) { state = seed }

    /// The next number below `bound`.
    /// - Parameter bound: The exclusive upper bound (at least 1).
    /// - Returns: A number in `0..<bound`.
    public mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }

    /// A string of 1 to `most` pieces picked from `pieces`.
    /// - Parameters:
    ///   - pieces: What to pick from.
    ///   - most: The most pieces.
    /// - Returns: The string.
    public mutating func string(of pieces: [String], most: Int) -> String {
        var text = ""
        for _ in 0..<(next(upTo: most) + 1) { text += pieces[next(upTo: pieces.count)] }
        return text
    }
}
