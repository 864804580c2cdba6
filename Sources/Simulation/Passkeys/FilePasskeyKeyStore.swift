import AuthData
import AuthJWT
import AuthWebAuthn
import Foundation

/// A ``PasskeyKeyStore`` in one JSON file (`login`'s `passkeys.json` in the state directory),
/// replaced atomically with mode 0600 on every change and read again before each operation, so
/// that commands run one after another share their keys. A file another user could read or
/// write, larger than 1 MiB, or with a malformed entry is refused, never repaired.
public actor FilePasskeyKeyStore: PasskeyKeyStore {
    /// The largest file read.
    public static let maxFileBytes = 1 << 20
    /// The most credentials kept.
    public static let maxPasskeys = 1000

    /// Why the file cannot be used (its path and the rule; never a key).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What was wrong.
        public let description: String
    }

    private let fileURL: URL

    /// Makes a store.
    /// - Parameter fileURL: The file (created on the first save).
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// Adds a credential, replacing one with the same ID.
    /// - Parameter passkey: The credential.
    /// - Throws: ``Failure``, or the file system's error.
    public func save(_ passkey: StoredPasskey) throws {
        var stored = try load()
        stored.removeAll { $0.credentialID == passkey.credentialID }
        guard stored.count < Self.maxPasskeys else {
            throw Failure(description: "\(fileURL.path) holds \(Self.maxPasskeys) passkeys already")
        }
        stored.append(passkey)
        try write(stored)
    }

    /// The credentials scoped to an RP ID, oldest first.
    /// - Parameter rpID: The RP ID.
    /// - Returns: The credentials.
    /// - Throws: ``Failure``, or the file system's error.
    public func passkeys(rpID: String) throws -> [StoredPasskey] {
        try load().filter { $0.rpID == rpID }
    }

    /// Every credential, oldest first.
    /// - Returns: The credentials.
    /// - Throws: ``Failure``, or the file system's error.
    public func all() throws -> [StoredPasskey] {
        try load()
    }

    /// Increments a credential's counter (saturating) and writes it.
    /// - Parameter credentialID: The credential.
    /// - Returns: The new counter, or `nil` for an unknown credential.
    /// - Throws: ``Failure``, or the file system's error.
    public func incrementSignCount(credentialID: [UInt8]) throws -> UInt32? {
        var stored = try load()
        guard let index = stored.firstIndex(where: { $0.credentialID == credentialID }) else { return nil }
        stored[index].signCount = stored[index].signCount == .max ? .max : stored[index].signCount + 1
        try write(stored)
        return stored[index].signCount
    }

    /// Removes a credential.
    /// - Parameter credentialID: The credential.
    /// - Throws: ``Failure``, or the file system's error.
    public func delete(credentialID: [UInt8]) throws {
        let stored = try load()
        let kept = stored.filter { $0.credentialID != credentialID }
        if kept.count != stored.count { try write(kept) }
    }

    private func load() throws -> [StoredPasskey] {
        guard let data = try AtomicFile.read(fileURL) else { return [] }
        try checkMode()
        guard data.count <= Self.maxFileBytes else { throw Failure(description: "\(fileURL.path) is larger than 1 MiB") }
        let object: JSONObject
        do { object = try StrictJSONParser.parseObject(Array(data)) } catch {
            throw Failure(description: "\(fileURL.path) is not a JSON object")
        }
        guard object["version"]?.intValue == 1, let entries = object["passkeys"]?.arrayValue, entries.count <= Self.maxPasskeys else {
            throw Failure(description: "\(fileURL.path) is not a version 1 passkey file")
        }
        return try entries.enumerated().map { index, entry in
            guard let passkey = Self.passkey(entry) else { throw Failure(description: "\(fileURL.path): passkey \(index) is malformed") }
            return passkey
        }
    }

    private func write(_ stored: [StoredPasskey]) throws {
        let file: JSONValue = .object(["version": .int(1), "passkeys": .array(stored.map(Self.entry))])
        try AtomicFile.write(Data(file.serialized()), to: fileURL, mode: 0o600)
    }

    /// The file holds private keys: refused when its group or others have any access.
    private func checkMode() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            throw Failure(description: "\(fileURL.path) is readable or writable by others (mode \(String(mode, radix: 8))); chmod 600 it")
        }
    }

    private static func entry(_ passkey: StoredPasskey) -> JSONValue {
        .object([
            "credential_id": .string(Base64URL.encode(passkey.credentialID)), "rp_id": .string(passkey.rpID),
            "user_handle": .string(Base64URL.encode(passkey.userHandle)), "private_key": .string(Base64URL.encode(passkey.privateKey)),
            "sign_count": .int(Int64(passkey.signCount)),
        ])
    }

    private static func passkey(_ value: JSONValue) -> StoredPasskey? {
        guard let object = value.objectValue,
            let id = object["credential_id"]?.stringValue.flatMap(Base64URL.decode), (1...1023).contains(id.count),
            let rpID = object["rp_id"]?.stringValue, (1...253).contains(rpID.utf8.count),
            let handle = object["user_handle"]?.stringValue.flatMap(Base64URL.decode), handle.count <= 64,
            let key = object["private_key"]?.stringValue.flatMap(Base64URL.decode), key.count == 32,
            let count = object["sign_count"]?.intValue, let signCount = UInt32(exactly: count)
        else { return nil }
        return StoredPasskey(credentialID: id, rpID: rpID, userHandle: handle, privateKey: key, signCount: signCount)
    }
}
