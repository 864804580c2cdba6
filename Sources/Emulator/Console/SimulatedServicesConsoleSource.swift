import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// The console's data source over the simulated services: the Supabase-like engine, every
/// Firebase project's engine, the mailbox and the simulated Apple and Google. The only place
/// that knows how the engines keep users, sessions and mail; when their storage changes, this
/// file (and the engines' `+Console` extensions) change, and the console does not.
///
/// Users of all services are sorted together by their sort keys (creation time and id), and only
/// the page's users are then read and mapped.
struct SimulatedServicesConsoleSource: ConsoleDataSource {
    /// The services.
    let services: SimulatedServices
    /// The Supabase service-role key, for the admin API the deletions and bans go through.
    let serviceRoleKey: String
    /// The users a reset loads again (`login serve --seed`).
    var seed: UserSeed? = nil

    /// Supabase's `ban_duration` for a ban from the console: about a hundred years, as Supabase
    /// Studio bans "forever".
    static let banDuration = "876000h"

    // MARK: - Users

    func users(matching search: String, page: ConsolePageRequest) async -> ConsolePage<ConsoleUserSummary> {
        // Each service gives its newest keys up to the page's end (the database sorts and counts),
        // so a page costs the page, not every user.
        typealias SortKey = (createdAt: Date, segment: String, id: String)
        let end = page.offset + page.limit
        let supabase = (try? services.supabase.consoleUserKeys(matching: search, limit: end)) ?? (total: 0, keys: [])
        var total = supabase.total
        var keys: [SortKey] = supabase.keys.map { ($0.createdAt, "supabase", $0.id) }
        for project in services.firebaseProjects.projectIDs {
            guard let engine = services.firebaseProjects.engine(for: project),
                let found = try? await engine.consoleUserKeys(matching: search, limit: end)
            else { continue }
            total += found.total
            keys += found.keys.map { ($0.createdAt, "firebase:" + project, $0.localId) }
        }
        keys.sort { ($0.createdAt, $0.segment, $0.id) > ($1.createdAt, $1.segment, $1.id) }
        let slice = keys.dropFirst(page.offset).prefix(page.limit).compactMap { ConsoleUserKey(segment: $0.segment, id: $0.id) }
        return ConsolePage(rows: await summaries(of: slice), total: total, request: page)
    }

    func user(_ key: ConsoleUserKey) async -> ConsoleUserDetail? {
        switch key.service {
        case .supabase:
            guard let (user, sessions) = (try? services.supabase.consoleUser(key.id)) ?? nil else { return nil }
            return await detail(of: user, sessions: sessions)
        case .firebase(let project):
            guard let engine = services.firebaseProjects.engine(for: project),
                let (user, tokens) = (try? await engine.consoleUser(key.id)) ?? nil
            else { return nil }
            var detail = await detail(of: user, project: project, refreshTokens: tokens)
            detail.factors = ((try? engine.currentCodes(localId: user.localId)) ?? []).map {
                .init(
                    id: $0.factor.mfaEnrollmentId, name: $0.factor.displayName ?? "", status: "verified", code: $0.code,
                    secondsLeft: $0.secondsLeft)
            }
            detail.passkeys = Self.passkeys((try? engine.consolePasskeys(of: user.localId)) ?? [])
            return detail
        }
    }

    /// The summaries of these users, in the same order (users deleted meanwhile are left out).
    private func summaries(of keys: [ConsoleUserKey]) async -> [ConsoleUserSummary] {
        var found: [ConsoleUserKey: ConsoleUserSummary] = [:]
        let now = services.clock.now()
        for user in (try? services.supabase.consoleUsers(ids: keys.filter { $0.service == .supabase }.map(\.id))) ?? [] {
            found[ConsoleUserKey(service: .supabase, id: user.id)] = summary(of: user, now: now)
        }
        for project in Set(keys.compactMap(\.project)) {
            guard let engine = services.firebaseProjects.engine(for: project) else { continue }
            for user in (try? await engine.consoleUsers(localIds: keys.filter { $0.project == project }.map(\.id))) ?? [] {
                found[ConsoleUserKey(service: .firebase(project: project), id: user.localId)] = summary(of: user, project: project)
            }
        }
        return keys.compactMap { found[$0] }
    }

    // MARK: - Supabase

    private func summary(of user: SupabaseUserRecord, now: Date) -> ConsoleUserSummary {
        var providers: [String] = []
        for identity in user.identities.sorted(by: { $0.createdAt < $1.createdAt }) where !providers.contains(identity.provider) {
            providers.append(identity.provider)
        }
        let name = ["full_name", "name"].lazy.compactMap { user.userMetadata[$0]?.stringValue }.first
        return ConsoleUserSummary(
            key: ConsoleUserKey(service: .supabase, id: user.id), email: user.email.isEmpty ? nil : user.email, name: name,
            providers: providers, isAnonymous: user.isAnonymous, isBanned: (user.bannedUntil ?? .distantPast) > now,
            createdAt: user.createdAt, lastSignInAt: user.lastSignInAt, isConfirmed: user.emailConfirmedAt != nil)
    }

