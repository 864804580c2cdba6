import Foundation
import Testing

@testable import login

/// `device.json` in the form `remember` writes is read with the strict parser; anything else goes
/// to `JSONDecoder` as before. Each case compares the two readings of the same bytes.
@Suite("Device settings: the written form without JSONDecoder")
struct DeviceSettingsTests {
    @Test("what remember writes reads back as it does through JSONDecoder, and load returns it")
    func writtenForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        DeviceSettings.remember(appleID: "Ada@Example.com", in: directory)
        let bytes = try Data(contentsOf: directory.appendingPathComponent("device.json"))
        let written = try #require(DeviceSettings.written(Array(bytes)))
        #expect(written.appleID == "ada@example.com")
        #expect(written.appleID == (try JSONDecoder().decode(DeviceSettings.self, from: bytes)).appleID)
        #expect(DeviceSettings.load(from: directory).appleID == "ada@example.com")
    }

    @Test(
        "the written form, and anything else left to JSONDecoder, read as JSONDecoder reads them",
        arguments: [
            #"{"appleID":"a\/b@example.com"}"#, "{}", #"{"appleID":null}"#, #"{"appleID":1}"#, #"{"appleID":"x","other":true}"#,
            #"{"appleID":"x","appleID":"y"}"#, "[]", "not json", "",
        ])
    func sameAsJSONDecoder(json: String) {
        let expected = try? JSONDecoder().decode(DeviceSettings.self, from: Data(json.utf8))
        let fast = DeviceSettings.written(Array(json.utf8))
        if let fast { #expect(fast.appleID == expected?.appleID && expected != nil) }
        let loaded = fast ?? expected ?? DeviceSettings()
        #expect(loaded.appleID == expected?.appleID)
    }
}
