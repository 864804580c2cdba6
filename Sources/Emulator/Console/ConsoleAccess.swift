/// Who may open the emulator's console (`/console`).
///
/// Clients on this machine (a loopback peer address, and a loopback name in the `Host` header, so
/// that a web page whose own host name resolves to 127.0.0.1 cannot read it) are always let in.
public enum ConsoleAccess: Sendable, Hashable {
    /// Clients on this machine only; anyone else is refused (403). The default.
    case loopbackOnly
    /// Clients on this machine, and clients elsewhere that give the Supabase service-role key: as
    /// the password of HTTP Basic authentication (a browser asks for it), or as a bearer token.
    /// `login serve --console`.
    case othersWithServiceRoleKey
}
