import AuthData

extension SupabaseEngine {
    /// The `delete-account` Edge Function: Supabase Auth has no endpoint for users to delete
    /// themselves, so apps deploy a function that checks the caller's token and deletes the user
    /// with the service role. The emulator serves it at `POST /functions/v1/delete-account`.
    package func deleteAccountFunction(bearer: String?) async throws(SupabaseFailure) {
        let caller = try await authenticate(bearer)
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.deleteUser(caller.userID) }
    }
}
