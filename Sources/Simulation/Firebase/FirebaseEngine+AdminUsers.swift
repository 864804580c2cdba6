import AuthData
import AuthJWT
import Foundation

/// Listing users as the Admin API does (`accounts:query`, `accounts:batchGet`), with the
/// official emulator's rules (firebase-tools `queryAccounts`, `batchGet`).
extension FirebaseEngine {
    /// `POST /v1/projects/{p}/accounts:query`: every user, ordered by `localId`.
    /// - Parameter body: The request (`returnUserInfo`, `order`, `sortBy`, `expression`, `limit`, `offset`).
    /// - Returns: `recordsCount` and, unless `returnUserInfo` is `false`, `userInfo`.
    /// - Throws: ``FirebaseFailure``: 501 for what the emulator does not implement.
    package func adminQuery(_ body: JSONObject) async throws(FirebaseFailure) -> JSONObject {
        if let expression = body["expression"]?.arrayValue, !expression.isEmpty {
            throw FirebaseFailure(status: 501, message: "expression is not implemented.")
        }
        if body["limit"] != nil, body["limit"] != .null { throw FirebaseFailure(status: 501, message: "limit is not implemented.") }
        if let offset = body["offset"], offset != .null, offset.stringValue != "0", offset.intValue != 0 {
            throw FirebaseFailure(status: 501, message: "offset is not implemented.")
        }
        if let sortBy = body["sortBy"]?.stringValue, !["USER_ID", "SORT_BY_FIELD_UNSPECIFIED"].contains(sortBy) {
            throw FirebaseFailure(status: 501, message: "Only sorting by USER_ID is implemented.")
        }
        var users = try users(after: nil, limit: .max)
        if body["order"]?.stringValue == "DESC" { users.reverse() }
        var answer: JSONObject = ["recordsCount": .string(String(users.count))]
        guard body["returnUserInfo"]?.boolValue != false else { return answer }
        answer["userInfo"] = .array(users.map { Self.json($0.adminPayload) })
        return answer
    }

    /// `GET /v1/projects/{p}/accounts:batchGet?maxResults=&nextPageToken=`: users after
    /// `nextPageToken` in `localId` order, `maxResults` at a time (20 by default, at most 1000,
    /// `-1` for all); `nextPageToken` is the last `localId` whenever the page is full.
    /// - Parameters:
    ///   - maxResults: The page size, as sent.
    ///   - nextPageToken: Where the previous page ended.
    /// - Returns: The download-account answer.
    /// - Throws: `INTERNAL_ERROR` when the storage fails.
    package func adminBatchGet(maxResults: String?, nextPageToken: String?) async throws(FirebaseFailure) -> JSONObject {
        let requested = maxResults.flatMap(Double.init).map { $0.rounded(.down) }.flatMap { $0.isFinite ? Int(exactly: $0) : nil } ?? 0
        let limit: Int? = requested == -1 ? nil : requested == 0 ? 20 : min(max(requested, 1), 1000)
        let token = nextPageToken.flatMap { $0.isEmpty ? nil : $0 }
        let users = try users(after: token, limit: limit ?? .max)
        var answer: JSONObject = [
            "kind": .string("identitytoolkit#DownloadAccountResponse"), "users": .array(users.map { Self.json($0.adminPayload) }),
        ]
        if let limit, users.count >= limit, let last = users.last { answer["nextPageToken"] = .string(last.localId) }
        return answer
    }

    /// The project's users in `localId` order after `localId`, at most `limit`.
    private func users(after localId: String?, limit: Int) throws(FirebaseFailure) -> [FirebaseUserRecord] {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.users(after: localId, limit: limit) }
    }

    private static func json(_ payload: FirebaseUserInfoPayload) -> JSONValue {
        guard let data = try? JSONEncoder().encode(payload), let object = try? StrictJSONParser.parseObject(Array(data)) else {
            return .null
        }
        return .object(object)
    }
}

extension FirebaseUserRecord {
    /// The user as the Admin API returns it: with `customAttributes`, `passwordHash` and `salt`.
    var adminPayload: FirebaseUserInfoPayload {
        var payload = self.payload
        payload.customAttributes = customAttributes
        payload.passwordHash = exportedPasswordHash?.hash
        payload.salt = exportedPasswordHash?.salt
        return payload
    }
}