    private func detail(of user: SupabaseUserRecord, sessions: [SupabaseSessionRecord]) async -> ConsoleUserDetail {
        let now = services.clock.now()
        let subjects = user.identities.filter { $0.provider == ProviderWireNames.supabase(.apple) }.map(\.providerID)
        return ConsoleUserDetail(
            summary: summary(of: user, now: now), emailVerified: user.emailConfirmedAt != nil,
            bannedUntil: user.bannedUntil.flatMap { $0 > now ? $0 : nil },
            fields: [
                .init(name: "user_metadata", value: Self.prettyJSON(user.userMetadata)),
                .init(name: "app_metadata", value: Self.prettyJSON(user.appMetadata)),
            ],
            identities: user.identities.map {
                .init(
                    provider: $0.provider, subject: $0.providerID, email: $0.email, createdAt: $0.createdAt, lastSignInAt: $0.lastSignInAt)
            },
            sessions: sessions.map {
                .init(
                    id: $0.id, method: Self.methods(of: $0), createdAt: $0.createdAt, lastRefreshedAt: $0.refreshedAt,
                    expiresAt: $0.notAfter, isExpired: ($0.notAfter ?? .distantFuture) <= now)
            },
            appleAuthorizations: await appleAuthorizations(of: subjects), validSince: nil,
            factors: ((try? services.supabase.currentCodes(userID: user.id)) ?? []).map {
                .init(
                    id: $0.factor.id, name: $0.factor.friendlyName ?? "", status: $0.factor.status, code: $0.code,
                    secondsLeft: $0.secondsLeft)
            }, passkeys: Self.passkeys((try? services.supabase.consolePasskeys(of: user.id)) ?? []))
    }

    /// The session's methods, the first factor first (`password + totp (aal2)`).
    private static func methods(of session: SupabaseSessionRecord) -> String {
        guard !session.laterAMR.isEmpty else { return session.amrMethod }
        return ([session.amrMethod] + session.laterAMR.map(\.method)).joined(separator: " + ") + " (\(session.aal))"
    }

    // MARK: - Firebase

    private func summary(of user: FirebaseUserRecord, project: String) -> ConsoleUserSummary {
        var providers: [String] = []
        for provider in user.providers where !providers.contains(provider.providerId) { providers.append(provider.providerId) }
        return ConsoleUserSummary(
            key: ConsoleUserKey(service: .firebase(project: project), id: user.localId), email: user.email, name: user.displayName,
            providers: providers, isAnonymous: user.providers.isEmpty && user.email == nil, isBanned: user.disabled,
            createdAt: Self.date(millis: user.createdAt), lastSignInAt: user.lastLoginAt > 0 ? Self.date(millis: user.lastLoginAt) : nil,
            isConfirmed: user.emailVerified)
    }

    private func detail(of user: FirebaseUserRecord, project: String, refreshTokens: [FirebaseRefreshRecord]) async -> ConsoleUserDetail {
        let validSince = Date(timeIntervalSince1970: Double(user.validSince))
        let fields: [ConsoleUserDetail.Field] = [
            ("displayName", user.displayName), ("photoUrl", user.photoUrl), ("customAttributes", user.customAttributes),
        ].compactMap { name, value in value.map { ConsoleUserDetail.Field(name: name, value: $0) } }
        let apple = ProviderWireNames.firebase(.apple)
        return ConsoleUserDetail(
            summary: summary(of: user, project: project), emailVerified: user.emailVerified, bannedUntil: nil, fields: fields,
            identities: user.providers.map {
                .init(provider: $0.providerId, subject: $0.rawId, email: $0.email, createdAt: nil, lastSignInAt: nil)
            },
            sessions: refreshTokens.map { token in
                .init(
                    id: nil, method: token.secondFactor == nil ? token.signInProvider : token.signInProvider + " + totp",
                    createdAt: Date(timeIntervalSince1970: Double(token.issuedAt)),
                    lastRefreshedAt: token.lastRefreshedAt.map { Date(timeIntervalSince1970: Double($0)) },
                    expiresAt: token.issuedAt < user.validSince ? validSince : nil, isExpired: token.issuedAt < user.validSince)
            },
            appleAuthorizations: await appleAuthorizations(of: user.providers.filter { $0.providerId == apple }.map(\.rawId)),
            validSince: validSince)
    }

