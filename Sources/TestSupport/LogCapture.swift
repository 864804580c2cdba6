import AuthData
import Logging

/// Collects log lines so tests can check that a warning was logged (and that no secret was).
public final class LogCapture: Sendable {
    /// One captured line.
    public struct Entry: Sendable, Hashable {
        /// The level.
        public var level: Logger.Level
        /// The message.
        public var message: String
        /// The metadata, rendered.
        public var metadata: String
    }

    private let entries = Locked<[Entry]>([])

    /// Creates a capture.
    public init() {}

    /// A logger that writes here.
    public var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    /// Everything logged so far.
    public var all: [Entry] { entries.current }

    /// Lines at `.warning` or above.
    public var warnings: [Entry] { all.filter { $0.level >= .warning } }

    fileprivate func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append(
                Entry(
                    level: event.level, message: "\(event.message)",
                    metadata: merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")))
        }
    }
}
