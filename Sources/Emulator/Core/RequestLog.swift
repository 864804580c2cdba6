import AuthData
import Foundation

/// The emulator's recent requests, for the console's log (as the Firebase Emulator UI's and
/// Supabase Studio's logs show them): method, path, status, when and how long, newest first, the
/// last ``capacity`` only. The path is kept without its query, where API keys, codes and link
/// tokens travel; bodies and headers are never kept. The console's own requests are left out.
final class RequestLog: Sendable {
    /// One answered request.
    struct Entry: Sendable, Equatable {
        /// The method.
        var method: String
        /// The path, without the query.
        var path: String
        /// The status answered.
        var status: Int
        /// When it arrived.
        var at: Date
        /// How long the answer took, in milliseconds.
        var milliseconds: Double
    }

    /// How many entries are kept.
    let capacity: Int
    private let entries = Locked<[Entry]>([])

    /// Creates an empty log.
    /// - Parameter capacity: How many entries to keep.
    init(capacity: Int = 200) { self.capacity = capacity }

    /// Records a request, unless it is the console's own.
    /// - Parameter entry: The request.
    func record(_ entry: Entry) {
        guard entry.path != "/console", !entry.path.hasPrefix("/console/") else { return }
        entries.withLock { entries in
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// The entries, newest first.
    var recent: [Entry] { entries.current.reversed() }
}
