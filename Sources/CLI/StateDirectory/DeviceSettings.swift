import AuthData
import Foundation

/// What the simulated device remembers, like the Apple ID signed in on a phone: `login apple
/// --email E` signs the device in to E, and later commands (link, delete-account) use it.
struct DeviceSettings: Codable {
    var appleID: String?

    private static func file(in directory: URL) -> URL { directory.appendingPathComponent("device.json") }

    /// The settings kept in the state directory (none yet: empty).
    static func load(from directory: URL) -> DeviceSettings {
        guard let data = try? AtomicFile.read(file(in: directory)),
            let settings = try? JSONDecoder().decode(DeviceSettings.self, from: data)
        else {
            return DeviceSettings()
        }
        return settings
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
