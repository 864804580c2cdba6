import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// GoTrue's MFA routes (internal/api/mfa.go, internal/api/admin.go): TOTP factors.
extension SupabaseRoutes {
    private struct EnrollBody: Decodable {
        var factorType: String?
        var friendlyName: String?
        var issuer: String?
        enum CodingKeys: String, CodingKey {
            case factorType = "factor_type"
            case friendlyName = "friendly_name"
            case issuer
        }
    }

    private struct FactorVerifyBody: Decodable {
        var challengeID: String?
        var code: String?
        enum CodingKeys: String, CodingKey {
            case challengeID = "challenge_id"
            case code
        }
    }

    func enrollFactor(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: EnrollBody = try decode(request)
        let factor = try await engine.enrollFactor(
            bearer: request.bearer, factorType: body.factorType, friendlyName: body.friendlyName, issuer: body.issuer)
        return respond(request, factor.jsonObject)
    }

    func challengeFactor(_ call: RouteCall) async throws -> EmulatorResponse {
        let challenge = try await engine.challengeFactor(
            bearer: call.request.bearer, factorID: call[parameter: "factor_id"], client: call.request.client)
        return respond(
            call.request, ["id": .string(challenge.id), "type": .string(challenge.type), "expires_at": .int(challenge.expiresAt)])
    }

    func verifyFactor(_ call: RouteCall) async throws -> EmulatorResponse {
        let body: FactorVerifyBody = try decode(call.request)
        // GoTrue decodes `challenge_id` as a UUID: anything else is bad JSON.
        if let id = body.challengeID, UUID(uuidString: id) == nil { throw SupabaseFailure.badJSONBody("challenge_id must be a UUID") }
        let session = try await engine.verifyFactor(
            bearer: call.request.bearer, factorID: call[parameter: "factor_id"], challengeID: body.challengeID, code: body.code,
            client: call.request.client)
        return respond(call.request, session.jsonObject)
    }

    func unenrollFactor(_ call: RouteCall) async throws -> EmulatorResponse {
        let id = try await engine.unenrollFactor(bearer: call.request.bearer, factorID: call[parameter: "factor_id"])
        return respond(call.request, ["id": .string(id)])
    }

    func adminListFactors(_ call: RouteCall) async throws -> EmulatorResponse {
        let factors = try await engine.adminListFactors(bearer: call.request.bearer, userID: call[parameter: "user_id"])
        return EmulatorResponse.json(array: factors.map { .object($0.jsonObject) })
    }

    func adminDeleteFactor(_ call: RouteCall) async throws -> EmulatorResponse {
        let factor = try await engine.adminDeleteFactor(
            bearer: call.request.bearer, userID: call[parameter: "user_id"], factorID: call[parameter: "factor_id"])
        return respond(call.request, factor.jsonObject)
    }
}
