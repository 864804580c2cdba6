/// A Supabase CLI project's `supabase/config.toml`, its `[auth]` settings turned into the GoTrue
/// variables `supabase start` gives the auth container (supabase/cli
/// `apps/cli-go/internal/start/start.go` `buildGotrueEnv`, `appendGotrueExternalProviderEnv`;
/// value rules in `apps/cli-go/pkg/config/auth.go`), so that ``GoTrueEnvironment`` applies them as
/// it applies the variables. A key the file leaves out has the CLI's value, from its template
/// (``SupabaseCLIDefaults``), as a CLI project always has. A string `env(NAME)` is `NAME`'s value
/// when it is set and not empty, else the text itself, as the CLI's `LoadEnvHook` resolves it.
///
/// ```swift
/// let config = try SupabaseConfigTOML(parsing: bytes, environment: ProcessInfo.processInfo.environment)
/// let gotrue = try GoTrueEnvironment(config.variables.merging(environment) { _, variable in variable })
/// ```
public struct SupabaseConfigTOML: Sendable {
    /// A file the CLI would refuse, or a value of the wrong type, with its line when known.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line (1-based), when the problem has one.
        public let line: Int?
        /// What is wrong (a secret value is never repeated).
        public let reason: String

        public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
    }

    /// The GoTrue variables, by name.
    public let variables: [String: String]
    /// The `config.toml` key each variable came from, by variable name.
    public let origins: [String: String]
    /// The `[auth]` keys set that map to no variable here, sorted.
    public let unmapped: [String]
    /// The names in `env(NAME)` values that are unset (the CLI warns "environment variable is
    /// unset"), sorted.
    public let unsetEnvironment: [String]
    /// `auth.signing_keys_path`: a file of JWKs for `GOTRUE_JWT_KEYS`, relative to the
    /// `supabase` folder.
    public let signingKeysPath: String?

    /// Reads a file's bytes.
    /// - Parameters:
    ///   - bytes: The file.
    ///   - environment: Where `env(NAME)` values are looked up.
    /// - Throws: ``Failure``: TOML outside the subset ``TOMLDocument`` reads, or a value of the wrong type.
    public init(parsing bytes: [UInt8], environment: [String: String]) throws(Failure) {
        let document: TOMLDocument
        do { document = try TOMLDocument(parsing: bytes) } catch { throw Failure(line: error.line, reason: error.reason) }
        var mapper = SupabaseConfigMapper(document: SupabaseCLIDefaults.merged(under: document), environment: environment)
        try mapper.mapAll()
        variables = mapper.variables
        origins = mapper.origins
        unmapped = mapper.unmapped.sorted()
        unsetEnvironment = mapper.unset.sorted()
        signingKeysPath = try mapper.string("auth.signing_keys_path")
    }
}
