import AuthSimulation
import Foundation
import GRDB

/// A project's settings in `firebase_project_config`, one JSON row per project (the shape of the
/// emulator's config API).
extension SQLiteFirebaseRows {
    func projectConfig() -> FirebaseProjectConfig? {
        guard let text = step.string("SELECT config FROM firebase_project_config WHERE project_id = ?", [project]) else { return nil }
        return try? JSONDecoder().decode(FirebaseProjectConfig.self, from: Data(text.utf8))
    }

    func setProjectConfig(_ config: FirebaseProjectConfig) {
        guard let data = try? JSONEncoder().encode(config) else { return }
        step.execute(
            "INSERT OR REPLACE INTO firebase_project_config (project_id, config) VALUES (?, ?)",
            [project, String(decoding: data, as: UTF8.self)])
    }
}
