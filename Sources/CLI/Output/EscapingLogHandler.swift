import AuthSimulation
import Foundation
import Logging

/// The CLI's log lines on stderr, like swift-log's `StreamLogHandler` (`time level label:
/// [metadata] message`), with every message and metadata value passed through
/// ``TerminalText/escaped(_:)``: a server's error text or a user's name in a log line reaches
/// the terminal as escapes, never as a control sequence.
struct EscapingLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\(TerminalText.escaped("\($0.value)"))" }.joined(separator: " ")
        let time = RFC3339.formatSeconds(Date())
        let line = "\(time) \(event.level) \(label):\(fields.isEmpty ? "" : " " + fields) \(TerminalText.escaped("\(event.message)"))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
