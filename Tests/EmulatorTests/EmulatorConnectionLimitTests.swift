import AuthEmulator
import AuthTestSupport
import Foundation
import Testing

/// The emulator on a real loopback port against slow, idle and too many clients: header-read,
/// body-read and idle timeouts, and a cap on open connections (issue 14, item 3).
///
/// Each client is a raw socket; each wait has a deadline many times the timeout under test
/// (1 s): 20 s for a close, 60 s for an answer (the emulator answers on the cooperative pool,
/// which other tests of a parallel run can keep busy for 20 s). A wait ends as soon as what it
/// waits for happens, so the margins cost nothing when the tests pass. Upstream facts relied on:
/// NIO's HTTP/1 decoder hands on a request head only once it is complete (`ByteToHTTPServerCodec`),
/// and Hummingbird 2.28.1 stops reading the listening socket while its `AvailableConnectionsDelegate` refuses new connections
/// (`AvailableConnectionsChannelHandler.read(context:)`), so they wait in the backlog.
@Suite("Emulator: slow, idle and too many connections on loopback")
struct EmulatorConnectionLimitTests {
    private let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    private func start(_ limits: EmulatorConnectionLimits, logger: LogCapture? = nil) async throws -> RunningEmulator {
        let world = try await TestWorld.make()
        return try await RunningEmulator.start(services: world.services, logger: logger?.logger, connectionLimits: limits)
    }

    /// Opens a connection, sends `opening`, then `piece` every 200 ms until the server closes
    /// the connection.
    /// - Returns: Whether it closed within 20 s.
    private func closesSlowClient(_ limits: EmulatorConnectionLimits, opening: String, piece: String) async throws -> Bool {
        let emulator = try await start(limits)
        let socket = try LoopbackSocket.connect(port: emulator.port)
        try socket.send(Array(opening.utf8))
        defer { socket.close() }
        let end = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < end {
            guard (try? socket.send(Array(piece.utf8))) != nil else { break }
            if await socket.receive(timeout: .milliseconds(200)) == .closed { break }
        }
        let closed = await socket.receive(timeout: .milliseconds(100)) == .closed
        await emulator.stop()
        return closed
    }

    /// Whether the answer to a request has begun to arrive in time.
    private func answered(_ socket: LoopbackSocket, within timeout: Duration = .seconds(60)) async -> Bool {
        guard case .bytes(let bytes) = await socket.receive(timeout: timeout) else { return false }
        return String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200")
    }

    @Test("a client sending its request head a line at a time is closed at the header-read timeout")
    func slowHead() async throws {
        let limits = EmulatorConnectionLimits(headerReadTimeout: .seconds(1), bodyReadTimeout: .seconds(30), idleTimeout: .seconds(30))
        #expect(
            try await closesSlowClient(limits, opening: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", piece: "X-Slow: 1\r\n"),
            "still open after 20 s of a head that never ends")
    }

    @Test("a client sending its body a byte at a time is closed at the body-read timeout")
    func slowBody() async throws {
        let limits = EmulatorConnectionLimits(headerReadTimeout: .seconds(30), bodyReadTimeout: .seconds(1), idleTimeout: .seconds(30))
        let head = "POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        #expect(try await closesSlowClient(limits, opening: head, piece: " "), "still open after 20 s of a body that never ends")
    }

    @Test("a kept-alive connection left idle after a response is closed at the idle timeout")
    func idleAfterResponse() async throws {
        let emulator = try await start(
            EmulatorConnectionLimits(headerReadTimeout: .seconds(30), bodyReadTimeout: .seconds(30), idleTimeout: .seconds(1)))
        let socket = try LoopbackSocket.connect(port: emulator.port)
        try socket.send(Array(request.utf8))
        #expect(await answered(socket))

        #expect(await socket.waitForClose(timeout: .seconds(20)), "an idle connection is held open")
        await emulator.stop()
    }

    @Test("at the connection cap new clients wait, one warning says so, and one says when it clears")
    func connectionCap() async throws {
        let capture = LogCapture()
        let emulator = try await start(EmulatorConnectionLimits(maxConnections: 8), logger: capture)
        // Eight kept-alive connections, each answered once, so each is certainly accepted.
        var held: [LoopbackSocket] = []
        for _ in 0..<8 {
            let socket = try LoopbackSocket.connect(port: emulator.port)
            try socket.send(Array(request.utf8))
            #expect(await answered(socket))
            held.append(socket)
        }
        let waiting = try LoopbackSocket.connect(port: emulator.port)
        try waiting.send(Array(request.utf8))
        #expect(await waiting.receive(timeout: .milliseconds(500)) == .timedOut, "a ninth connection is served while eight are open")

        held.removeFirst().close()
        #expect(await answered(waiting), "the waiting client is served once a connection closes")
        for socket in held { socket.close() }
        waiting.close()
        let lines = { @Sendable (prefix: String) in capture.warnings.filter { $0.message.hasPrefix(prefix) }.count }
        #expect(await poll(timeout: .seconds(60)) { lines("connection limit cleared") > 0 })
        #expect(lines("connection limit reached: 8 connections open") == 1, "\(capture.warnings.map(\.message))")
        #expect(lines("connection limit cleared: ") == 1, "\(capture.warnings.map(\.message))")
        await emulator.stop()
    }

    @Test("silent connections at the cap are closed at the header-read timeout, so a real client gets in")
    func silentConnectionsDoNotLockOut() async throws {
        let emulator = try await start(EmulatorConnectionLimits(headerReadTimeout: .seconds(1), maxConnections: 8))
        let silent = try (0..<12).map { _ in try LoopbackSocket.connect(port: emulator.port) }
        let client = try LoopbackSocket.connect(port: emulator.port)
        try client.send(Array(request.utf8))

        #expect(await answered(client))
        let closed = await withTaskGroup(of: Bool.self) { group in
            for socket in silent { group.addTask { await socket.waitForClose(timeout: .seconds(20)) } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(closed == silent.count, "silent connections held open: \(silent.count - closed)")
        await emulator.stop()
    }
}
