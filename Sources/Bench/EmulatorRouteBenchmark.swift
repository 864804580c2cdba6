import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import Foundation

/// The emulator's routes in process (no socket): Apple id_token sign-ins through
/// `POST /auth/v1/token` against `GET /auth/v1/health`, measured alternately. This isolates the
/// routes' cost from HTTP and the load generator (`Scripts/load-emulator.sh` measures both).
struct EmulatorRouteBenchmark {
    let budget: Duration

    func run(into report: inout BenchReport) async throws {
        let world = try await BenchWorld.make()
        let emulator = try Emulator.inProcess(services: world.services)
        var bodies: [[UInt8]] = []
        for index in 0..<64 {
            let credential = try await world.appleCredential(appleID: "route\(index)@example.com")
            bodies.append(
                Array(
                    #"{"provider":"apple","id_token":"\#(credential.idToken.revealed)","nonce":"\#(credential.rawNonce!.revealed)"}"#.utf8))
        }
        let headers = ["apikey": emulator.anonKey, "content-type": "application/json", "x-supabase-api-version": "2024-01-01"]
        var index = 0
        let (health, token) = await Measure.paired(
            {
                await Measure.rate(budget: budget) {
                    _ = await emulator.handle(EmulatorRequest(method: "GET", target: "/auth/v1/health", headers: headers))
                }
            },
            {
                await Measure.rate(budget: budget) {
                    let response = await emulator.handle(
                        EmulatorRequest(
                            method: "POST", target: "/auth/v1/token?grant_type=id_token", headers: headers, body: bodies[index & 63]))
                    precondition(response.status == 200, "sign-in failed: \(String(decoding: response.body, as: UTF8.self))")
                    index += 1
                }
            })
        report.add("emulatorRouteHealthPerSecond", health, "GET /auth/v1/health answered in process")
        report.add("emulatorRouteSignInPerSecond", token, "POST /auth/v1/token?grant_type=id_token (Apple) answered in process")
        report.add("emulatorRouteRatio", token / health, "sign-in over health, routes only")
    }
}
