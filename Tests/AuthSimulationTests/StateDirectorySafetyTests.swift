import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ssh rule for a state directory (issue 14, item 4): the keys in it sign every token, so a
/// directory or `keys.json` another user can write is refused, with the command that fixes it.
/// On main, the keys of a world-writable directory were read and trusted.
@Suite("State directory safety")
struct StateDirectorySafetyTests {
    private func directory(mode: mode_t) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        #expect(chmod(directory.path, mode) == 0)
        return directory
    }

    @Test("a group- or world-writable directory is refused, naming chmod 700", arguments: [0o777 as mode_t, 0o770, 0o722, 0o702])
    func writableDirectory(mode: mode_t) throws {
        let state = try directory(mode: mode)
        let error = #expect(throws: SimulationStoreError.self) { _ = try SimulationStateDirectory(url: state.url).loadOrCreateKeys() }
        #expect(error?.description.contains("chmod 700 \(state.path)") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: state.url.appendingPathComponent("keys.json").path), "no key was written there")
    }

    @Test("a keys.json others can write is refused, naming chmod 600")
    func writableKeys() throws {
        let state = try directory(mode: 0o700)
        _ = try SimulationStateDirectory(url: state.url).loadOrCreateKeys()
        let keys = state.url.appendingPathComponent("keys.json")
        #expect(chmod(keys.path, 0o666) == 0)
        let error = #expect(throws: SimulationStoreError.self) { _ = try SimulationStateDirectory(url: state.url).loadOrCreateKeys() }
        #expect(error?.description.contains("chmod 600 \(keys.path)") == true)
    }

    @Test("a directory owned by another user is refused (when the test can give it away)")
    func foreignOwner() throws {
        let state = try directory(mode: 0o700)
        guard geteuid() == 0 else { return }
        #expect(chown(state.path, 65534, 65534) == 0)
        let error = #expect(throws: SimulationStoreError.self) { try StateDirectorySafety.checkDirectory(state.url) }
        #expect(error?.description.contains("not by you") == true)
        #expect(chown(state.path, 0, 0) == 0)
    }

    @Test(
        "a directory its group or others can read or enter is refused, naming chmod 700 (the -wal file holds tokens)",
        arguments: [0o755 as mode_t, 0o750, 0o705, 0o711, 0o701, 0o740])
    func readableDirectory(mode: mode_t) throws {
        let state = try directory(mode: mode)
        let error = #expect(throws: SimulationStoreError.self) { try StateDirectorySafety.checkDirectory(state.url) }
        #expect(error?.description.contains("chmod 700 \(state.path)") == true, "\(String(describing: error))")
        #expect(error?.description.contains("refresh tokens") == true)
    }

    @Test("the user's own 0700 directory, and a missing one, pass")
    func safe() throws {
        try StateDirectorySafety.checkDirectory(try directory(mode: 0o700).url)
        try StateDirectorySafety.checkDirectory(URL(fileURLWithPath: "/nonexistent/\(UUID())"))
    }
}
