import AuthData
import Foundation

/// An ``HTTPTransport`` that records every request and answers from canned responses chosen by
/// the request's path (the last path component, or the whole path when it matches).
public final class RecordingTransport: Sendable {
    private let requests = Locked<[HTTPRequestData]>([])
    private let responses: [String: HTTPResponseData]

    /// Creates a transport.
    /// - Parameter responses: Canned responses, keyed by URL path suffix.
    public init(responses: [String: HTTPResponseData]) { self.responses = responses }

    /// The transport to give an adapter.
    public var transport: HTTPTransport {
        HTTPTransport { [self] request in
            requests.withLock { $0.append(request) }
            let path = request.url.path
            guard let match = responses.keys.filter({ path.hasSuffix($0) }).max(by: { $0.count < $1.count }) else {
                return HTTPResponseData(status: 404, headers: [:], body: Data())
            }
            return responses[match]!
        }
    }

    /// The requests sent so far.
    public var recorded: [HTTPRequestData] { requests.current }

    /// Forgets the recorded requests.
    public func reset() { requests.withLock { $0 = [] } }

    /// A JSON response.
    /// - Parameters:
    ///   - json: The body.
    ///   - status: The status.
    /// - Returns: The response.
    public static func json(_ json: String, status: Int = 200) -> HTTPResponseData {
        HTTPResponseData(status: status, headers: ["content-type": "application/json"], body: Data(json.utf8))
    }
}

/// Text snapshots of outgoing requests, compared with files committed under the test's
/// `__Snapshots__` folder, so that any change on the wire shows up as a diff. Set
/// `RECORD_SNAPSHOTS=1` to rewrite them.
public enum RequestSnapshot {
    /// Renders requests as text: method and URL, headers in order, and the body.
    /// - Parameter requests: The requests.
    /// - Returns: The text.
    public static func render(_ requests: [HTTPRequestData]) -> String {
        requests.map { request in
            var lines = ["\(request.method) \(request.url.absoluteString)"]
            lines += request.headers.map { "\($0.name): \($0.value)" }
            if let body = request.body { lines += ["", String(decoding: body, as: UTF8.self)] }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n---\n\n") + "\n"
    }

    /// Compares `text` with the stored snapshot.
    /// - Parameters:
    ///   - text: The rendered requests.
    ///   - name: The snapshot's name.
    ///   - testFile: The calling test file (`#filePath`).
    /// - Returns: `nil` when they match, else a description of the difference (after recording
    ///   a missing snapshot).
    public static func mismatch(_ text: String, named name: String, testFile: String) -> String? {
        let directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let file = directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !record, let stored = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? text.write(to: file, atomically: true, encoding: .utf8)
            return record ? nil : "no snapshot \(name) existed; recorded it, run again"
        }
        guard stored != text else { return nil }
        return "request snapshot \(name) differs:\n--- stored\n\(stored)\n--- now\n\(text)"
    }
}
