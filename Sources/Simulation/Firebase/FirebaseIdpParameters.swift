import AuthData

/// The credential parameters of a `signInWithIdp` request (`providerId`, `id_token`,
/// `access_token`, `nonce`, `user`…), read from every place clients put them, as firebase-tools'
/// `ops.ts` `getNormalizedUri` does: the query of `requestUri`, then each `postBody` key, then each
/// key of the `requestUri` fragment, a later place overriding an earlier one. Within one place the
/// first value of a repeated key counts (`URLSearchParams.get`). The JS SDK's redirect flow sends
/// the credential in `requestUri` alone (`…/__/auth/handler?providerId=…&id_token=…`, or after `#`);
/// `signInWithCredential` and the iOS SDK send it in `postBody`.
struct FirebaseIdpParameters {
    private var values: [String: String] = [:]

    /// Merges the parameters.
    /// - Parameters:
    ///   - requestUri: The request's `requestUri`.
    ///   - postBody: The request's `postBody`.
    /// - Throws: `MISSING_REQUEST_URI`, and `INVALID_REQUEST_URI` for a URI that is not absolute.
    init(requestUri: String?, postBody: String?) throws(FirebaseFailure) {
        guard let requestUri, !requestUri.isEmpty else { throw .code("MISSING_REQUEST_URI") }
        guard FirebaseURI.isAbsolute(requestUri) else { throw .code("INVALID_REQUEST_URI") }
        let beforeFragment = requestUri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let query = beforeFragment[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first
        merge(query)
        merge(postBody.map { Substring($0) })
        merge(beforeFragment.dropFirst().first)
    }

    /// A parameter's value, if present.
    subscript(name: String) -> String? { values[name] }

    /// Sets each key of a form-encoded part, keeping the first value of a key repeated within it;
    /// an undecodable escape is kept as written (as `URLSearchParams` does).
    private mutating func merge(_ part: Substring?) {
        guard let part, !part.isEmpty else { return }
        var seen: Set<String> = []
        for pair in part.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let rawName = pair[..<(equals ?? pair.endIndex)]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
            let name = FormEncoding.unescape(rawName.utf8[...]) ?? String(rawName)
            guard seen.insert(name).inserted else { continue }
            values[name] = FormEncoding.unescape(rawValue.utf8[...]) ?? String(rawValue)
        }
    }
}
