import AuthJWT
import AuthSimulation
import Foundation
import GRDB

/// The Supabase rows in GoTrue's tables: `users`, `identities`, `one_time_tokens` here;
/// sessions, refresh tokens and flow states in `SQLiteSupabaseRows+Sessions.swift`.
///
/// Saving a user writes only what changed since the step read it (the user's row, each
/// identity, each code), so a returning sign-in updates two rows instead of rewriting the user.
/// Changes to a user already in the table are written once, when the step next reads those
/// tables or ends (``flush()``): a sign-in that saves the user twice (its identity's claims, then
/// its `last_sign_in_at`) writes one `UPDATE`. Only this type reads `users`, `identities` and
/// `one_time_tokens`, and it writes what is pending before each of its reads of them.
final class SQLiteSupabaseRows: SupabaseRows {
    let step: SQLiteStep
    /// The users as this step last read or wrote them.
    private var known = StepCache<SupabaseUserRecord>()
    /// Users saved but not written yet: each as the table holds it, and as saved last.
    private var pending: [String: (stored: SupabaseUserRecord, latest: SupabaseUserRecord)] = [:]
    /// The pending users' ids in the order they were first saved, the order they are written in.
    private var pendingOrder: [String] = []
    /// The most users kept pending before they are written (a bulk import saves many).
    private static let pendingLimit = 256
    /// The stamp, read once per step and written once when the step ends (``flush()``).
    private var stamp: (value: Date, changed: Bool)?

    init(step: SQLiteStep) { self.step = step }

    var passkeys: any PasskeyRows { SQLitePasskeyRows(step: step) }

    // MARK: - Users

    func user(_ id: String) -> SupabaseUserRecord? { pending[id]?.latest ?? known.record(id, load: load) }

    func userID(email: String) -> String? {
        writePending()
        return email.isEmpty ? nil : step.string("SELECT id FROM users WHERE email = ?", [email])
    }

    func userID(phone: String) -> String? {
        writePending()
        return phone.isEmpty ? nil : step.string("SELECT id FROM users WHERE phone = ?", [phone])
    }

    func userID(provider: String, subject: String) -> String? {
        writePending()
        return step.string("SELECT user_id FROM identities WHERE provider_id = ? AND provider = ?", [subject, provider])
    }

    func userIDs(identityEmail: String) -> [String] {
        writePending()
        return step.strings("SELECT DISTINCT user_id FROM identities WHERE email = ?", [identityEmail.lowercased()])
    }

    func userID(emailCodeHash: String) -> String? {
        writePending()
        return step.string(
            """
            SELECT user_id FROM one_time_tokens WHERE token_hash = ?
                AND token_type IN ('confirmation_token', 'recovery_token', 'email_change_token_current', 'email_change_token_new')
            LIMIT 1
            """, [emailCodeHash])
    }

    func userCount() -> Int {
        writePending()
        return Int(step.integer("SELECT count(*) FROM users", []) ?? 0)
    }

    func userKeys(matching search: String, limit: Int) -> (total: Int, keys: [(createdAt: Date, id: String)]) {
        writePending()
        let filter = """
            WHERE ?1 = '' OR instr(id, ?1) > 0 OR instr(ifnull(email, ''), ?1) > 0
                OR id IN (SELECT user_id FROM identities WHERE instr(email, ?1) > 0)
            """
        let total = step.integer("SELECT count(*) FROM users " + filter, [search]) ?? 0
        let keys = step.rows("SELECT created_at, id FROM users " + filter + " ORDER BY created_at DESC, id DESC LIMIT ?2", [search, limit])
            .map { (createdAt: step.date($0[0] as String, "users.created_at"), id: $0[1] as String) }
        return (Int(total), keys)
    }

    func users(offset: Int, limit: Int) -> [SupabaseUserRecord] {
        writePending()
        return step.strings("SELECT id FROM users ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?", [limit, offset]).compactMap(user)
    }

