#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's settings for a process that serves requests for a long time (`login serve`).
///
/// glibc gives the free memory at the top of a thread's heap back to the kernel (`madvise`) as soon
/// as more than 128 KiB of it is free, and serves allocations above a threshold it adjusts with
/// `mmap` and `munmap`. Under load, the database writer's thread did the first many times a second:
/// each call also flushes the other core's TLB (an interrupt to it), about 2 % of the writer's time
/// and some of everyone else's (Docs/Performance.md). A server keeps what it allocated instead: up
/// to 64 MiB free at the top of each heap, and allocations under 32 MiB (the largest threshold glibc
/// would adjust to) from the heap. What a command does once and exits is left as it is.
enum ServerAllocator {
    /// Applies the settings to this process (glibc's `mallopt`; nothing elsewhere, or if it is not found).
    static func configure() {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module does not include; the
            // parameters' values are glibc's (M_TRIM_THRESHOLD -1, M_MMAP_THRESHOLD -3).
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            _ = mallopt(-3, 32 << 20)
            _ = mallopt(-1, 64 << 20)
        #endif
    }
}
