import AuthData
import AuthSimulation
import Foundation
import Testing

@testable import AuthEmulator

/// Thousands of users are served a page at a time: the page shows one page of rows, and the
/// data source is asked for that page only.
@Suite("Console: paging")
struct ConsolePagingTests {
    /// A data source that records what the console asks of the real one.
    final class SpySource: ConsoleDataSource, @unchecked Sendable {
        // Unchecked: the counters are guarded by the lock; the wrapped source is Sendable.
        private let lock = NSLock()
        private var asked: [ConsolePageRequest] = []
        private var served = 0
        let wrapped: any ConsoleDataSource

        init(_ wrapped: any ConsoleDataSource) { self.wrapped = wrapped }

        var requests: [ConsolePageRequest] { lock.withLock { asked } }
        var rowsServed: Int { lock.withLock { served } }

        func users(matching search: String, page: ConsolePageRequest) async -> ConsolePage<ConsoleUserSummary> {
            let answer = await wrapped.users(matching: search, page: page)
            lock.withLock {
                asked.append(page)
                served += answer.rows.count
            }
            return answer
        }

        func user(_ key: ConsoleUserKey) async -> ConsoleUserDetail? { await wrapped.user(key) }
        func mail(to recipient: String?, page: ConsolePageRequest) async -> ConsolePage<ConsoleMailMessage> {
            await wrapped.mail(to: recipient, page: page)
        }
        func perform(_ action: ConsoleAction, on key: ConsoleUserKey) async throws(ConsoleFailure) {
            try await wrapped.perform(action, on: key)
        }
        var serviceChoices: [ConsoleUserKey.Service] { wrapped.serviceChoices }
        func createUser(in service: ConsoleUserKey.Service, email: String, password: String?) async throws(ConsoleFailure) -> ConsoleUserKey
        {
            try await wrapped.createUser(in: service, email: email, password: password)
        }
        func reset() async { await wrapped.reset() }
    }

    /// 5,000 Supabase users (anonymous sign-ups) and 5,000 Firebase users (admin-created).
    private static func tenThousandUsers() async throws -> EmulatorHarness {
        var settings = SupabaseSettings()
        settings.rateLimits = nil
        let sut = try await EmulatorHarness.make(supabase: settings)
        let services = sut.world.services
        for index in 0..<5_000 {
            _ = try await services.supabase.signUpAnonymously(data: ["n": .int(Int64(index))])
            var request = FirebaseSignUpRequest(returnSecureToken: false)
            request.email = "user\(index)@example.com"
            _ = try await services.firebase.adminCreateUser(request)
        }
        return sut
    }

    @Test("10,000 users: each page serves 50 rows, and the data source is asked for that page only")
    func tenThousand() async throws {
        let sut = try await Self.tenThousandUsers()
        let spy = SpySource(SimulatedServicesConsoleSource(services: sut.world.services, serviceRoleKey: sut.emulator.serviceRoleKey))
        let gate = ConsoleGate(access: .loopbackOnly, serviceRoleKey: "", formToken: "t")
        let console = ConsoleRoutes(source: spy, gate: gate, log: RequestLog())
        let first = await console.handle(EmulatorRequest(method: "GET", target: "/console"), path: [])
        #expect(first.status == 200 && first.tableRows == 50)
        #expect(first.text.contains("1–50 of 10,000 users · page 1 of 200"))
        #expect(first.body.count < 100_000, "one page of HTML, not ten thousand rows")
        #expect(spy.requests == [ConsolePageRequest(offset: 0, limit: 50)] && spy.rowsServed == 50)

        let last = await console.handle(EmulatorRequest(method: "GET", target: "/console?page=200"), path: [])
        #expect(last.tableRows == 50 && last.text.contains("9,951–10,000 of 10,000 users · page 200 of 200"))
        #expect(last.text.contains("rel=\"prev\"") && !last.text.contains("rel=\"next\""))
        let big = await console.handle(EmulatorRequest(method: "GET", target: "/console?page=3&per_page=200"), path: [])
        #expect(big.tableRows == 200 && big.text.contains("401–600 of 10,000 users"))
        let past = await console.handle(EmulatorRequest(method: "GET", target: "/console?page=9999"), path: [])
        #expect(past.tableRows == 0 && past.text.contains("none of 10,000 users"))
        #expect(spy.requests.map(\.limit) == [50, 50, 200, 50] && spy.rowsServed == 300)

        let search = await console.handle(EmulatorRequest(method: "GET", target: "/console?q=user4242%40"), path: [])
        #expect(search.tableRows == 1 && search.text.contains("user4242@example.com"))
    }

    @Test("page and per_page are read leniently and bounded")
    func pageRequest() {
        #expect(ConsolePageRequest(query: [:]) == ConsolePageRequest(offset: 0, limit: 50))
        #expect(ConsolePageRequest(query: ["page": "3", "per_page": "20"]) == ConsolePageRequest(offset: 40, limit: 20))
        #expect(ConsolePageRequest(query: ["page": "-1", "per_page": "100000"]) == ConsolePageRequest(offset: 0, limit: 500))
        #expect(ConsolePageRequest(query: ["page": "x", "per_page": "0"]) == ConsolePageRequest(offset: 0, limit: 1))
        #expect(ConsolePageRequest(query: ["page": "99999999999"]).number == 1_000_000)
    }
}
