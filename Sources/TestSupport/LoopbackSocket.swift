import AuthData
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket on 127.0.0.1, for tests that need real sockets: a listener on a free port, a
/// client, or an accepted connection. Plain POSIX calls; every wait has a deadline, so a test
/// never hangs on one.
///
/// ``close()`` shuts the connection down (the peer sees it closed at once, and a thread
/// waiting on it wakes up); the descriptor itself is released when the last reference goes, so
/// a thread still using the socket never touches a reused descriptor.
public final class LoopbackSocket: Sendable {
    /// What one read found.
    public enum Received: Sendable, Equatable {
        /// Some bytes.
        case bytes([UInt8])
        /// The peer closed (or reset) the connection.
        case closed
        /// Nothing arrived in time.
        case timedOut
    }

    private let descriptor: Int32
    private let isShut = Locked(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { _ = posixClose(descriptor) }

    /// A listening socket on a free port of 127.0.0.1.
    /// - Parameter backlog: The listen backlog.
    /// - Returns: The socket; ``port`` is the bound port.
    /// - Throws: `POSIXError` when the socket cannot be made.
    public static func listen(backlog: Int32 = 128) throws -> LoopbackSocket {
        let socket = try LoopbackSocket(descriptor: makeDescriptor())
        var on: Int32 = 1
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, posixListen(socket.descriptor, backlog) == 0 else { throw POSIXError.current }
        return socket
    }

    /// A connection to a port of 127.0.0.1.
    /// - Parameter port: The port.
    /// - Returns: The connected socket.
    /// - Throws: `POSIXError` (`ECONNREFUSED` when nothing listens).
    public static func connect(port: Int) throws -> LoopbackSocket {
        let socket = try LoopbackSocket(descriptor: makeDescriptor())
        var address = loopbackAddress(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                posixConnect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError.current }
        return socket
    }

    /// The local port.
    public var port: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepts one connection, waiting at most `timeout`.
    /// - Parameter timeout: The longest wait.
    /// - Returns: The connection, or `nil` when none came in time or the socket was closed.
    public func accept(timeout: Duration) -> LoopbackSocket? {
        guard waitUntilReadable(timeout: timeout) else { return nil }
        let accepted = posixAccept(descriptor)
        return accepted >= 0 ? LoopbackSocket(descriptor: accepted) : nil
    }

    /// Sends all the bytes.
    /// - Parameter bytes: The bytes.
    /// - Throws: `POSIXError` when the peer is gone (`EPIPE`, `ECONNRESET`) or the socket was
    ///   closed.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            guard !isShut.current else { throw POSIXError(.ENOTCONN) }
            let sent = bytes[offset...].withUnsafeBytes { posixSend(descriptor, $0.baseAddress, $0.count, Self.sendFlags) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw POSIXError.current
            }
            offset += sent
        }
    }

    /// Reads what arrives next.
    /// - Parameters:
    ///   - timeout: The longest wait.
    ///   - limit: The most bytes returned.
    /// - Returns: Bytes, `.closed`, or `.timedOut`.
    public func receive(timeout: Duration, limit: Int = 65_536) -> Received {
        guard waitUntilReadable(timeout: timeout) else { return isShut.current ? .closed : .timedOut }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? .bytes(Array(buffer.prefix(count))) : .closed
    }

    /// Reads until the peer closes the connection, dropping what arrives.
    /// - Parameter timeout: The longest wait.
    /// - Returns: Whether the peer closed it in time.
    public func waitForClose(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            switch receive(timeout: deadline - ContinuousClock.now) {
            case .closed: return true
            case .timedOut: return false
            case .bytes: continue
            }
        }
        return false
    }

    /// Stops sending (the peer reads end-of-file); reading goes on.
    public func closeForWriting() {
        #if canImport(Glibc)
            _ = shutdown(descriptor, Int32(SHUT_WR))
        #else
            _ = shutdown(descriptor, SHUT_WR)
        #endif
    }

    /// Shuts the connection down both ways: the peer sees it closed, waiting reads end.
    public func close() {
        isShut.withLock { $0 = true }
        #if canImport(Glibc)
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
        #else
            _ = shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Waits until a read would not block, in slices of 50 ms so a ``close()`` from another
    /// thread ends the wait.
    private func waitUntilReadable(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isShut.current {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let slice = min(left, .milliseconds(50))
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(slice.components.seconds * 1000 + slice.components.attoseconds / 1_000_000_000_000_000))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
        return false
    }

    private static func makeDescriptor() throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError.current }
        return descriptor
    }

    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif
}

// The C calls whose names the methods above take, reached from file scope.
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func posixListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func posixConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
private func posixAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
private func posixSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}

extension POSIXError {
    /// The error `errno` names now.
    static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
