import GRDB

extension SQLiteSchema {
    /// GoTrue's `mfa_factors` and `mfa_challenges` (migrations 20221003041349 onwards), the columns
    /// the engine uses, and `sessions.factor_id`. Ours beside them: `mfa_factors.last_used_totp_step`
    /// (a code is not accepted twice) and `mfa_challenges.session_id` (a challenge is verified by
    /// the session that made it). `mfa_amr_claims` and `sessions.aal` are in the first migration.
    static func mfaTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE mfa_factors (
                    id TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    friendly_name TEXT,
                    factor_type TEXT NOT NULL CHECK (factor_type IN ('totp', 'webauthn', 'phone')),
                    status TEXT NOT NULL CHECK (status IN ('unverified', 'verified')),
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    secret TEXT,
                    last_challenged_at TEXT,
                    last_used_totp_step INTEGER
                ) WITHOUT ROWID;
                CREATE INDEX factor_id_created_at_idx ON mfa_factors (user_id, created_at);
                CREATE UNIQUE INDEX mfa_factors_user_friendly_name_unique ON mfa_factors (friendly_name, user_id)
                    WHERE trim(friendly_name) <> '';
                CREATE TABLE mfa_challenges (
                    id TEXT PRIMARY KEY NOT NULL,
                    factor_id TEXT NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
                    created_at TEXT NOT NULL,
                    verified_at TEXT,
                    ip_address TEXT NOT NULL,
                    session_id TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX mfa_challenge_created_at_idx ON mfa_challenges (created_at);
                ALTER TABLE sessions ADD COLUMN factor_id TEXT;
                """)
    }
}
