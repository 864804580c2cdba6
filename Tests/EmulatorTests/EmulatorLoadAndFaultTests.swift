import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The emulator on a real loopback port under concurrent load and misbehaving clients.
@Suite("Emulator: load and faults on loopback")
struct EmulatorLoadAndFaultTests {
    private func signInRequest(_ emulator: RunningEmulator, token: String, nonce: String) -> URLRequest {
        var request = URLRequest(
            url: emulator.baseURL.appendingPathComponent("auth/v1/token").appending(queryItems: [
                URLQueryItem(name: "grant_type", value: "id_token")
            ]))
        request.httpMethod = "POST"
        request.setValue(emulator.emulator.anonKey, forHTTPHeaderField: "apikey")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"provider":"apple","id_token":"\#(token)","nonce":"\#(nonce)"}"#.utf8)
        return request
    }

    @Test("200 concurrent first sign-ins of distinct users: every one succeeds and every user exists, whole")
    func concurrentSignIns() async throws {
        // One client sending 200 sign-ins at once: GoTrue's per-address token limit (a burst of 30)
        // is off here, as for a self-hosted GoTrue without Sb-Forwarded-For.
        var setup = SimulationConfiguration()
        setup.supabase.rateLimits = nil
        let world = try await TestWorld.make(configuration: setup)
        let emulator = try await RunningEmulator.start(services: world.services)
        var credentials: [(token: String, nonce: String)] = []
        for index in 0..<200 {
            let nonce = NonceGenerator(source: .live).make()
            let sheet = try await world.services.apple.authorize(
                AppleSheetRequest(
                    clientID: world.appleClientID, appleID: "load\(index)@example.com", nonce: NonceGenerator.sha256Hex(nonce)))
            credentials.append((sheet.identityToken, nonce))
        }
        let session = URLSession(configuration: .ephemeral)
        let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for credential in credentials {
                group.addTask {
                    let (data, response) = try await session.data(
                        for: signInRequest(emulator, token: credential.token, nonce: credential.nonce))
                    let user = (try? StrictJSONParser.parseObject(Array(data)))?["user"]?.objectValue?["id"]?.stringValue
                    return ((response as? HTTPURLResponse)?.statusCode ?? 0, user)
                }
            }
            var all: [(Int, String?)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(statuses.allSatisfy { $0.0 == 200 }, "non-200 answers: \(statuses.filter { $0.0 != 200 }.map(\.0))")
        let ids = Set(statuses.compactMap(\.1))
        #expect(ids.count == 200)
        let users = world.services.storedSupabaseUsers
        #expect(users.count == 200)
        #expect(
            users.values.allSatisfy {
                $0.identities.count == 1 && $0.lastSignInAt != nil && world.services.storedSupabaseSessions(of: $0.id).count == 1
            })
        #expect(Set(users.keys) == ids)
        await emulator.stop()
    }

    @Test("a client that disconnects mid-body leaves no user behind, and the server keeps serving")
    func disconnectMidRequest() async throws {
        let world = try await TestWorld.make()
        let emulator = try await RunningEmulator.start(services: world.services)
        let nonce = NonceGenerator(source: .live).make()
        let sheet = try await world.services.apple.authorize(
            AppleSheetRequest(
                clientID: world.appleClientID, appleID: "cut@example.com", nonce: NonceGenerator.sha256Hex(nonce)))
        let body = Array(#"{"provider":"apple","id_token":"\#(sheet.identityToken)","nonce":"\#(nonce)"}"#.utf8)
        // The last case sends the whole, valid JSON but announces 16 bytes more: a server that
        // handed the route what had arrived would create the user.
        for (sent, announced) in [
            (0, body.count), (body.count / 2, body.count), (body.count - 1, body.count), (body.count, body.count + 16),
        ] {
            let head =
                "POST /auth/v1/token?grant_type=id_token HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: \(emulator.emulator.anonKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(announced)\r\n\r\n"
            try RawSocket.sendAndHangUp(port: emulator.port, bytes: Array(head.utf8) + body.prefix(sent))
        }
        var health = URLRequest(url: emulator.baseURL.appendingPathComponent("auth/v1/health"))
        health.setValue(emulator.emulator.anonKey, forHTTPHeaderField: "apikey")
        #expect((try await URLSession(configuration: .ephemeral).data(for: health).1 as? HTTPURLResponse)?.statusCode == 200)
        #expect(world.services.storedSupabaseUsers.isEmpty, "no request completed, so no user may exist")

        let (_, response) = try await URLSession(configuration: .ephemeral).data(
            for: signInRequest(emulator, token: sheet.identityToken, nonce: nonce))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let users = world.services.storedSupabaseUsers
        #expect(users.count == 1)
        #expect(users.values.first?.identities.count == 1)
        await emulator.stop()
    }

    @Test("with a debug logger (`serve --verbose`) each request is logged as method, path and status; the query is not")
    func requestLog() async throws {
        let world = try await TestWorld.make()
        let capture = LogCapture()
        var logger = capture.logger
        logger.logLevel = .debug
        let emulator = try await RunningEmulator.start(services: world.services, logger: logger)
        let key = emulator.emulator.anonKey
        let health = emulator.baseURL.appendingPathComponent("auth/v1/health").appending(queryItems: [
            URLQueryItem(name: "apikey", value: key)
        ])
        #expect((try await URLSession(configuration: .ephemeral).data(from: health).1 as? HTTPURLResponse)?.statusCode == 200)
        await emulator.stop()
        #expect(capture.all.contains { $0.level == .debug && $0.message == "GET /auth/v1/health 200" })
        #expect(!capture.all.contains { $0.message.contains(key) || $0.metadata.contains(key) }, "the key in the query is never logged")
    }

    /// swift-nio's accepted connections wait in the listening channel's stream until the server
    /// loop takes them; cancelling the serving task drops the ones still waiting, and a dropped
    /// connection traps ("Deinited NIOAsyncWriter without calling finish()",
    /// apple/swift-nio#2637, #3481). A stop must drain them: a graceful shutdown.
    @Test("stopping, or releasing, an emulator while a burst of connections is still being accepted never traps", arguments: [false, true])
    func stopDuringAcceptBurst(releaseInsteadOfStop: Bool) async throws {
        let world = try await TestWorld.make()
        for _ in 0..<5 {
            var emulator: RunningEmulator? = try await RunningEmulator.start(services: world.services)
            let port = try #require(emulator?.port)
            let sockets = try (0..<64).map { _ in try LoopbackSocket.connect(port: port) }
            if releaseInsteadOfStop { emulator = nil } else { await emulator?.stop() }
            var closed = 0
            for socket in sockets where await socket.waitForClose(timeout: .seconds(30)) { closed += 1 }
            for socket in sockets { socket.close() }
            #expect(closed == sockets.count, "the server closes every connection it accepted when it stops")
            _ = emulator
        }
    }

    @Test("a damaged state file is detected at start and not trusted (nor overwritten)")
    func damagedStateFile() async throws {
        let directory = TemporaryDirectory()
        let files = SimulationStateDirectory(url: directory.url)
        _ = try files.loadOrCreateKeys()
        try files.saveState(SimulationState())
        var bytes = try Data(contentsOf: files.stateURL)
        bytes.removeLast(7)
        try bytes.write(to: files.stateURL)
        await #expect(throws: SimulationStoreError.self) {
            _ = try await buildEmulator(configuration: EmulatorConfiguration(port: 0, stateDirectory: directory.url))
        }
        #expect(try Data(contentsOf: files.stateURL) == bytes)
    }
}

/// A bare TCP client for sending incomplete requests.
enum RawSocket {
    /// Sends the bytes, shuts down the sending side, and reads until the server closes the
    /// connection (at most 10 s), so the server is done with the request when this returns.
    static func sendAndHangUp(port: Int, bytes: [UInt8]) throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_WR))
        #else
            _ = shutdown(fd, SHUT_WR)
        #endif
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
    }
}
