import GRDB

/// The database's tables, versioned with GRDB migrations (the `grdb_migrations` table records
/// which ran). Supabase's tables and columns are GoTrue's `auth` schema where the concepts match
/// (`users`, `identities`, `one_time_tokens`, `sessions`, `mfa_amr_claims`, `refresh_tokens`,
/// `flow_state`); Firebase's are per project, with the Identity Toolkit's account field names;
/// Apple's, Google's and the mailbox's are the simulated providers' own. Times are text, RFC 3339
/// in UTC with microseconds (`2026-11-22T21:13:30.123456Z`), except where Firebase uses numbers.
///
/// A migration is never edited once released: a change is a new migration appended here.
enum SQLiteSchema {
    /// The migrations, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-auth-schema") { db in
            try db.execute(sql: supabaseTables)
            try db.execute(sql: firebaseTables)
            try db.execute(sql: providerTables)
        }
        migrator.registerMigration("2-apple-code-redirect-uri") { db in
            try db.execute(sql: "ALTER TABLE apple_authorization_codes ADD COLUMN redirect_uri TEXT")
        }
        // GoTrue's `users.encrypted_password` (the bcrypt hash, `NULL` without a password) and
        // `users.invited_at` (00_init).
        migrator.registerMigration("3-users-passwords") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN encrypted_password TEXT; ALTER TABLE users ADD COLUMN invited_at TEXT")
        }
        migrator.registerMigration("4-mfa", migrate: mfaTables)
        migrator.registerMigration("5-webauthn") { db in
            try db.execute(sql: webAuthnTables)
            try db.execute(sql: firebaseWebAuthnTables)
        }
        // Firebase passwords (the bcrypt hash, never the password), phone numbers, the new address
        // of a VERIFY_AND_CHANGE_EMAIL code, and each project's settings (the emulator's config API).
        migrator.registerMigration("6-firebase-passwords") { db in
            try db.execute(sql: firebasePasswordTables)
        }
        migrator.registerMigration("7-firebase-mfa", migrate: firebaseMFATables)
        // GoTrue's change of address: `users.email_change`, `email_change_sent_at`,
        // `email_change_confirm_status`, and the two code types `one_time_tokens` gained
        // (`email_change_token_current`, `email_change_token_new`); SQLite cannot alter a CHECK,
        // so the table is made again.
        migrator.registerMigration("8-email-change") { db in
            try db.execute(sql: emailChangeTables)
        }
        // GoTrue's `flow_state.provider_access_token` and `provider_refresh_token` (20230322519590):
        // what a PKCE `/callback` keeps for the code exchange. The session is made at the exchange
        // now, so `session_id`, `refresh_token` and `amr_timestamp` stay empty.
        migrator.registerMigration("9-flow-state-provider-tokens") { db in
            try db.execute(
                sql: """
                    ALTER TABLE flow_state ADD COLUMN provider_access_token TEXT;
                    ALTER TABLE flow_state ADD COLUMN provider_refresh_token TEXT;
                    CREATE INDEX flow_state_user_id_idx ON flow_state (user_id, authentication_method);
                    """)
        }
        migrator.registerMigration("10-firebase-totp-enrollment-sessions", migrate: firebaseTOTPEnrollmentSessionTables)
        // GoTrue's `users.phone` (unique) and `users.phone_confirmed_at` (00_init, 20210710035447);
        // `users.role` was there from the start.
        migrator.registerMigration("11-users-phone") { db in
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN phone TEXT;
                    ALTER TABLE users ADD COLUMN phone_confirmed_at TEXT;
                    CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone IS NOT NULL;
                    """)
        }
        // A custom token's developer claims kept with the refresh token it was exchanged for, so
        // that refreshed ID tokens carry them (firebase-tools `src/emulator/auth/state.ts`
        // `createRefreshTokenFor`, `extraClaims`): a JSON object's text, `NULL` for other sign-ins.
        migrator.registerMigration("12-firebase-refresh-token-claims") { db in
            try db.execute(sql: "ALTER TABLE firebase_refresh_tokens ADD COLUMN developerClaims TEXT")
        }
        return migrator
    }

    /// What `6-firebase-passwords` adds.
    static let firebasePasswordTables = """
        ALTER TABLE firebase_users ADD COLUMN passwordHash TEXT;
        ALTER TABLE firebase_users ADD COLUMN passwordUpdatedAt INTEGER;
        ALTER TABLE firebase_users ADD COLUMN phoneNumber TEXT;
        CREATE UNIQUE INDEX firebase_users_phone_key ON firebase_users (project_id, phoneNumber) WHERE phoneNumber IS NOT NULL;
        ALTER TABLE firebase_oob_codes ADD COLUMN newEmail TEXT;
        CREATE TABLE firebase_project_config (
            project_id TEXT PRIMARY KEY NOT NULL,
            config TEXT NOT NULL
        );
        """

    /// What `8-email-change` does.
    static let emailChangeTables = """
        ALTER TABLE users ADD COLUMN email_change TEXT;
        ALTER TABLE users ADD COLUMN email_change_sent_at TEXT;
        ALTER TABLE users ADD COLUMN email_change_confirm_status INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE one_time_tokens_8 (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            token_type TEXT NOT NULL CHECK (token_type IN ('confirmation_token', 'reauthentication_token', 'recovery_token',
                'email_change_token_new', 'email_change_token_current')),
            token_hash TEXT NOT NULL CHECK (length(token_hash) > 0),
            relates_to TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            wrong_attempts INTEGER NOT NULL DEFAULT 0,
            UNIQUE (user_id, token_type)
        );
        INSERT INTO one_time_tokens_8 (id, user_id, token_type, token_hash, relates_to, created_at, updated_at, wrong_attempts)
            SELECT id, user_id, token_type, token_hash, relates_to, created_at, updated_at, wrong_attempts FROM one_time_tokens;
        DROP TABLE one_time_tokens;
        ALTER TABLE one_time_tokens_8 RENAME TO one_time_tokens;
        CREATE INDEX one_time_tokens_token_hash_idx ON one_time_tokens (token_hash);
        """

    /// GoTrue's `auth` schema, the columns the engine uses (GoTrue's migrations, 00_init onwards).
    static let supabaseTables = """
        CREATE TABLE users (
            id TEXT PRIMARY KEY NOT NULL,
            aud TEXT NOT NULL DEFAULT 'authenticated',
            role TEXT NOT NULL DEFAULT 'authenticated',
            email TEXT,
            email_confirmed_at TEXT,
            confirmation_sent_at TEXT,
            recovery_sent_at TEXT,
            reauthentication_sent_at TEXT,
            last_sign_in_at TEXT,
            raw_app_meta_data TEXT NOT NULL DEFAULT '{}',
            raw_user_meta_data TEXT NOT NULL DEFAULT '{}',
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            banned_until TEXT,
            is_anonymous INTEGER NOT NULL DEFAULT 0
        );
        CREATE UNIQUE INDEX users_email_partial_key ON users (email) WHERE email IS NOT NULL;
        CREATE INDEX users_created_at_idx ON users (created_at);
        CREATE TABLE identities (
            id TEXT PRIMARY KEY NOT NULL,
            provider_id TEXT NOT NULL,
            user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            identity_data TEXT NOT NULL,
            provider TEXT NOT NULL,
            last_sign_in_at TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            email TEXT,
            UNIQUE (provider_id, provider)
        );
        CREATE INDEX identities_user_id_idx ON identities (user_id);
        CREATE INDEX identities_email_idx ON identities (email);
        CREATE TABLE one_time_tokens (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            token_type TEXT NOT NULL CHECK (token_type IN ('confirmation_token', 'reauthentication_token', 'recovery_token')),
            token_hash TEXT NOT NULL CHECK (length(token_hash) > 0),
            relates_to TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            wrong_attempts INTEGER NOT NULL DEFAULT 0,
            UNIQUE (user_id, token_type)
        );
        CREATE INDEX one_time_tokens_token_hash_idx ON one_time_tokens (token_hash);
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            aal TEXT NOT NULL DEFAULT 'aal1',
            refreshed_at TEXT,
            not_after TEXT
        ) WITHOUT ROWID;
        CREATE INDEX sessions_user_id_created_at_idx ON sessions (user_id, created_at);
        CREATE TABLE mfa_amr_claims (
            session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            authentication_method TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            id TEXT NOT NULL,
            PRIMARY KEY (session_id, authentication_method)
        ) WITHOUT ROWID;
        CREATE TABLE refresh_tokens (
            id INTEGER PRIMARY KEY,
            token TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            revoked INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            parent TEXT,
            session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE
        );
        CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id, id);
        CREATE TABLE flow_state (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT,
            auth_code TEXT,
            code_challenge_method TEXT CHECK (code_challenge_method IN ('s256', 'plain')),
            code_challenge TEXT,
            provider_type TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            authentication_method TEXT NOT NULL,
            auth_code_issued_at TEXT,
            referrer TEXT NOT NULL,
            linking_target_id TEXT,
            session_id TEXT,
            refresh_token TEXT,
            amr_timestamp INTEGER
        );
        CREATE INDEX flow_state_auth_code_idx ON flow_state (auth_code);
        CREATE INDEX flow_state_created_at_idx ON flow_state (created_at);
        CREATE TABLE instance_state (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """

    /// Firebase's accounts and what the Identity Toolkit keeps beside them, per project.
    static let firebaseTables = """
        CREATE TABLE firebase_users (
            project_id TEXT NOT NULL,
            localId TEXT NOT NULL,
            email TEXT,
            emailVerified INTEGER NOT NULL,
            displayName TEXT,
            photoUrl TEXT,
            disabled INTEGER NOT NULL,
            emailLinkSignin INTEGER NOT NULL,
            hasPassword INTEGER NOT NULL,
            validSince INTEGER NOT NULL,
            createdAt INTEGER NOT NULL,
            lastLoginAt INTEGER NOT NULL,
            customAttributes TEXT,
            PRIMARY KEY (project_id, localId)
        );
        CREATE UNIQUE INDEX firebase_users_email_key ON firebase_users (project_id, email) WHERE email IS NOT NULL;
        CREATE TABLE firebase_provider_user_info (
            project_id TEXT NOT NULL,
            localId TEXT NOT NULL,
            position INTEGER NOT NULL,
            providerId TEXT NOT NULL,
            rawId TEXT NOT NULL,
            email TEXT,
            displayName TEXT,
            photoUrl TEXT,
            PRIMARY KEY (project_id, localId, position),
            FOREIGN KEY (project_id, localId) REFERENCES firebase_users (project_id, localId) ON DELETE CASCADE
        );
        CREATE TABLE firebase_federated_ids (
            project_id TEXT NOT NULL,
            providerId TEXT NOT NULL,
            rawId TEXT NOT NULL,
            localId TEXT NOT NULL,
            PRIMARY KEY (project_id, providerId, rawId)
        );
        CREATE INDEX firebase_federated_ids_localId_idx ON firebase_federated_ids (project_id, localId);
        CREATE TABLE firebase_refresh_tokens (
            id INTEGER PRIMARY KEY,
            project_id TEXT NOT NULL,
            token TEXT NOT NULL UNIQUE,
            localId TEXT NOT NULL,
            signInProvider TEXT NOT NULL,
            authTime INTEGER NOT NULL,
            issuedAt INTEGER NOT NULL,
            lastRefreshedAt INTEGER
        );
        CREATE INDEX firebase_refresh_tokens_localId_idx ON firebase_refresh_tokens (project_id, localId, id);
        CREATE TABLE firebase_oob_codes (
            project_id TEXT NOT NULL,
            oobCode TEXT NOT NULL,
            email TEXT NOT NULL,
            requestType TEXT NOT NULL,
            createdAt TEXT NOT NULL,
            PRIMARY KEY (project_id, oobCode)
        );
        CREATE INDEX firebase_oob_codes_email_idx ON firebase_oob_codes (project_id, email);
        CREATE INDEX firebase_oob_codes_createdAt_idx ON firebase_oob_codes (project_id, createdAt);
        CREATE TABLE firebase_email_sends (
            project_id TEXT NOT NULL,
            email TEXT NOT NULL,
            sentAt TEXT NOT NULL,
            PRIMARY KEY (project_id, email)
        );
        CREATE INDEX firebase_email_sends_sentAt_idx ON firebase_email_sends (project_id, sentAt);
        CREATE TABLE firebase_pending_credentials (
            project_id TEXT NOT NULL,
            pendingToken TEXT NOT NULL,
            providerId TEXT NOT NULL,
            rawId TEXT NOT NULL,
            email TEXT,
            emailVerified INTEGER NOT NULL,
            displayName TEXT,
            firstName TEXT,
            lastName TEXT,
            photoUrl TEXT,
            rawUserInfo TEXT NOT NULL,
            oauthIdToken TEXT NOT NULL,
            createdAt TEXT NOT NULL,
            PRIMARY KEY (project_id, pendingToken)
        );
        CREATE INDEX firebase_pending_credentials_createdAt_idx ON firebase_pending_credentials (project_id, createdAt);
        CREATE TABLE firebase_spent_apple_tokens (
            project_id TEXT NOT NULL,
            tokenHash TEXT NOT NULL,
            expiresAt INTEGER NOT NULL,
            PRIMARY KEY (project_id, tokenHash)
        );
        CREATE INDEX firebase_spent_apple_tokens_expiresAt_idx ON firebase_spent_apple_tokens (project_id, expiresAt);
        CREATE TABLE firebase_rate_windows (
            project_id TEXT NOT NULL,
            key TEXT NOT NULL,
            windowEnd TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (project_id, key)
        );
        CREATE INDEX firebase_rate_windows_windowEnd_idx ON firebase_rate_windows (project_id, windowEnd);
        """

    /// The simulated Apple ID, Google and the mailbox.
    static let providerTables = """
        CREATE TABLE apple_accounts (
            apple_id TEXT PRIMARY KEY NOT NULL,
            subject TEXT NOT NULL UNIQUE,
            relay_address TEXT NOT NULL
        );
        CREATE TABLE apple_authorizations (
            client_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            shared_email TEXT NOT NULL,
            is_private_email INTEGER NOT NULL,
            authorized_at TEXT NOT NULL,
            revoked_at TEXT,
            PRIMARY KEY (client_id, subject)
        );
        CREATE TABLE apple_authorization_codes (
            code TEXT PRIMARY KEY NOT NULL,
            client_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            nonce TEXT,
            issued_at TEXT NOT NULL,
            used_at TEXT
        );
        CREATE INDEX apple_authorization_codes_issued_at_idx ON apple_authorization_codes (issued_at);
        CREATE TABLE apple_tokens (
            token TEXT PRIMARY KEY NOT NULL,
            client_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            kind TEXT NOT NULL,
            issued_at TEXT NOT NULL,
            revoked_at TEXT
        );
        CREATE INDEX apple_tokens_client_subject_idx ON apple_tokens (client_id, subject);
        CREATE TABLE apple_revocations (
            id INTEGER PRIMARY KEY,
            client_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            token_kind TEXT NOT NULL,
            revoked_at TEXT NOT NULL
        );
        CREATE TABLE google_accounts (
            email TEXT PRIMARY KEY NOT NULL,
            subject TEXT NOT NULL UNIQUE,
            given_name TEXT,
            family_name TEXT
        );
        CREATE TABLE mail (
            id INTEGER PRIMARY KEY,
            recipient TEXT NOT NULL,
            sender TEXT NOT NULL,
            kind TEXT NOT NULL,
            code TEXT NOT NULL,
            link TEXT,
            sent_at TEXT NOT NULL
        );
        CREATE INDEX mail_recipient_idx ON mail (recipient, id);
        """
}
