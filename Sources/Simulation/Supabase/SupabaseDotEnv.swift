import AuthJWT
import Foundation

/// The `.env` files a Supabase CLI project keeps its secrets in, read as the CLI reads them before
/// its `config.toml`, so that `env(NAME)` values find them (supabase/cli
/// `apps/cli-go/pkg/config/config.go` `loadNestedEnv`, `loadDefaultEnv`; each file parsed by
/// github.com/joho/godotenv, `parser.go`).
///
/// In each folder from the config file's (the project's `supabase` folder) up to the working
/// directory, or up to the project folder above it when the working directory is elsewhere, the
/// files `.env.<SUPABASE_ENV>.local`, `.env.local` (not when `SUPABASE_ENV` is `test`),
/// `.env.<SUPABASE_ENV>` and `.env` are read, `SUPABASE_ENV` being `development` when unset. As
/// godotenv's `Load`, a file never overrides a variable already set: the process environment wins,
/// and an earlier file wins over a later one.
///
/// The syntax is godotenv's: `KEY=VALUE` or `KEY: VALUE`, an optional `export ` prefix, `#`
/// comment lines and ` #` comments after an unquoted value, single-quoted values taken as they
/// are, double-quoted values with `\n`, `\r` and `\<character>` escapes, quoted values over several
/// lines, and `$NAME` or `${NAME}` in unquoted and double-quoted values replaced by a variable
/// defined before in the file or set in the environment (empty otherwise; `\$` is a `$`).
/// Bounded: at most ``maxBytes`` and ``maxLines`` a file. A value is never repeated in an error.
///
/// ```swift
/// let dotenv = try SupabaseDotEnv(configFolder: supabaseFolder, workingDirectory: cwd, environment: environment)
/// let lookup = dotenv.variables.merging(environment) { _, process in process }
/// ```
public struct SupabaseDotEnv: Sendable {
    /// A file that cannot be read or that godotenv would refuse, with the line when known.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file.
        public let path: String
        /// The line (1-based), 0 for the whole file.
        public let line: Int
        /// What is wrong (never the value).
        public let reason: String

        public var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
    }

    /// The largest file read, in bytes.
    public static let maxBytes = 1 << 20
    /// The most lines a file may have.
    public static let maxLines = 10_000

    /// The variables the files define that the environment does not set, the earlier file's value
    /// for a name defined twice.
    public private(set) var variables: [String: String] = [:]
    /// The files read, in the order read.
    public private(set) var files: [String] = []

    /// Reads the files.
    /// - Parameters:
    ///   - configFolder: The folder of `config.toml` (the project's `supabase` folder).
    ///   - workingDirectory: Where the command runs.
    ///   - environment: The process environment (`SUPABASE_ENV`, and the variables that win).
    /// - Throws: ``Failure`` naming the file and line.
    public init(configFolder: URL, workingDirectory: URL, environment: [String: String]) throws(Failure) {
        let names = Self.fileNames(supabaseEnv: environment["SUPABASE_ENV"])
        for folder in Self.folders(from: configFolder, to: workingDirectory) {
            for name in names {
                let path = folder.appendingPathComponent(name).path
                guard let bytes = try Self.read(path) else { continue }
                let lookup = variables.merging(environment) { _, process in process }
                var parser = DotEnvParser(path: path, environment: lookup)
                for (key, value) in try parser.parse(bytes) where environment[key] == nil && variables[key] == nil {
                    variables[key] = value
                }
                files.append(path)
            }
        }
    }

    /// The file names read in each folder, in order (`loadDefaultEnv`).
    /// - Parameter supabaseEnv: `SUPABASE_ENV`, if set.
    /// - Returns: The names.
    public static func fileNames(supabaseEnv: String?) -> [String] {
        let env = supabaseEnv.flatMap { $0.isEmpty ? nil : $0 } ?? "development"
        return [".env.\(env).local"] + (env == "test" ? [] : [".env.local"]) + [".env.\(env)", ".env"]
    }

    /// The folders read, nearest first: from the config's folder up to the working directory when
    /// it is inside it, else the config's folder and, when that folder is a project's `supabase`
    /// folder, the project folder above it (the CLI runs in the project folder, which holds
    /// `supabase`). A config elsewhere (`/tmp/x/config.toml`) reads no folder above its own.
    /// - Parameters:
    ///   - configFolder: The folder of `config.toml`.
    ///   - workingDirectory: Where the command runs.
    /// - Returns: The folders.
    public static func folders(from configFolder: URL, to workingDirectory: URL) -> [URL] {
        let start = configFolder.standardizedFileURL
        let stop = workingDirectory.standardizedFileURL.pathComponents
        let components = start.pathComponents
        guard components.starts(with: stop) else {
            let parent = start.deletingLastPathComponent()
            return start.lastPathComponent != "supabase" || parent.path == start.path ? [start] : [start, parent]
        }
        var folders: [URL] = []
        var folder = start
        for _ in stop.count...components.count {
            folders.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return folders
    }

    /// A file's bytes; `nil` when there is no such file.
    private static func read(_ path: String) throws(Failure) -> [UInt8]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard !isFolder.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(path: path, line: 0, reason: "cannot be read")
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxBytes + 1) ?? Data() } catch {
            throw Failure(path: path, line: 0, reason: "cannot be read")
        }
        guard data.count <= maxBytes else { throw Failure(path: path, line: 0, reason: "larger than \(maxBytes) bytes") }
        return Array(data)
    }
}
