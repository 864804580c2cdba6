import AuthData
import AuthJWT
import AuthSimulation

/// The sign-up and email routes: `/signup`, `/otp`, `/verify` (POST and the emailed link's
/// GET), `/resend`, `/reauthenticate`.
extension SupabaseRoutes {
    func signUp(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: SignUpBody = try decode(request)
        let answer = try await engine.signUp(
            email: body.email, phone: body.phone, password: body.password, data: body.data ?? [:], referrers: Self.referrers(request),
            pkce: try Self.challenge(body), client: request.client)
        return respond(request, answer.jsonObject)
    }

    func otp(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: OTPBody = try decode(request)
        guard body.phone?.isEmpty != false else {
            throw SupabaseFailure.api(status: 400, code: "phone_provider_disabled", message: "Unsupported phone provider")
        }
        try await engine.sendOTP(
            email: body.email, createUser: body.createUser ?? true, data: body.data ?? [:], referrers: Self.referrers(request),
            pkce: try Self.challenge(body), client: request.client)
        return respond(request, [:])
    }

    /// The body's PKCE challenge, checked (GoTrue `validatePKCEParams`); `nil` for the implicit flow.
    static func challenge(_ body: some ChallengeCarrying) throws(SupabaseFailure) -> SupabaseCodeChallenge? {
        try SupabaseCodeChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
    }

    /// Where a mailed link sends the user back, in GoTrue's order (internal/utilities/request.go
    /// `GetReferrer`, `getRedirectTo`): a `redirect_to` header, else the `redirect_to` query
    /// parameter (where supabase-js and supabase-py put `emailRedirectTo`), then `Referer`.
    static func referrers(_ request: EmulatorRequest) -> [String?] {
        [request.headers["redirect_to"].flatMap { $0.isEmpty ? nil : $0 } ?? request.query["redirect_to"], request.headers["referer"]]
    }

    func verify(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: VerifyBody = try decode(request)
        let parameters = SupabaseVerifyRequest(
            type: body.type, email: body.email, phone: body.phone, token: body.token, tokenHash: body.tokenHash,
            redirectTo: body.redirectTo ?? request.query["redirect_to"])
        return respond(request, try await engine.verify(parameters, client: request.client).jsonObject)
    }

    /// `GET /verify`: GoTrue's `verifyGet`; errors that happen after the parameters are read
    /// travel in the redirect, as GoTrue sends them.
    func verifyLink(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let location = try await engine.verifyLink(
            token: request.query["token"], type: request.query["type"],
            redirectTo: request.query["redirect_to"] ?? request.headers["referer"], client: request.client)
        return EmulatorResponse(status: 303, headers: [("Location", location)])
    }

    func invite(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: InviteBody = try decode(request)
        return respond(
            request,
            try await engine.invite(
                bearer: request.bearer, email: body.email, data: body.data, referrers: Self.referrers(request)
            ).adminJSON)
    }

    func recover(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: RecoverBody = try decode(request)
        try await engine.recover(
            email: body.email, referrers: Self.referrers(request), pkce: try Self.challenge(body), client: request.client)
        return respond(request, [:])
    }

    func resend(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: ResendBody = try decode(request)
        try await engine.resend(
            type: body.type, email: body.email, phone: body.phone, referrers: Self.referrers(request), pkce: try Self.challenge(body),
            client: request.client)
        return respond(request, [:])
    }

    func reauthenticate(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        try await engine.reauthenticate(bearer: request.bearer, client: request.client)
        return respond(request, [:])
    }
}