    func save(_ new: SupabaseUserRecord) {
        if let waiting = pending[new.id] {
            pending[new.id] = (waiting.stored, new)
            return
        }
        guard let old = user(new.id) else {
            // A new user's row could take an address a pending change frees: those go first.
            writePending()
            step.execute(
                """
                INSERT INTO users (email, email_confirmed_at, confirmation_sent_at, recovery_sent_at, reauthentication_sent_at,
                    last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous,
                    encrypted_password, invited_at, email_change, email_change_sent_at, email_change_confirm_status, role, phone,
                    phone_confirmed_at, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, Self.userColumns(new))
            for identity in new.identities { insert(identity, of: new.id) }
            saveCode(new.otp, replacing: nil, of: new)
            saveCode(new.reauthentication, replacing: nil, of: new)
            saveEmailChangeCodes(old: nil, new: new)
            known.remember(new.id, new)
            return
        }
        pending[new.id] = (old, new)
        pendingOrder.append(new.id)
        if pendingOrder.count >= Self.pendingLimit { writePending() }
    }

    /// Writes the users saved since they were last written, each as the changes from its row.
    private func writePending() {
        guard !pendingOrder.isEmpty else { return }
        let (users, order) = (pending, pendingOrder)
        (pending, pendingOrder) = ([:], [])
        for id in order {
            guard let (old, new) = users[id] else { continue }
            update(from: old, to: new)
        }
    }

    /// Writes what changed between a user as stored and as saved: its row, identities and codes.
    private func update(from old: SupabaseUserRecord, to new: SupabaseUserRecord) {
        if !Self.sameRow(old, new) {
            // The JSON columns are encoded only when their objects differ (a sign-in's usually do not).
            let json = old.appMetadata != new.appMetadata || old.userMetadata != new.userMetadata
            let update = Self.users.update(from: Self.userValues(old, json: json), to: Self.userValues(new, json: json), id: new.id)
            if let update { step.execute(update.sql, update.arguments) }
        }
        let before = Dictionary(old.identities.map { ($0.identityID, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.identities.map { $0.identityID })
        for identity in old.identities where !after.contains(identity.identityID) {
            step.execute("DELETE FROM identities WHERE id = ?", [identity.identityID])
        }
        for identity in new.identities {
            switch before[identity.identityID] {
            case nil: insert(identity, of: new.id)
            case let previous? where previous != identity:
                let json = previous.identityData != identity.identityData
                let update = Self.identities.update(
                    from: Self.identityValues(previous, of: new.id, json: json), to: Self.identityValues(identity, of: new.id, json: json),
                    id: identity.identityID)
                if let update { step.execute(update.sql, update.arguments) }
            default: break
            }
        }
        if old.otp != new.otp { saveCode(new.otp, replacing: old.otp, of: new) }
        if old.reauthentication != new.reauthentication { saveCode(new.reauthentication, replacing: old.reauthentication, of: new) }
        saveEmailChangeCodes(old: old, new: new)
        known.remember(new.id, new)
    }

    func deleteUser(_ id: String) {
        writePending()
        step.execute("DELETE FROM users WHERE id = ?", [id])
        known.remember(id, nil)
    }

    func deleteAll() {
        (pending, pendingOrder) = ([:], [])
        step.execute("DELETE FROM users", [])
        step.execute("DELETE FROM flow_state", [])
        step.execute("DELETE FROM webauthn_challenges", [])
        known.removeAll()
    }

    // MARK: - The stamp

    var lastStamp: Date {
        get {
            if let stamp { return stamp.value }
            let value =
                step.string("SELECT value FROM instance_state WHERE key = 'supabase.last_stamp'", [])
                .map { step.date($0, "instance_state.supabase.last_stamp") } ?? .distantPast
            stamp = (value, false)
            return value
        }
        set { stamp = (newValue, true) }
    }

    /// Writes what the step kept for its end: the pending users, the stamp.
    func flush() {
        writePending()
        guard let stamp, stamp.changed else { return }
        step.execute(
            """
            INSERT INTO instance_state (key, value) VALUES ('supabase.last_stamp', ?) ON CONFLICT (key) DO UPDATE SET value =\
             excluded.value
            """,
            [Column.text(stamp.value)])
        self.stamp = (stamp.value, false)
    }

    // MARK: - Rows and columns

    private func load(_ id: String) -> SupabaseUserRecord? {
        guard
            let row = step.row(
                """
                SELECT email, email_confirmed_at, raw_user_meta_data, created_at, updated_at, last_sign_in_at, is_anonymous, banned_until,
                    confirmation_sent_at, recovery_sent_at, reauthentication_sent_at, raw_app_meta_data, encrypted_password,
                    invited_at, email_change, email_change_sent_at, email_change_confirm_status, role, phone, phone_confirmed_at
                FROM users WHERE id = ?
                """, [id])
        else { return nil }
        var user = SupabaseUserRecord(
            id: id, email: row[0] ?? "", emailConfirmedAt: step.optionalDate(row[1], "users.email_confirmed_at"),
            userMetadata: step.object(row[2], "users.raw_user_meta_data"), identities: [],
            createdAt: step.date(row[3] as String, "users.created_at"), updatedAt: step.date(row[4] as String, "users.updated_at"),
            lastSignInAt: step.optionalDate(row[5], "users.last_sign_in_at"), isAnonymous: row[6],
            bannedUntil: step.optionalDate(row[7], "users.banned_until"),
            otp: nil, confirmationSentAt: step.optionalDate(row[8], "users.confirmation_sent_at"),
            recoverySentAt: step.optionalDate(row[9], "users.recovery_sent_at"),
            reauthentication: nil, reauthenticationSentAt: step.optionalDate(row[10], "users.reauthentication_sent_at"),
            customAppMetadata: Self.customAppMetadata(step.object(row[11], "users.raw_app_meta_data")),
            encryptedPassword: row[12], invitedAt: step.optionalDate(row[13], "users.invited_at"))
        let role: String = row[17]
        user.role = role == SupabaseUserRecord.defaultRole ? nil : role
        user.phone = row[18]
        user.phoneConfirmedAt = step.optionalDate(row[19], "users.phone_confirmed_at")
        let changeSentAt = step.optionalDate(row[15], "users.email_change_sent_at")
        let newEmail: String = row[14] ?? ""
        if !newEmail.isEmpty || changeSentAt != nil {
            user.emailChange = SupabaseEmailChange(newEmail: newEmail, sentAt: changeSentAt, confirmStatus: row[16])
        }
        user.identities = step.rows(
            """
            SELECT id, provider, provider_id, identity_data, email, created_at, updated_at, last_sign_in_at
            FROM identities WHERE user_id = ? ORDER BY created_at, id
            """, [id]
        ).map { row in
            SupabaseIdentityRecord(
                identityID: row[0], provider: row[1], providerID: row[2], identityData: step.object(row[3], "identities.identity_data"),
                email: row[4], createdAt: step.date(row[5] as String, "identities.created_at"),
                updatedAt: step.date(row[6] as String, "identities.updated_at"),
                lastSignInAt: step.optionalDate(row[7], "identities.last_sign_in_at"))
        }
        for row in step.rows("SELECT token_type, token_hash, created_at, wrong_attempts FROM one_time_tokens WHERE user_id = ?", [id]) {
            let type: String = row[0]
            let code = SupabaseOTPRecord(
                tokenHash: row[1], kind: Self.kind(ofTokenType: type),
                sentAt: step.date(row[2] as String, "one_time_tokens.created_at"), wrongAttempts: row[3])
            switch type {
            case "reauthentication_token": user.reauthentication = code
            case "email_change_token_current":
                user.emailChange = user.emailChange ?? SupabaseEmailChange(newEmail: "", sentAt: nil)
                user.emailChange?.current = code
            case "email_change_token_new":
                user.emailChange = user.emailChange ?? SupabaseEmailChange(newEmail: "", sentAt: nil)
                user.emailChange?.new = code
            default: user.otp = code
            }
        }
        return user
    }

    private func insert(_ identity: SupabaseIdentityRecord, of userID: String) {
        step.execute(
            """
            INSERT INTO identities (provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email, user_id, id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Self.identityColumns(identity, of: userID))
    }

    /// Saves the codes of a change of address that changed: the current address's relates to the
    /// user's email, the new address's to the new one (as GoTrue's `CreateOneTimeToken` calls do).
    private func saveEmailChangeCodes(old: SupabaseUserRecord?, new: SupabaseUserRecord) {
        let before = old?.emailChange
        let after = new.emailChange
        if before?.current != after?.current { saveCode(after?.current, replacing: before?.current, of: new) }
        if before?.new != after?.new {
            saveCode(after?.new, replacing: before?.new, of: new, relatesTo: after?.newEmail)
        }
    }

    /// Replaces an outstanding code of the user (`one_time_tokens`, one row per type).
    private func saveCode(
        _ code: SupabaseOTPRecord?, replacing old: SupabaseOTPRecord?, of user: SupabaseUserRecord, relatesTo: String? = nil
    ) {
        if let old {
            step.execute("DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?", [user.id, Self.tokenType(ofKind: old.kind)])
        }
        guard let code else { return }
        step.execute(
            """
            INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at, wrong_attempts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, token_type) DO UPDATE SET token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                created_at = excluded.created_at, updated_at = excluded.updated_at, wrong_attempts = excluded.wrong_attempts
            """,
            [
                RandomIdentifiers.uuid(), user.id, Self.tokenType(ofKind: code.kind), code.tokenHash,
                (relatesTo ?? user.email).lowercased(),
                Column.text(code.sentAt), Column.text(code.sentAt), code.wrongAttempts,
            ])
    }

    /// What the admin set in `raw_app_meta_data`: all but `provider` and `providers`, which
    /// follow from the identities (GoTrue keeps both in the column, as here).
    private static func customAppMetadata(_ stored: JSONObject) -> JSONObject? {
        var custom = JSONObject()
        for entry in stored where entry.key != "provider" && entry.key != "providers" { custom.append(entry.key, entry.value) }
        return custom.isEmpty ? nil : custom
    }

    /// GoTrue's `one_time_token_type` for a code's kind.
    static func tokenType(ofKind kind: String) -> String {
        switch kind {
        case "confirmation": "confirmation_token"
        case "reauthentication": "reauthentication_token"
        case SupabaseEmailChange.currentKind: "email_change_token_current"
        case SupabaseEmailChange.newKind: "email_change_token_new"
        default: "recovery_token"
        }
    }

    static func kind(ofTokenType type: String) -> String {
        switch type {
        case "confirmation_token": "confirmation"
        case "reauthentication_token": "reauthentication"
        case "email_change_token_current": SupabaseEmailChange.currentKind
        case "email_change_token_new": SupabaseEmailChange.newKind
        default: "magiclink"
        }
    }

    /// Whether two versions of a user have the same `users` row (identities and codes aside).
    private static func sameRow(_ old: SupabaseUserRecord, _ new: SupabaseUserRecord) -> Bool {
        var (old, new) = (old, new)
        guard old.appMetadata == new.appMetadata else { return false }
        (old.identities, old.otp, old.reauthentication) = ([], nil, nil)
        (new.identities, new.otp, new.reauthentication) = ([], nil, nil)
        old.emailChange?.current = nil
        old.emailChange?.new = nil
        new.emailChange?.current = nil
        new.emailChange?.new = nil
        return old == new
    }

    /// The `users` columns but the id, in the order of the insert statement.
    private static let users = SQLiteChangedColumns(
        table: "users",
        columns: [
            "email", "email_confirmed_at", "confirmation_sent_at", "recovery_sent_at", "reauthentication_sent_at",
            "last_sign_in_at", "raw_app_meta_data", "raw_user_meta_data", "created_at", "updated_at", "banned_until",
            "is_anonymous", "encrypted_password", "invited_at", "email_change", "email_change_sent_at",
            "email_change_confirm_status", "role", "phone", "phone_confirmed_at",
        ], key: "id")

    /// The `identities` columns but the id, in the order of the insert statement.
    private static let identities = SQLiteChangedColumns(
        table: "identities",
        columns: ["provider_id", "identity_data", "provider", "last_sign_in_at", "created_at", "updated_at", "email", "user_id"],
        key: "id")

    /// The `users` columns, in the order of the insert statement, the id last.
    private static func userColumns(_ user: SupabaseUserRecord) -> StatementArguments {
        StatementArguments(userValues(user) + [user.id.databaseValue])
    }

    /// The values of ``users``'s columns.
    /// - Parameters:
    ///   - user: The user.
    ///   - json: Whether to encode the JSON columns; `false` puts `NULL` in their place, for
    ///     comparing two versions whose JSON objects are equal.
    private static func userValues(_ user: SupabaseUserRecord, json: Bool = true) -> [DatabaseValue] {
        [
            (user.email.isEmpty ? nil : user.email).databaseValue, Column.text(user.emailConfirmedAt).databaseValue,
            Column.text(user.confirmationSentAt).databaseValue, Column.text(user.recoverySentAt).databaseValue,
            Column.text(user.reauthenticationSentAt).databaseValue, Column.text(user.lastSignInAt).databaseValue,
            json ? Column.text(user.appMetadata).databaseValue : .null, json ? Column.text(user.userMetadata).databaseValue : .null,
            Column.text(user.createdAt).databaseValue, Column.text(user.updatedAt).databaseValue,
            Column.text(user.bannedUntil).databaseValue, user.isAnonymous.databaseValue, user.encryptedPassword.databaseValue,
            Column.text(user.invitedAt).databaseValue,
            user.emailChange.flatMap { $0.newEmail.isEmpty ? nil : $0.newEmail }.databaseValue,
            Column.text(user.emailChange?.sentAt).databaseValue, (user.emailChange?.confirmStatus ?? 0).databaseValue,
            user.effectiveRole.databaseValue, user.phone.databaseValue, Column.text(user.phoneConfirmedAt).databaseValue,
        ]
    }

    /// The `identities` columns, in the order of the insert statement, the id last.
    private static func identityColumns(_ identity: SupabaseIdentityRecord, of userID: String) -> StatementArguments {
        StatementArguments(identityValues(identity, of: userID) + [identity.identityID.databaseValue])
    }

    /// The values of ``identities``'s columns (`json` as for ``userValues(_:json:)``).
    private static func identityValues(_ identity: SupabaseIdentityRecord, of userID: String, json: Bool = true) -> [DatabaseValue] {
        [
            identity.providerID.databaseValue, json ? Column.text(identity.identityData).databaseValue : .null,
            identity.provider.databaseValue,
            Column.text(identity.lastSignInAt).databaseValue, Column.text(identity.createdAt).databaseValue,
            Column.text(identity.updatedAt).databaseValue, identity.email?.lowercased().databaseValue ?? .null, userID.databaseValue,
        ]
    }
}
