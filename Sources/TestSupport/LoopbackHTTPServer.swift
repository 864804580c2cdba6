import AuthData
import Foundation

/// A scripted HTTP/1.1 server on a free port of 127.0.0.1, for testing clients against real
/// sockets and hostile servers: it reads each request (head, and a body of the announced
/// length), records it, and hands the raw connection to the test's script, which writes
/// whatever it likes (a redirect, a body that never ends, one byte at a time, nothing at all).
///
/// One thread per connection. A script ends when it returns, when ``stop()`` is called (its
/// writes then fail and ``Connection/pause(_:)`` returns `false`), or at its own deadline; a
/// connection is handled for at most `connectionDeadline`. So no test waits on it forever.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request, connection in
///     try connection.write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
/// }
/// defer { server.stop() }
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// A request as the server read it.
    public struct Request: Sendable, Hashable {
        /// The method.
        public var method: String
        /// The request target (path and query).
        public var target: String
        /// Header fields, names lowercased.
        public var headers: [String: String]
        /// The body (as long as `Content-Length` said).
        public var body: [UInt8]
    }

    /// One accepted connection, as a script sees it.
    public final class Connection: Sendable {
        private let socket: LoopbackSocket
        private let server: LoopbackHTTPServer

        fileprivate init(socket: LoopbackSocket, server: LoopbackHTTPServer) {
            self.socket = socket
            self.server = server
        }

        /// Writes text (UTF-8).
        /// - Parameter text: The text.
        /// - Throws: When the client is gone or the server stopped.
        public func write(_ text: String) throws { try write(Array(text.utf8)) }

        /// Writes bytes, counting them in ``LoopbackHTTPServer/bytesSent``.
        /// - Parameter bytes: The bytes.
        /// - Throws: When the client is gone or the server stopped.
        public func write(_ bytes: [UInt8]) throws {
            try socket.send(bytes)
            server.sent.withLock { $0 += bytes.count }
        }

        /// Writes a whole response with `Content-Length` and `Connection: close`.
        /// - Parameters:
        ///   - status: The status code.
        ///   - headers: More header fields.
        ///   - body: The body.
        /// - Throws: When the client is gone or the server stopped.
        public func respond(status: Int, headers: [String: String] = [:], body: String = "") throws {
            let fields = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            try write("HTTP/1.1 \(status) Status\r\n\(fields)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        }

        /// Waits, unless the server stops first.
        /// - Parameter duration: How long.
        /// - Returns: `false` when the server stopped.
        public func pause(_ duration: Duration) -> Bool {
            let deadline = ContinuousClock.now + duration
            while ContinuousClock.now < deadline {
                if server.isStopped { return false }
                Thread.sleep(forTimeInterval: min(0.02, Self.seconds(deadline - ContinuousClock.now)))
            }
            return !server.isStopped
        }

        private static func seconds(_ duration: Duration) -> TimeInterval {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }

    /// The port it listens on.
    public let port: Int
    private let listener: LoopbackSocket
    private let script: @Sendable (Request, Connection) throws -> Void
    private let connectionDeadline: Duration
    private let stopped = Locked(false)
    private let received = Locked<[Request]>([])
    private let running = Locked(0)
    fileprivate let sent = Locked(0)

    /// Starts the server.
    /// - Parameters:
    ///   - connectionDeadline: The longest one connection is handled (default 30 s).
    ///   - script: Answers one request on its connection; the connection is closed when it
    ///     returns or throws.
    /// - Throws: When no port can be bound.
    public init(connectionDeadline: Duration = .seconds(30), script: @escaping @Sendable (Request, Connection) throws -> Void) throws {
        listener = try LoopbackSocket.listen()
        port = listener.port
        self.script = script
        self.connectionDeadline = connectionDeadline
        Thread.detachNewThread { [weak self, listener] in
            // Holds the server only while handing over a connection, so dropping it stops it.
            while let socket = listener.accept(timeout: .seconds(3600)) {
                guard let server = self else { return }
                server.running.withLock { $0 += 1 }
                Thread.detachNewThread {
                    server.handle(socket)
                    server.running.withLock { $0 -= 1 }
                }
            }
        }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The requests read so far, in order.
    public var requests: [Request] { received.current }

    /// Bytes the scripts have written, all connections together.
    public var bytesSent: Int { sent.current }

    /// How many connections are being handled now.
    public var openConnections: Int { running.current }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { stopped.current }

    /// Stops accepting and ends every connection within 50 ms: their scripts' writes fail and
    /// ``Connection/pause(_:)`` returns `false`.
    public func stop() {
        stopped.withLock { $0 = true }
        listener.close()
    }

    private func handle(_ socket: LoopbackSocket) {
        let deadline = ContinuousClock.now + connectionDeadline
        let watchdog = Thread { [self] in
            while ContinuousClock.now < deadline, !isStopped, !Thread.current.isCancelled { Thread.sleep(forTimeInterval: 0.05) }
            socket.close()
        }
        watchdog.start()
        defer {
            socket.closeForWriting()
            _ = socket.waitForClose(timeout: .seconds(2))
            socket.close()
            watchdog.cancel()
        }
        guard let request = readRequest(socket, until: deadline) else { return }
        received.withLock { $0.append(request) }
        try? script(request, Connection(socket: socket, server: self))
    }

    private func readRequest(_ socket: LoopbackSocket, until deadline: ContinuousClock.Instant) -> Request? {
        var bytes: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard case .bytes(let more) = socket.receive(timeout: deadline - ContinuousClock.now) else { return nil }
            bytes += more
            headEnd = bytes.firstRange(of: separator)?.upperBound
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: bytes[..<(headEnd - separator.count)], as: UTF8.self).components(separatedBy: "\r\n")
        let start = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
        guard start.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[headEnd...])
        let length = headers["content-length"].flatMap(Int.init) ?? 0
        while body.count < length {
            guard case .bytes(let more) = socket.receive(timeout: deadline - ContinuousClock.now) else { return nil }
            body += more
        }
        return Request(method: start[0], target: start[1], headers: headers, body: body)
    }
}
