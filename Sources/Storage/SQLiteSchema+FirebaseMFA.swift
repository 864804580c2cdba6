import GRDB

extension SQLiteSchema {
    /// Firebase's enrolled second factors (Identity Toolkit's `mfaInfo`: `mfaEnrollmentId`,
    /// `displayName`, `enrolledAt`), with the TOTP shared secret and the step of the last code
    /// accepted; a user's rows go with it. A refresh token keeps the second factor its sign-in
    /// passed (`firebase_refresh_tokens.secondFactor`).
    static func firebaseMFATables(_ db: Database) throws {
        try db.execute(sql: """
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
}