    /// The console's rows of stored passkeys.
    private static func passkeys(_ records: [PasskeyRecord]) -> [ConsoleUserDetail.Passkey] {
        records.map {
            .init(id: $0.id, name: $0.friendlyName, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, signCount: $0.signCount)
        }
    }

    // MARK: - Apple, mail

    private func appleAuthorizations(of subjects: [String]) async -> [ConsoleUserDetail.AppleAuthorization] {
        let ours = Set(services.configuration.clientIDs[.apple] ?? [])
        var authorizations: [ConsoleUserDetail.AppleAuthorization] = []
        for subject in subjects {
            authorizations += await services.apple.authorizations(subject: subject).map {
                .init(
                    clientID: $0.clientID, subject: $0.subject, sharedEmail: $0.sharedEmail, isPrivateEmail: $0.isPrivateEmail,
                    authorizedAt: $0.authorizedAt, revokedAt: $0.revokedAt, isThisApp: ours.contains($0.clientID))
            }
        }
        return authorizations
    }

    func mail(to recipient: String?, page: ConsolePageRequest) async -> ConsolePage<ConsoleMailMessage> {
        let (total, messages) = await services.mailbox.page(to: recipient, offset: page.offset, limit: page.limit)
        let rows = messages.map {
            ConsoleMailMessage(
                recipient: $0.recipient, sender: $0.message.sender, kind: $0.message.kind, code: $0.message.code,
                link: $0.message.link, sentAt: $0.message.sentAt)
        }
        return ConsolePage(rows: rows, total: total, request: page)
    }

    // MARK: - Actions

    func perform(_ action: ConsoleAction, on key: ConsoleUserKey) async throws(ConsoleFailure) {
        if case .revokeAppleAuthorization(let client) = action {
            guard let user = await user(key) else { throw .userNotFound }
            var revoked = false
            for subject in Set(user.appleAuthorizations.map(\.subject))
            where await services.apple.revokeAuthorization(subject: subject, clientID: client) {
                revoked = true
            }
            guard revoked else { throw .refused("The user's Apple ID has no active authorization of \(client).") }
            return
        }
        if case .editMetadata(let edit) = action { return try await editMetadata(edit, of: key) }
        if action == .sendRecovery { return try await sendRecovery(to: key) }
        if case .deletePasskey(let id) = action { return try await deletePasskey(id, of: key) }
        switch key.service {
        case .supabase:
            do { try await performOnSupabase(action, userID: key.id) } catch { throw Self.consoleFailure(error) }
        case .firebase(let project):
            guard let engine = services.firebaseProjects.engine(for: project) else { throw .userNotFound }
            do {
                try await performOnFirebase(action, localId: key.id, engine: engine)
            } catch {
                throw error.message.hasPrefix("USER_NOT_FOUND") ? .userNotFound : .refused(error.message)
            }
        }
    }

    private func performOnSupabase(_ action: ConsoleAction, userID: String) async throws(SupabaseFailure) {
        let engine = services.supabase
        switch action {
        case .delete: try await engine.adminDeleteUser(bearer: serviceRoleKey, userID: userID)
        case .ban: _ = try await engine.adminBanUser(bearer: serviceRoleKey, userID: userID, banDuration: Self.banDuration)
        case .unban: _ = try await engine.adminBanUser(bearer: serviceRoleKey, userID: userID, banDuration: "none")
        case .endSessions: try engine.consoleEndSessions(of: userID)
        case .expireSessions: try engine.consoleExpireSessions(of: userID)
        case .revokeAppleAuthorization, .editMetadata, .sendRecovery, .deletePasskey: break
        }
    }

    private func performOnFirebase(_ action: ConsoleAction, localId: String, engine: FirebaseEngine) async throws(FirebaseFailure) {
        switch action {
        case .delete: try await engine.adminDelete(localId: localId)
        case .ban, .unban:
            var request = FirebaseUpdateRequest(idToken: nil)
            request.localId = localId
            request.disableUser = action == .ban
            _ = try await engine.adminUpdate(request)
        case .endSessions: try await engine.consoleEndSessions(of: localId)
        case .expireSessions: try await engine.consoleExpireSessions(of: localId)
        case .revokeAppleAuthorization, .editMetadata, .sendRecovery, .deletePasskey: break
        }
    }

    /// Removes a passkey: Supabase through GoTrue's admin route, Firebase in the project's rows.
    private func deletePasskey(_ id: String, of key: ConsoleUserKey) async throws(ConsoleFailure) {
        switch key.service {
        case .supabase:
            do { try await services.supabase.adminDeletePasskey(bearer: serviceRoleKey, userID: key.id, passkeyID: id) } catch {
                if case .api(404, "validation_failed", _) = error { throw .refused("The user has no passkey \(id).") }
                throw Self.consoleFailure(error)
            }
        case .firebase(let project):
            guard let engine = services.firebaseProjects.engine(for: project) else { throw .userNotFound }
            do { try engine.consoleDeletePasskey(id, of: key.id) } catch {
                throw error.message.hasPrefix("USER_NOT_FOUND") ? .userNotFound : .refused("The user has no passkey \(id).")
            }
        }
    }

