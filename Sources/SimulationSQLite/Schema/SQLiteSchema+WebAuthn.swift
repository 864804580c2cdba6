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

extension SQLiteSchema {
    /// A Firebase project's passkeys: the same columns as Supabase's with the project's id, the
    /// user's `localId` in `user_id`, and a challenge's `id` the challenge itself (the Identity
    /// Toolkit's finalize calls name no challenge).
    static let firebaseWebAuthnTables = """
        CREATE TABLE firebase_webauthn_credentials (
            project_id TEXT NOT NULL,
            id TEXT NOT NULL,
            user_id TEXT NOT NULL,
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
            last_used_at TEXT,
            PRIMARY KEY (project_id, id),
            FOREIGN KEY (project_id, user_id) REFERENCES firebase_users (project_id, localId) ON DELETE CASCADE
        );
        CREATE UNIQUE INDEX firebase_webauthn_credentials_credential_id_key ON firebase_webauthn_credentials (project_id, credential_id);
        CREATE INDEX firebase_webauthn_credentials_user_id_idx ON firebase_webauthn_credentials (project_id, user_id);
        CREATE TABLE firebase_webauthn_challenges (
            project_id TEXT NOT NULL,
            id TEXT NOT NULL,
            user_id TEXT,
            challenge_type TEXT NOT NULL CHECK (challenge_type IN ('registration', 'authentication')),
            session_data TEXT NOT NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            PRIMARY KEY (project_id, id)
        );
        CREATE INDEX firebase_webauthn_challenges_expires_at_idx ON firebase_webauthn_challenges (project_id, expires_at);
        """
}
