import AuthJWT
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// `keys.json` is read with the strict JSON parser: the file `JSONEncoder` writes reads back as
/// the `Codable` form reads it, and a file whose checksum matches but whose JSON is not the keys'
/// form is reported as damaged, naming the field.
@Suite("State directory: keys.json")
struct SimulationKeysFileTests {
    private func encoded(_ keys: SimulationKeys) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(keys)
    }

    /// Writes `body` as `keys.json` with a valid header, as ``SimulationStateDirectory`` does.
    private func writeKeysFile(_ body: String, in directory: TemporaryDirectory) throws -> URL {
        let file = directory.url.appendingPathComponent("keys.json")
        try Data("authcoordinator-state-v1 \(SHA256Hex.hash(body))\n\(body)".utf8).write(to: file)
        #expect(chmod(file.path, 0o600) == 0)
        return file
    }

    @Test("the keys a first run writes read back field for field as JSONDecoder reads them")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let state = SimulationStateDirectory(url: directory.url)
        let written = try state.loadOrCreateKeys()
        let read = try state.loadOrCreateKeys()
        let data = try Data(contentsOf: state.keysURL)
        let body = data[data.index(after: try #require(data.firstIndex(of: 0x0A)))...]
        let decoded = try JSONDecoder().decode(SimulationKeys.self, from: body)
        #expect(try encoded(read) == encoded(written))
        #expect(try encoded(read) == encoded(decoded))
        #expect(read.apple.keys.count == 2 && read.google.keys.count == 2 && read.firebase.keys.count == 1)
    }

    @Test(
        "a keys.json with a right checksum but a missing or mistyped field is damaged, and the field is named",
        arguments: [
            (#"{"apple":{"activeKeyID":"A","keys":[]}}"#, "google"),
            (#"{"apple":{"activeKeyID":"A","keys":[{"keyID":"A"}]}}"#, "apple.keys.pem"),
            (#"{"apple":{"activeKeyID":7,"keys":[]}}"#, "apple.activeKeyID"),
            (#"["not", "an", "object"]"#, "expected an object"),
        ])
    func damagedContent(body: String, named: String) throws {
        let directory = TemporaryDirectory()
        #expect(chmod(directory.path, 0o700) == 0)
        let file = try writeKeysFile(body, in: directory)
        let error = #expect(throws: SimulationStoreError.self) { _ = try SimulationStateDirectory(url: directory.url).loadOrCreateKeys() }
        guard case .corrupt(let path, let reason)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(reason.contains("unreadable content") && reason.contains(named), "\(reason)")
        #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix(body), "not overwritten")
    }
}
