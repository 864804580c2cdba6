import AuthData
import Foundation
import GRDBSQLite

/// SQLite's default VFS with one change: the frames a commit appends to a WAL file reach the
/// file in writes of up to 128 KiB (about 30 frames) instead of two writes each.
///
/// SQLite writes each frame of a commit with two calls, its 24-byte header and then its page
/// (`walWriteOneFrame` in SQLite's wal.c), and a group of sign-ins commits some 200 frames. Each
/// call is a system call, and each dirties the page-cache pages it touches: a frame is 4,120 bytes
/// and straddles the kernel's 4 KiB pages, so a frame costs three page-cache updates where one
/// would do. Here the writes that continue a WAL file's pending run are kept in memory, and the
/// run is written when it reaches ``capacity`` and when the commit's last frame is complete.
///
/// That frame is the one whose header gives the database's size after the commit (bytes 4-7
/// nonzero, "Write-Ahead Log File Format" in https://sqlite.org/fileformat2.html#walformat), and
/// SQLite writes its page right after its header, before it publishes the commit in the WAL index
/// that other connections read. So no reader ever looks for a frame still in memory. The run is
/// also written before anything else is done with the file (a read, a sync, a size, a truncation,
/// a lock, a file control, closing it), and before a write that does not continue it, so the file
/// always reads as SQLite wrote it. Durability is unchanged: a commit is in the file (the page
/// cache) when SQLite returns from it, as before.
///
/// Other files (the database, journals, temporary files) are the default VFS's own, untouched.
/// ``install()`` makes this VFS SQLite's default for the process, before the first connection.
package enum SQLiteWALWrites {
    /// How many writes SQLite asked for on WAL files, and how many reached them.
    package struct Counts: Sendable, Equatable {
        /// Writes SQLite asked for.
        package var asked = 0
        /// `pwrite`s made (one per run written).
        package var made = 0
    }

    /// The counts of every WAL file closed so far in the process (for tests).
    package static var counts: Counts { totals.current }

    /// Registers the VFS as the process's default (once; later calls do nothing). A connection
    /// opened before keeps the VFS it has.
    package static func install() { _ = registered }

    private static let totals = Locked(Counts())

    /// The largest run kept in memory; a longer one is written as it goes. The default VFS writes at
    /// most 128 KiB less one byte in one call (`seekAndWriteFd` in SQLite's os_unix.c masks the
    /// length with `0x1ffff`, since SQLite itself never writes more than a 64 KiB page and its
    /// header); a longer write would come back short, which it reports as a full disk.
    fileprivate static let capacity = 0x1ffff
    /// The size of a WAL frame's header.
    fileprivate static let frameHeaderSize: Int32 = 24

    /// Whether the VFS is registered (made once, on first use; the VFS lives as long as the process).
    private static let registered: Bool = {
        guard let base = sqlite3_vfs_find(nil) else { return false }
        let ours = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        ours.initialize(to: base.pointee)
        ours.pointee.pNext = nil
        ours.pointee.zName = UnsafePointer(strdup("auth-wal-writes"))
        ours.pointee.pAppData = UnsafeMutableRawPointer(base)
        ours.pointee.szOsFile = base.pointee.szOsFile + Int32(WALFile.headerSize)
        ours.pointee.xOpen = { vfs, name, file, flags, outFlags in
            guard let vfs, let file, let base = vfs.pointee.pAppData?.assumingMemoryBound(to: sqlite3_vfs.self) else {
                return SQLITE_MISUSE
            }
            guard flags & SQLITE_OPEN_WAL != 0 else {
                // Any other file is the default VFS's, in the same memory.
                return base.pointee.xOpen?(base, name, file, flags, outFlags) ?? SQLITE_MISUSE
            }
            return WALFile.open(base, name, file, flags, outFlags)
        }
        return sqlite3_vfs_register(ours, 1) == SQLITE_OK
    }()

    fileprivate static func add(asked: Int, made: Int) {
        totals.withLock {
            $0.asked += asked
            $0.made += made
        }
    }
}

