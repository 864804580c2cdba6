import ArgumentParser
import AuthSimulation
import Foundation

/// The GoTrue settings `login serve` starts with: a `config.toml`'s `[auth]` (``SupabaseConfigTOML``,
/// its `env(NAME)` values found in the process environment or the project's `.env` files,
/// ``SupabaseDotEnv``) with the process's variables over it, read as GoTrue reads its variables.
struct ServeEnvironment {
    /// The variables: the file's, then the process's over them.
    let variables: [String: String]
    /// The variables read as GoTrue reads them.
    let gotrue: GoTrueEnvironment
    /// What to warn about: unset `env(NAME)`s, keys and variables not modelled (names only).
    let warnings: [String]

    /// The longest `signing_keys_path` file read, in bytes.
    static let maxKeysFileBytes = 64 * 1024

    /// Reads the file, if any, and the environment.
    /// - Parameters:
    ///   - configPath: `--supabase-config`.
    ///   - environment: The process environment.
    ///   - workingDirectory: Where the command runs (the `.env` files are read up to it).
    /// - Throws: `ValidationError` naming the file and line, or the variable, that GoTrue or the
    ///   Supabase CLI would refuse.
    init(
        configPath: String?, environment: [String: String],
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws {
        var fromFile: [String: String] = [:]
        var origins: [String: String] = [:]
        var warnings: [String] = []
        if let configPath {
            let url = URL(fileURLWithPath: configPath)
            let config: SupabaseConfigTOML
            do {
                let dotenv = try SupabaseDotEnv(
                    configFolder: url.deletingLastPathComponent(), workingDirectory: URL(fileURLWithPath: workingDirectory),
                    environment: environment)
                let lookup = dotenv.variables.merging(environment) { _, process in process }
                config = try SupabaseConfigTOML(parsing: try Self.read(url, limit: TOMLDocument.maxBytes), environment: lookup)
            } catch let failure as SupabaseDotEnv.Failure {
                throw ValidationError("--supabase-config \(configPath): \(failure.description)")
            } catch let failure as SupabaseConfigTOML.Failure {
                throw ValidationError("--supabase-config \(configPath): \(failure.description)")
            }
            fromFile = config.variables
            origins = config.origins
            if let keysPath = config.signingKeysPath, !keysPath.isEmpty {
                let keysURL = URL(fileURLWithPath: keysPath, relativeTo: url.deletingLastPathComponent())
                fromFile["GOTRUE_JWT_KEYS"] = String(decoding: try Self.read(keysURL, limit: Self.maxKeysFileBytes), as: UTF8.self)
                origins["GOTRUE_JWT_KEYS"] = "auth.signing_keys_path"
            }
            warnings += config.unsetEnvironment.map { "\(configPath): environment variable is unset: \($0) (its env() text is kept)" }
            warnings += config.unmapped.map { "\(configPath): \($0) is set, but this emulator does not model it: ignored" }
        }
        variables = fromFile.merging(environment) { _, variable in variable }
        do { gotrue = try GoTrueEnvironment(variables) } catch {
            let origin = environment[error.variable] == nil ? origins[error.variable].map { " (\($0) in \(configPath ?? ""))" } ?? "" : ""
            throw ValidationError("\(error.description)\(origin) (a GoTrue environment variable)")
        }
        for name in gotrue.unmodelled {
            if environment[name] == nil, let key = origins[name] {
                warnings.append("\(configPath ?? ""): \(key) (\(name)) is set, but this emulator does not model it: ignored")
            } else {
                warnings.append("\(name) is set, but this emulator does not model it: ignored (see Docs/Emulator.md)")
            }
        }
        self.warnings = warnings
    }

    /// A file's bytes, refused past a size.
    private static func read(_ url: URL, limit: Int) throws -> [UInt8] {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw ValidationError("cannot read \(url.path): \((error as NSError).localizedDescription)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw ValidationError("\(url.path) is larger than \(limit) bytes") }
        return Array(data)
    }
}
