extension SQLiteSchema {
    /// GoTrue's passkey tables (migrations/20260302000000_add_passkeys.up.sql): UUIDs and times
    /// as text, `bytea` as blobs, `jsonb` as JSON text; `session_data` keeps the challenge as
    /// go-webauthn's `SessionData` names it (`challenge`, base64url).
    static let webAuthnTables = """
        CREATE TABLE webauthn_credentials (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            credential_id BLOB NOT NULL,
            public_key BLOB NOT NULL,
            attestation_type TEXT NOT NULL DEFAULT '',
            aaguid TEXT,
            sign_count INTEGER NOT NULL DEFAULT 0,
            transports TEXT NOT NULL DEFAULT '[]',
            backup_eligible INTEGER NOT NULL DEFAULT 0,
            backed_up INTEGER NOT NULL DEFAULT 0,
            friendly_name TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            last_used_at TEXT
        );
        CREATE UNIQUE INDEX webauthn_credentials_credential_id_key ON webauthn_credentials (credential_id);
        CREATE INDEX webauthn_credentials_user_id_idx ON webauthn_credentials (user_id);
        CREATE TABLE webauthn_challenges (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
            challenge_type TEXT NOT NULL CHECK (challenge_type IN ('signup', 'registration', 'authentication')),
            session_data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL
        );
        CREATE INDEX webauthn_challenges_user_id_idx ON webauthn_challenges (user_id);
        CREATE INDEX webauthn_challenges_expires_at_idx ON webauthn_challenges (expires_at);
        """
}
