import AuthData
import AuthJWT
import Foundation

/// What the simulated device remembers, like the Apple ID signed in on a phone: `login apple
/// --email E` signs the device in to E, and later commands (link, delete-account) use it.
struct DeviceSettings: Codable {
    var appleID: String?

    private static func file(in directory: URL) -> URL { directory.appendingPathComponent("device.json") }

    /// The settings kept in the state directory (none yet: empty).
    static func load(from directory: URL) -> DeviceSettings {
        guard let data = try? AtomicFile.read(file(in: directory)) else { return DeviceSettings() }
        if let settings = written(Array(data)) { return settings }
        return (try? JSONDecoder().decode(DeviceSettings.self, from: data)) ?? DeviceSettings()
    }

    /// Reads the form `remember` writes (an object with at most `appleID`, a string) with the
    /// strict JSON parser, which a returning command uses anyway, instead of `JSONDecoder`; `nil`
    /// for anything else, which `JSONDecoder` then reads as before.
    static func written(_ bytes: [UInt8]) -> DeviceSettings? {
        guard let object = try? StrictJSONParser.parseObject(bytes), object.allSatisfy({ $0.key == "appleID" }) else { return nil }
        guard let value = object["appleID"] else { return DeviceSettings() }
        return value.stringValue.map { DeviceSettings(appleID: $0) }
    }

    /// Remembers the Apple ID signed in on the device.
    static func remember(appleID: String?, in directory: URL) {
        guard let appleID else { return }
        var settings = load(from: directory)
        guard settings.appleID != appleID.lowercased() else { return }
        settings.appleID = appleID.lowercased()
        if let data = try? JSONEncoder().encode(settings) { try? AtomicFile.write(data, to: file(in: directory)) }
    }
}
