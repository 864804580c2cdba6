import GRDB

extension SQLiteSchema {
    /// Firebase's enrolled second factors (Identity Toolkit's `mfaInfo`: `mfaEnrollmentId`,
    /// `displayName`, `enrolledAt`), with the TOTP shared secret and the step of the last code
    /// accepted; a user's rows go with it. A refresh token keeps the second factor its sign-in
    /// passed (`firebase_refresh_tokens.secondFactor`).
    static func firebaseMFATables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE firebase_mfa_enrollments (
                    project_id TEXT NOT NULL,
                    localId TEXT NOT NULL,
                    mfaEnrollmentId TEXT NOT NULL,
                    displayName TEXT,
                    enrolledAt INTEGER NOT NULL,
                    secret TEXT NOT NULL,
                    last_used_totp_step INTEGER,
                    PRIMARY KEY (project_id, localId, mfaEnrollmentId),
                    FOREIGN KEY (project_id, localId) REFERENCES firebase_users (project_id, localId) ON DELETE CASCADE
                ) WITHOUT ROWID;
                ALTER TABLE firebase_refresh_tokens ADD COLUMN secondFactor TEXT;
                """)
    }

    /// TOTP enrolments between Identity Toolkit's `mfaEnrollment:start` and `:finalize`
    /// (`sessionInfo`, the shared secret, `finalizeEnrollmentTime` in milliseconds), kept here so
    /// that another process sharing the file can finalize them; a user's rows go with it.
    static func firebaseTOTPEnrollmentSessionTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE firebase_totp_enrollment_sessions (
                    project_id TEXT NOT NULL,
                    sessionInfo TEXT NOT NULL,
                    localId TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    expiresAt INTEGER NOT NULL,
                    PRIMARY KEY (project_id, sessionInfo),
                    FOREIGN KEY (project_id, localId) REFERENCES firebase_users (project_id, localId) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX firebase_totp_enrollment_sessions_user_idx ON firebase_totp_enrollment_sessions (project_id, localId,\
                 expiresAt);
                CREATE INDEX firebase_totp_enrollment_sessions_expiry_idx ON firebase_totp_enrollment_sessions (project_id, expiresAt);
                """)
    }
}
