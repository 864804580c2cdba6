#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port the system picks for `--port 0`, found before the services are built, so that the
/// issuer of access tokens and every emailed link carry the port clients reach (GoTrue's
/// `API_EXTERNAL_URL` is a real address, never port 0).
///
/// The port is bound on the address and released at once; the server binds it again a moment
/// later. Another process could take it in between; the server then fails to start with
/// "Address already in use", as for a fixed port.
enum FreePort {
    /// Asks the system for a free port on an address.
    /// - Parameter host: An IPv4 or IPv6 literal, or `localhost`.
    /// - Returns: The port.
    /// - Throws: ``Failure`` when no socket can be bound there.
    static func pick(host: String) throws(Failure) -> Int {
        let address = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            return try bound(AF_INET, &v4, size: MemoryLayout<sockaddr_in>.size) { UInt16(bigEndian: $0.sin_port) }
        }
        guard inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 else { throw Failure(message: "\(host) is not an IP address") }
        v6.sin6_family = sa_family_t(AF_INET6)
        return try bound(AF_INET6, &v6, size: MemoryLayout<sockaddr_in6>.size) { UInt16(bigEndian: $0.sin6_port) }
    }

    /// No free port could be found.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { "cannot pick a free port: \(message)" }
    }

    private static func bound<Address>(
        _ family: Int32, _ address: inout Address, size: Int, port: (Address) -> UInt16
    ) throws(Failure) -> Int {
        #if canImport(Glibc)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(message: "socket failed (errno \(errno))") }
        defer { close(descriptor) }
        var length = socklen_t(size)
        let bindResult = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(size)) }
        }
        guard bindResult == 0 else { throw Failure(message: "bind failed (errno \(errno))") }
        let nameResult = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard nameResult == 0 else { throw Failure(message: "getsockname failed (errno \(errno))") }
        return Int(port(address))
    }
}
