#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Ctrl-C (SIGINT) does. By default a command is cancelled: one line says so and the
/// process exits 3, the documented status for a cancellation (not the shell's 130). `status
/// --watch` ends quietly with 0 (Ctrl-C is how it is meant to stop); `serve` keeps its own
/// graceful shutdown. The handlers only call `write` and `_exit`, which are safe in a signal
/// handler; files are replaced atomically, so an interrupted write leaves the old content.
enum Interrupts {
    /// How a command ends on Ctrl-C.
    enum Behaviour {
        /// "Cancelled." on stderr, exit 3.
        case cancel
        /// One JSON error object on stdout, exit 3.
        case cancelJSON
        /// Exit 0.
        case stop
    }

    /// Installs the handler for the process.
    /// - Parameter behaviour: What Ctrl-C does.
    static func install(_ behaviour: Behaviour) {
        switch behaviour {
        case .cancel:
            signal(SIGINT) { _ in
                let text: StaticString = "\nCancelled (interrupted).\n"
                _ = write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                _exit(3)
            }
        case .cancelJSON:
            signal(SIGINT) { _ in
                let text: StaticString = "{\"error\":{\"code\":\"cancelled\",\"message\":\"Cancelled (interrupted).\"}}\n"
                _ = write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                _exit(3)
            }
        case .stop:
            signal(SIGINT) { _ in _exit(0) }
        }
    }
}
