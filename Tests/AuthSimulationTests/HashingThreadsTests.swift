import Foundation
import Testing

@testable import AuthSimulation

/// `HashingThreads`: how many hashes run at once, given or read from the processor count at the
/// first use, and the work it runs.
@Suite("HashingThreads")
struct HashingThreadsTests {
    @Test("a given width is kept, at least 1")
    func givenWidth() async {
        #expect(await HashingThreads(width: 3).width == 3)
        #expect(await HashingThreads(width: 0).width == 1)
    }

    @Test("the default width is the processor count, at least 2")
    func defaultWidth() async {
        #expect(await HashingThreads().width == max(2, ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test("the work's value comes back, the default width read at that first use")
    func runsWork() async {
        let hashing = HashingThreads()
        #expect(await hashing.run { 6 * 7 } == 42)
        #expect(await hashing.width >= 2)
    }
}
