import AuthData
import Foundation

/// Email action codes (`EMAIL_SIGNIN`) and email-link sign-in.
extension FirebaseStore {
    package func createOobCode(email: String, requestType: String, now: Date) throws(FirebaseFailure) -> String {
        if let last = state.lastEmailSent[email], now.timeIntervalSince(last) < configuration.emailResendInterval { throw .tooManyAttempts }
        state.lastEmailSent[email] = now
        state.wrongOobAttempts[email] = nil
        state.oobCodes = state.oobCodes.filter { $0.value.email != email || $0.value.requestType != requestType }
        let code = RandomIdentifiers.base64URL(54)
        state.oobCodes[code] = FirebaseOobRecord(email: email, requestType: requestType, createdAt: now)
        return code
    }

    package var pendingOobCodes: [(code: String, record: FirebaseOobRecord)] {
        state.oobCodes.map { ($0.key, $0.value) }.sorted { $0.record.createdAt < $1.record.createdAt }
    }

    package func signInWithEmailLink(email: String, code: String, now: Date) throws(FirebaseFailure) -> (FirebaseUserRecord, isNewUser: Bool) {
        guard state.wrongOobAttempts[email, default: 0] < configuration.maxWrongOobAttempts else { throw .tooManyAttempts }
        guard let record = state.oobCodes[code], record.requestType == "EMAIL_SIGNIN" else {
            state.wrongOobAttempts[email, default: 0] += 1
            if state.wrongOobAttempts[email, default: 0] >= configuration.maxWrongOobAttempts {
                state.oobCodes = state.oobCodes.filter { $0.value.email != email }
            }
            throw .invalidOobCode
        }
        guard now.timeIntervalSince(record.createdAt) <= configuration.oobCodeLifetime else {
            state.oobCodes[code] = nil
            throw .expiredOobCode
        }
        guard record.email == email else {
            throw .code("INVALID_EMAIL", "The email provided does not match the sign-in email address.")
        }
        state.oobCodes[code] = nil
        state.wrongOobAttempts[email] = nil
        let millis = Self.millis(now)
        let passwordProvider = FirebaseProviderRecord(providerId: "password", rawId: email, email: email, displayName: nil, photoUrl: nil)
        if let localId = state.emailIndex[email], var user = state.users[localId] {
            guard !user.disabled else { throw .userDisabled }
            if !user.providers.contains(where: { $0.providerId == "password" }) { user.providers.append(passwordProvider) }
            user.emailVerified = true
            user.emailLinkSignin = true
            user.lastLoginAt = millis
            state.users[localId] = user
            return (user, false)
        }
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: email, emailVerified: true, displayName: nil, photoUrl: nil,
            disabled: false, providers: [passwordProvider], emailLinkSignin: true, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        insert(user)
        return (user, true)
    }
}