/// A WAL file: SQLite's `sqlite3_file` whose methods are ``methods``, followed by a pointer to its
/// ``PendingRun``, followed by the default VFS's own file object, to which every method goes.
private enum WALFile {
    /// The bytes before the default VFS's file object: the `sqlite3_file` and the run's pointer.
    static let headerSize = 16

    static func real(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        (UnsafeMutableRawPointer(file) + headerSize).assumingMemoryBound(to: sqlite3_file.self)
    }

    static func run(_ file: UnsafeMutablePointer<sqlite3_file>) -> PendingRun {
        Unmanaged<PendingRun>.fromOpaque((UnsafeMutableRawPointer(file) + 8).load(as: UnsafeRawPointer.self)).takeUnretainedValue()
    }

    static func open(
        _ base: UnsafeMutablePointer<sqlite3_vfs>, _ name: sqlite3_filename?, _ file: UnsafeMutablePointer<sqlite3_file>,
        _ flags: Int32, _ outFlags: UnsafeMutablePointer<Int32>?
    ) -> Int32 {
        file.pointee.pMethods = nil
        let real = real(file)
        let code = base.pointee.xOpen?(base, name, real, flags, outFlags) ?? SQLITE_MISUSE
        guard code == SQLITE_OK, let realMethods = real.pointee.pMethods else { return code }
        let run = PendingRun(methods: realMethods)
        (UnsafeMutableRawPointer(file) + 8).storeBytes(
            of: UnsafeRawPointer(Unmanaged.passRetained(run).toOpaque()), as: UnsafeRawPointer.self)
        file.pointee.pMethods = methods
        return SQLITE_OK
    }

    /// Writes the pending run, then lets the default VFS's method do its part.
    static func flushed(
        _ file: UnsafeMutablePointer<sqlite3_file>?,
        _ body: (UnsafeMutablePointer<sqlite3_file>, UnsafePointer<sqlite3_io_methods>) -> Int32
    ) -> Int32 {
        guard let file else { return SQLITE_MISUSE }
        let run = run(file)
        let code = run.write(to: real(file))
        guard code == SQLITE_OK else { return code }
        return body(real(file), run.methods)
    }

    /// A WAL file's methods: version 1's, since SQLite maps shared memory and pages only through
    /// the database file's (wal.c's `sqlite3OsShm*` calls take the database file, and the pager
    /// fetches pages from it alone). Made once and never changed: SQLite only reads them.
    nonisolated(unsafe) private static let methods = makeMethods()

