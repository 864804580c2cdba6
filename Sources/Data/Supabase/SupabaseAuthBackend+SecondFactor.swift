import AuthDomain
import Foundation

/// TOTP second factors through GoTrue's `/factors` routes (as supabase-swift's `AuthMFA`): the
/// list is the user's `factors`, a verification is a challenge then a verify, and the answer is
/// the session raised to `aal2`.
extension SupabaseAuthBackend: SecondFactorBackend {
    /// `POST /factors` with `factor_type: totp`.
    /// - Parameters:
    ///   - friendlyName: The user's name for the factor.
    ///   - issuer: The issuer (GoTrue's default: the site URL's host).
    ///   - session: The signed-in session.
    /// - Returns: The URI, secret, issuer, account name and QR code.
    /// - Throws: ``AuthError``.
    public func enrollTOTP(friendlyName: String?, issuer: String?, session: AuthSession) async throws(AuthError) -> SecondFactorEnrollment {
        let payload = try await call {
            try await api.enrollFactor(bearer: session.accessToken.revealed, friendlyName: friendlyName, issuer: issuer)
        }
        let label = Self.keyURILabel(payload.totp.uri.revealed)
        return SecondFactorEnrollment(
            factor: SecondFactor(id: payload.id, friendlyName: payload.friendlyName.flatMap { $0.isEmpty ? nil : $0 }, isVerified: false),
            secret: payload.totp.secret, uri: payload.totp.uri, issuer: label.issuer, accountName: label.account,
            qrCodeSVG: payload.totp.qrCode.isEmpty ? nil : payload.totp.qrCode)
    }

    /// The user's `factors` (`GET /user`).
    /// - Parameter session: The signed-in session.
    /// - Returns: The factors.
    /// - Throws: ``AuthError``.
    public func secondFactors(session: AuthSession) async throws(AuthError) -> [SecondFactor] {
        let user = try await call { try await api.user(bearer: session.accessToken.revealed) }
        return (user.factors ?? []).filter { $0.factorType == "totp" }.map {
            SecondFactor(id: $0.id, friendlyName: $0.friendlyName.flatMap { $0.isEmpty ? nil : $0 }, isVerified: $0.status == "verified")
        }
    }

    /// `POST /factors/{id}/challenge`, then `POST /factors/{id}/verify` with the code.
    /// - Parameters:
    ///   - factorID: The factor.
    ///   - code: The code.
    ///   - session: The signed-in session.
    /// - Returns: The `aal2` session.
    /// - Throws: ``AuthError``.
    public func verifySecondFactor(_ factorID: String, code: Secret, session: AuthSession) async throws(AuthError) -> AuthSession {
        let bearer = session.accessToken.revealed
        return try await call {
            let challenge = try await api.challengeFactor(bearer: bearer, factorID: factorID)
            let raised = try await api.verifyFactor(bearer: bearer, factorID: factorID, challengeID: challenge.id, code: code.revealed)
            return SupabaseWireMapping.session(raised)
        }
    }

    /// `DELETE /factors/{id}`.
    /// - Parameters:
    ///   - factorID: The factor.
    ///   - session: The signed-in session.
    /// - Throws: ``AuthError``.
    public func removeSecondFactor(_ factorID: String, session: AuthSession) async throws(AuthError) {
        try await call { try await api.unenrollFactor(bearer: session.accessToken.revealed, factorID: factorID) }
    }

    /// The issuer and account of a key URI's label (`otpauth://totp/ISSUER:ACCOUNT?…`), the
    /// `issuer` parameter winning over the label's.
    static func keyURILabel(_ uri: String) -> (issuer: String, account: String) {
        guard let components = URLComponents(string: uri) else { return ("", "") }
        let label = String(components.path.drop { $0 == "/" })
        let parts = label.split(separator: ":", maxSplits: 1).map(String.init)
        let issuer = components.queryItems?.first { $0.name == "issuer" }?.value ?? (parts.count == 2 ? parts[0] : "")
        return (issuer, parts.last ?? "")
    }
}