    private func editMetadata(_ edit: ConsoleMetadataEdit, of key: ConsoleUserKey) async throws(ConsoleFailure) {
        switch key.service {
        case .supabase:
            let user = try edit.object("user_metadata")
            let app = try edit.object("app_metadata")
            guard user != nil || app != nil else { throw .refused("Give user_metadata or app_metadata as a JSON object.") }
            do { try services.supabase.consoleReplaceMetadata(of: key.id, userMetadata: user, appMetadata: app) } catch {
                throw Self.consoleFailure(error)
            }
        case .firebase(let project):
            guard let engine = services.firebaseProjects.engine(for: project) else { throw .userNotFound }
            guard let claims = try edit.object("custom_claims") else { throw .refused("Give custom_claims as a JSON object.") }
            var request = FirebaseUpdateRequest(idToken: nil)
            request.localId = key.id
            request.customAttributes = String(decoding: JSONValue.object(claims).serialized(), as: UTF8.self)
            do { _ = try await engine.adminUpdate(request) } catch {
                throw error.message.hasPrefix("USER_NOT_FOUND") ? .userNotFound : .refused(error.message)
            }
        }
    }

    var serviceChoices: [ConsoleUserKey.Service] {
        [.supabase] + services.firebaseProjects.projectIDs.map { .firebase(project: $0) }
    }

    func createUser(in service: ConsoleUserKey.Service, email: String, password: String?) async throws(ConsoleFailure) -> ConsoleUserKey {
        switch service {
        case .supabase:
            do {
                guard let password else {
                    return ConsoleUserKey(service: service, id: try services.supabase.consoleCreateUser(email: email))
                }
                let params = SupabaseAdminNewUser(email: email, password: password, emailConfirm: true)
                return ConsoleUserKey(service: service, id: try await services.supabase.adminCreateUser(bearer: serviceRoleKey, params).id)
            } catch {
                throw Self.consoleFailure(error)
            }
        case .firebase(let project):
            guard let engine = services.firebaseProjects.engine(for: project) else {
                throw .refused("No Firebase project \(project) is served.")
            }
            var request = FirebaseSignUpRequest(returnSecureToken: false)
            request.email = email
            request.password = password.map { Secret($0) }
            request.emailVerified = true
            do { return ConsoleUserKey(service: service, id: try await engine.adminCreateUser(request).localId) } catch {
                throw .refused(error.message)
            }
        }
    }

    /// Mails the user a recovery code and link: Supabase `POST /recover` (GoTrue
    /// internal/api/recover.go), Firebase `sendOobCode` `PASSWORD_RESET` (firebase-tools
    /// `src/emulator/auth/operations.ts`).
    private func sendRecovery(to key: ConsoleUserKey) async throws(ConsoleFailure) {
        guard let user = await user(key) else { throw .userNotFound }
        guard let email = user.summary.email else { throw .refused("The user has no email to mail a recovery to.") }
        switch key.service {
        case .supabase:
            do { try await services.supabase.recover(email: email) } catch { throw Self.consoleFailure(error) }
        case .firebase(let project):
            guard let engine = services.firebaseProjects.engine(for: project) else { throw .userNotFound }
            let request = FirebaseOobRequest(requestType: "PASSWORD_RESET", email: email, continueUrl: nil, canHandleCodeInApp: nil)
            do { _ = try await engine.sendOobCode(request, isAdmin: true) } catch { throw .refused(error.message) }
        }
    }

    private static func consoleFailure(_ error: SupabaseFailure) -> ConsoleFailure {
        switch error {
        case .api(404, _, _): .userNotFound
        case .api(_, _, let message), .oauth(_, let message): .refused(message)
        }
    }

    /// Forgets users, sessions and mail (a storage failure is logged by the storage; nothing is forgotten then).
    func reset() async {
        guard (try? await services.reset()) != nil else { return }
        _ = try? await seed?.load(into: services)
    }

    // MARK: - Formatting

    private static func date(millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    /// A JSON object, indented, keys sorted.
    static func prettyJSON(_ object: JSONObject) -> String {
        let compact = Data(JSONValue.object(object).serialized())
        guard let value = try? JSONSerialization.jsonObject(with: compact),
            let pretty = try? JSONSerialization.data(
                withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return String(decoding: compact, as: UTF8.self) }
        return String(decoding: pretty, as: UTF8.self)
    }
}
