import AuthDomain
import Logging

/// What Apple gives only on a user's first authorization (the name, the email), kept where a
/// later sign-in finds it: the ``ProfileCache`` and the backend user's profile. Shared by the
/// native and the browser Apple flows.
struct FirstSignInProfile {
    let backend: any AuthBackend
    let profileCache: any ProfileCache
    let logger: Logger

    /// Caches a name the provider just gave, or writes a cached one the backend lacks, to the
    /// backend user.
    /// - Parameters:
    ///   - name: The name the provider gave on this sign-in, if any.
    ///   - email: The email it gave, if any.
    ///   - response: The backend's sign-in answer.
    /// - Returns: The user, with the name when there is one (a backend that cannot be reached now
    ///   gets it on a later sign-in).
    /// - Throws: ``AuthError`` when the profile update proves the session over; a name the
    ///   backend refuses is dropped (from the cache too) and the sign-in stands without it.
    func capture(name given: PersonName?, email: String?, for response: BackendSignIn) async throws(AuthError) -> AuthUser {
        let userID = response.user.id
        let name: PersonName
        if let given, given.formatted != nil {
            name = given
            do {
                try await profileCache.save(ProviderProfile(name: given, email: email ?? response.user.email), forUserID: userID)
            } catch {
                logger.warning("could not cache the first sign-in profile", metadata: ["error": "\(error)"])
            }
            guard response.user.displayName != given.formatted else { return response.user }
        } else if response.user.displayName == nil, let cached = await profileCache.profile(forUserID: userID)?.name,
            cached.formatted != nil
        {
            name = cached
        } else {
            return response.user
        }
        do {
            return try await backend.updateProfile(ProfileUpdate(name: name), accessToken: response.session.accessToken)
        } catch  where error.isTransient {
            logger.warning("name kept in the profile cache; the backend update will be retried", metadata: ["error": "\(error)"])
            var user = response.user
            user.displayName = name.formatted
            return user
        } catch  where !error.endsSession {
            // A name the backend refuses (too large, invalid) would be refused again on every
            // later sign-in: the sign-in stands without it, and the cache forgets it.
            logger.warning("the backend refused the name; signed in without it", metadata: ["error": "\(error)"])
            try? await profileCache.remove(forUserID: userID)
            return response.user
        }
    }
}
