import AuthData
import AuthEmulator
import AuthSimulation
import AuthSimulationSQLite
import Foundation
import Logging

/// The emulator's sign-in route in process (no socket) on its database against the same route in
/// memory: Apple id_token sign-ins of returning users through `POST /auth/v1/token`, on a world
/// whose storage is SQLite in a fresh temporary directory (as `login serve`) and on one whose
/// storage is in memory (as `login serve --ephemeral`). Measured alternately, one request at a
/// time and 32 at once, so the ratio durable / ephemeral is seen without HTTP and wrk
/// (`Scripts/bench-storage.sh` measures it over loopback).
struct DurableRouteBenchmark {
    let budget: Duration
    var profileOnly = false

    func run(into report: inout BenchReport) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "auth-bench")
        logger.logLevel = .warning
        let storage = try SQLiteSimulationStorage.open(path: directory.appendingPathComponent("auth.sqlite3").path, logger: logger)
        defer { try? storage.close() }
        let durable = try await RouteClient(world: BenchWorld.make(storage: storage))
        if profileOnly {
            // For a profiler (`AUTH_BENCH_ONLY=durable-profile perf record …`): durable sign-ins only.
            let rate = await Measure.rate(budget: budget * 10) { await durable.signIn() }
            report.add("emulatorRouteSignInDurable1", rate, "durable sign-ins/s in process, one at a time, alone")
            let rate32 = await Measure.rate(budget: budget * 10, batch: 32) { await durable.signIn(concurrently: 32) }
            report.add("emulatorRouteSignInDurable32", rate32, "durable sign-ins/s in process, 32 at once, alone")
            return
        }
        let ephemeral = try await RouteClient(world: BenchWorld.make())
        let (memory1, database1) = await Measure.paired(
            {
                await Measure.rate(budget: budget) { await ephemeral.signIn() }
            },
            {
                await Measure.rate(budget: budget) { await durable.signIn() }
            })
        report.add("emulatorRouteSignInEphemeral1", memory1, "in-memory sign-ins/s in process, one at a time")
        report.add("emulatorRouteSignInDurable1", database1, "the same on the SQLite storage (each answer after its commit)")
        report.add("emulatorRouteDurableRatio1", database1 / memory1, "durable over ephemeral, one at a time")
        let (memory32, database32) = await Measure.paired(
            {
                await Measure.rate(budget: budget, batch: 32) { await ephemeral.signIn(concurrently: 32) }
            },
            {
                await Measure.rate(budget: budget, batch: 32) { await durable.signIn(concurrently: 32) }
            })
        report.add("emulatorRouteSignInEphemeral32", memory32, "in-memory sign-ins/s in process, 32 at once")
        report.add("emulatorRouteSignInDurable32", database32, "the same on the SQLite storage (group commit)")
        report.add("emulatorRouteDurableRatio32", database32 / memory32, "durable over ephemeral, 32 at once")
        let counts = storage.writerCounts
        report.add(
            "emulatorRouteDurableStepsPerCommit", Double(counts.steps) / Double(max(counts.commits, 1)), "write steps per commit so far")
        let memoryCPU = await Self.cpuMicros(budget: budget) { await ephemeral.signIn() }
        let databaseCPU = await Self.cpuMicros(budget: budget) { await durable.signIn() }
        report.add("emulatorRouteCPUMicrosEphemeral1", memoryCPU, "process CPU (user + system) per in-memory sign-in, µs")
        report.add("emulatorRouteCPUMicrosDurable1", databaseCPU, "process CPU per durable sign-in, µs (the rest of its time is waiting)")
    }

    /// The process's CPU time (user and system, every thread) per call of `body`, in microseconds.
    private static func cpuMicros(budget: Duration, _ body: () async -> Void) async -> Double {
        func cpu() -> Double {
            var usage = rusage()
            getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
            let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
            return user + Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let before = cpu()
        var calls = 0
        while clock.now - start < budget {
            await body()
            calls += 1
        }
        return (cpu() - before) / Double(max(calls, 1))
    }
}

/// An in-process emulator over one world and 64 returning Apple users' sign-in bodies.
private final class RouteClient: Sendable {
    private let emulator: Emulator
    private let bodies: [[UInt8]]
    private let headers: [String: String]
    private let next = Locked(0)

    init(world: BenchWorld) async throws {
        emulator = try Emulator.inProcess(services: world.services)
        var bodies: [[UInt8]] = []
        for index in 0..<64 {
            let credential = try await world.appleCredential(appleID: "durable\(index)@example.com")
            let token = credential.idToken.revealed
            let nonce = credential.rawNonce!.revealed
            bodies.append(Array(#"{"provider":"apple","id_token":"\#(token)","nonce":"\#(nonce)"}"#.utf8))
        }
        self.bodies = bodies
        headers = ["apikey": emulator.anonKey, "content-type": "application/json", "x-supabase-api-version": "2024-01-01"]
        // The first sign-in of each creates the user: the measured ones are returning users.
        for _ in 0..<64 { await signIn() }
    }

    func signIn() async {
        let index = next.withLock { value in
            defer { value &+= 1 }
            return value & 63
        }
        let request = EmulatorRequest(method: "POST", target: "/auth/v1/token?grant_type=id_token", headers: headers, body: bodies[index])
        let response = await emulator.handle(request)
        precondition(response.status == 200, "sign-in failed: \(String(decoding: response.body, as: UTF8.self))")
    }

    func signIn(concurrently count: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask { await self.signIn() } }
        }
    }
}
