import AuthSimulation

/// The fuzz entry for a Supabase CLI `config.toml`: the TOML subset reader, the CLI's mapping to
/// GoTrue variables, and GoTrue's reading of them.
enum ConfigFuzzing {
    /// The bytes as a `config.toml`. Properties: a refusal names a line of the input; every value
    /// read has a line of the input; what maps reads as GoTrue variables without trapping, and
    /// maps to the same variables again.
    static func supabaseConfig(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        let lineCount = input.reduce(1) { $0 + ($1 == 0x0a ? 1 : 0) }
        let document: TOMLDocument
        do { document = try TOMLDocument(parsing: input) } catch {
            return fuzzCheck((1...lineCount).contains(error.line), "a refusal names line \(error.line) of \(lineCount)")
        }
        fuzzCheck(
            document.values.keys.allSatisfy { document.lines[$0].map { (1...lineCount).contains($0) } == true },
            "a value without a line of the input")
        let environment = ["FUZZ": "fuzz-value"]
        guard let config = try? SupabaseConfigTOML(parsing: input, environment: environment) else { return }
        let again = try? SupabaseConfigTOML(parsing: input, environment: environment)
        fuzzCheck(again?.variables == config.variables, "the mapping is not deterministic")
        _ = try? GoTrueEnvironment(config.variables).apply(to: SupabaseSettings())
    }
}
