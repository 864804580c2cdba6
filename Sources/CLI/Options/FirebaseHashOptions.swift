import ArgumentParser
import AuthJWT
import AuthSimulation
import Foundation

/// The hash options of firebase-tools' `auth:import` (`--hash-algo`, `--hash-key`,
/// `--salt-separator`, `--rounds`, `--mem-cost`, `--parallelization`, `--block-size`, `--dk-len`,
/// `--hash-input-order`), for Firebase files whose rows carry `passwordHash`.
struct FirebaseHashOptions: ParsableArguments {
    @Option(
        name: .customLong("hash-algo"),
        help: ArgumentHelp(
            "The Firebase file's password hash algorithm (BCRYPT, SCRYPT, STANDARD_SCRYPT, HMAC_SHA256, …); "
                + "this emulator's own export is BCRYPT.",
            valueName: "algorithm"))
    var hashAlgo: String?

    @Option(name: .customLong("hash-key"), help: ArgumentHelp("The signer key (base64; SCRYPT and HMAC_*).", valueName: "base64"))
    var hashKey: String?

    @Option(help: ArgumentHelp("SCRYPT's salt separator (base64).", valueName: "base64"))
    var saltSeparator: String?

    @Option(help: ArgumentHelp("SCRYPT's rounds (1-8); the digests' and PBKDF2's iterations.", valueName: "n"))
    var rounds: Int?

    @Option(help: ArgumentHelp("SCRYPT's memory cost (1-14).", valueName: "n"))
    var memCost: Int?

    @Option(help: ArgumentHelp("STANDARD_SCRYPT's parallelization.", valueName: "n"))
    var parallelization: Int?

    @Option(help: ArgumentHelp("STANDARD_SCRYPT's block size.", valueName: "n"))
    var blockSize: Int?

    @Option(help: ArgumentHelp("STANDARD_SCRYPT's derived key length.", valueName: "n"))
    var dkLen: Int?

    @Option(help: ArgumentHelp("SALT_FIRST or PASSWORD_FIRST, for the digests and HMACs.", valueName: "order"))
    var hashInputOrder: String?

    /// The options by their `accounts:batchCreate` names (firebase-tools src/accountImporter.ts
    /// maps the flags to them; STANDARD_SCRYPT's `--mem-cost` is its `cpuMemCost`).
    var requestFields: JSONObject {
        var fields: JSONObject = [:]
        let algorithm = hashAlgo?.uppercased()
        fields["hashAlgorithm"] = algorithm.map(JSONValue.string)
        fields["signerKey"] = hashKey.map(JSONValue.string)
        fields["saltSeparator"] = saltSeparator.map(JSONValue.string)
        fields["rounds"] = rounds.map { .int(Int64($0)) }
        fields[algorithm == "STANDARD_SCRYPT" ? "cpuMemCost" : "memoryCost"] = memCost.map { .int(Int64($0)) }
        fields["parallelization"] = parallelization.map { .int(Int64($0)) }
        fields["blockSize"] = blockSize.map { .int(Int64($0)) }
        fields["dkLen"] = dkLen.map { .int(Int64($0)) }
        fields["passwordHashOrder"] = hashInputOrder.map { order in
            .string(order.uppercased() == "SALT_FIRST" ? "SALT_AND_PASSWORD" : "PASSWORD_AND_SALT")
        }
        return fields
    }

    /// Reads files of users (each at most ``UserSeed/maxFileBytes``).
    /// - Parameters:
    ///   - paths: The files.
    ///   - format: Their format, or `nil` to tell each from its content.
    /// - Returns: The seed, checked as far as it can be without the services.
    /// - Throws: ``CommandFailure`` for a file that cannot be read, ``UserSeedError`` for one refused.
    func seed(paths: [String], format: UserSeedFormat?) throws -> UserSeed {
        let files = try paths.map { path -> (name: String, bytes: [UInt8]) in
            let handle: FileHandle
            do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
                throw CommandFailure.usage("cannot read \(path): \((error as NSError).localizedDescription)")
            }
            defer { try? handle.close() }
            let data = (try? handle.read(upToCount: UserSeed.maxFileBytes + 1)) ?? Data()
            return (URL(fileURLWithPath: path).lastPathComponent, Array(data))
        }
        return try UserSeed.read(files: files, format: format, firebaseHashOptions: requestFields)
    }
}

extension UserSeedFormat: ExpressibleByArgument {}