    private static func makeMethods() -> UnsafePointer<sqlite3_io_methods> {
        var methods = sqlite3_io_methods()
        methods.iVersion = 1
        methods.xClose = { file in
            guard let file else { return SQLITE_MISUSE }
            let run = WALFile.run(file)
            let written = run.write(to: WALFile.real(file))
            let closed = run.methods.pointee.xClose?(WALFile.real(file)) ?? SQLITE_IOERR
            run.close()
            Unmanaged.passUnretained(run).release()
            file.pointee.pMethods = nil
            return written == SQLITE_OK ? closed : written
        }
        methods.xRead = { file, buffer, amount, offset in
            WALFile.flushed(file) { $1.pointee.xRead?($0, buffer, amount, offset) ?? SQLITE_IOERR }
        }
        methods.xWrite = { file, data, amount, offset in
            guard let file, let data else { return SQLITE_MISUSE }
            return WALFile.run(file).append(data, amount, at: offset, to: WALFile.real(file))
        }
        methods.xTruncate = { file, size in WALFile.flushed(file) { $1.pointee.xTruncate?($0, size) ?? SQLITE_IOERR } }
        methods.xSync = { file, flags in WALFile.flushed(file) { $1.pointee.xSync?($0, flags) ?? SQLITE_IOERR } }
        methods.xFileSize = { file, size in WALFile.flushed(file) { $1.pointee.xFileSize?($0, size) ?? SQLITE_IOERR } }
        methods.xLock = { file, level in WALFile.flushed(file) { $1.pointee.xLock?($0, level) ?? SQLITE_IOERR } }
        methods.xUnlock = { file, level in WALFile.flushed(file) { $1.pointee.xUnlock?($0, level) ?? SQLITE_IOERR } }
        methods.xCheckReservedLock = { file, out in WALFile.flushed(file) { $1.pointee.xCheckReservedLock?($0, out) ?? SQLITE_IOERR } }
        methods.xFileControl = { file, op, argument in WALFile.flushed(file) { $1.pointee.xFileControl?($0, op, argument) ?? SQLITE_IOERR }
        }
        methods.xSectorSize = { file in
            guard let file else { return 0 }
            return WALFile.run(file).methods.pointee.xSectorSize?(WALFile.real(file)) ?? 0
        }
        methods.xDeviceCharacteristics = { file in
            guard let file else { return 0 }
            return WALFile.run(file).methods.pointee.xDeviceCharacteristics?(WALFile.real(file)) ?? 0
        }
        let pointer = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        pointer.initialize(to: methods)
        return UnsafePointer(pointer)
    }
}

/// The writes a WAL file has been asked for and not made yet: one contiguous run of bytes. Only
/// the connection that owns the file uses it, and SQLite calls a connection's file from one thread
/// at a time.
private final class PendingRun: @unchecked Sendable {
    let methods: UnsafePointer<sqlite3_io_methods>
    private var buffer: UnsafeMutableRawPointer?
    private var start: Int64 = 0
    private var count = 0
    /// Set by a commit frame's header: the run is written once the next write (its page) is in it.
    private var commitPageNext = false
    private var asked = 0
    private var made = 0

    init(methods: UnsafePointer<sqlite3_io_methods>) { self.methods = methods }

    /// Adds a write to the run (written first if the write does not continue it), and writes the
    /// run when it ends a commit.
    func append(_ data: UnsafeRawPointer, _ amount: Int32, at offset: Int64, to file: UnsafeMutablePointer<sqlite3_file>) -> Int32 {
        asked += 1
        let length = Int(amount)
        let endsCommit = commitPageNext
        if count > 0, offset != start + Int64(count) || count + length > SQLiteWALWrites.capacity {
            let code = write(to: file)
            guard code == SQLITE_OK else { return code }
        }
        guard length <= SQLiteWALWrites.capacity else {
            commitPageNext = false
            made += 1
            return methods.pointee.xWrite?(file, data, amount, offset) ?? SQLITE_IOERR
        }
        if buffer == nil { buffer = UnsafeMutableRawPointer.allocate(byteCount: SQLiteWALWrites.capacity, alignment: 16) }
        guard let buffer else { return SQLITE_NOMEM }
        if count == 0 { start = offset }
        (buffer + count).copyMemory(from: data, byteCount: length)
        count += length
        if endsCommit { return write(to: file) }
        if amount == SQLiteWALWrites.frameHeaderSize {
            let commitSize = data.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
            commitPageNext = commitSize != 0
        }
        return SQLITE_OK
    }

    /// Writes the run, if any, in one call of the default VFS's `xWrite`.
    func write(to file: UnsafeMutablePointer<sqlite3_file>) -> Int32 {
        commitPageNext = false
        guard count > 0, let buffer else { return SQLITE_OK }
        let (from, length) = (start, count)
        count = 0
        made += 1
        return methods.pointee.xWrite?(file, buffer, Int32(length), from) ?? SQLITE_IOERR
    }

    /// Hands the counts over and frees the memory (the file is closed).
    func close() {
        SQLiteWALWrites.add(asked: asked, made: made)
        (asked, made) = (0, 0)
        buffer?.deallocate()
        buffer = nil
    }
}
