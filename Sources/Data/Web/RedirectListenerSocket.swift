import AuthDomain
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket under ``LoopbackRedirectListener``: a non-blocking TCP socket on `127.0.0.1`, a
/// listener or one accepted connection, that reads one bounded HTTP request (the browser's
/// redirect). Waits poll with short sleeps, so no thread of the cooperative pool is ever blocked.
/// (The tests' blocking client and server socket is `LoopbackSocket` in `AuthTestSupport`.)
struct RedirectListenerSocket: Sendable {
    /// The descriptor.
    let descriptor: Int32
    /// The bound port (listeners).
    let port: UInt16

    /// The most a request head or body may be; a browser's redirect is a few KB.
    static let maximumHead = 16 * 1024
    static let maximumBody = 64 * 1024

    /// Binds and listens on the loopback interface.
    /// - Parameter port: The port; 0 picks a free one.
    /// - Returns: The listener.
    /// - Throws: ``AuthError/network(_:)``.
    static func listen(port: UInt16) throws(AuthError) -> RedirectListenerSocket {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .network("cannot open a socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, posixListen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = posixClose(fd)
            throw .network("cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        setNonBlocking(fd)
        return RedirectListenerSocket(descriptor: fd, port: UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts a waiting connection, if there is one.
    /// - Returns: The connection, or `nil` when none is waiting.
    func accept() -> RedirectListenerSocket? {
        let fd = posixAccept(descriptor, nil, nil)
        guard fd >= 0 else { return nil }
        Self.setNonBlocking(fd)
        return RedirectListenerSocket(descriptor: fd, port: 0)
    }

    /// Reads one HTTP/1.1 request (head, and a body up to its `Content-Length`).
    /// - Parameter deadline: When to give up.
    /// - Returns: The request, or `nil` when it is malformed, too large, or not complete in time.
    func readRequest(deadline: ContinuousClock.Instant) async -> LoopbackRequest? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                switch LoopbackRequest.parse(buffer) {
                case .complete(let request): return request
                case .invalid: return nil
                case .incomplete: continue
                }
            }
            if count == 0 { return nil }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return nil }
            do { try await Task.sleep(for: .milliseconds(5)) } catch { return nil }
        }
        return nil
    }

    /// Writes all of `bytes` (the answers are small; a peer that does not read loses the rest).
    func write(_ bytes: [UInt8]) {
        var offset = 0
        var attempts = 0
        while offset < bytes.count, attempts < 200 {
            let written = bytes[offset...].withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else {
                attempts += 1
                usleep(1000)
            }
        }
    }

    /// Closes the descriptor.
    func close() { _ = posixClose(descriptor) }

    private static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
}

// The C functions whose names the type's own methods shadow.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func posixAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    accept(fd, address, length)
}
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
