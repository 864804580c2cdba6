import AuthData
import AuthJWT

/// How a body's fields reach a stored config: by dotted paths, checked one by one.
extension FirebaseIdpConfigs {
    static func checkID(_ kind: FirebaseIdpConfigKind, _ id: String?) throws(FirebaseFailure) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard let id, id.hasPrefix(kind.idPrefix), id.count > kind.idPrefix.count, id.count <= FirebaseIdpConfigLimits.id,
            id.allSatisfy(allowed.contains)
        else {
            throw .code(
                "INVALID_PROVIDER_ID",
                "\(kind.idParameter) must start with \(kind.idPrefix) and have at most "
                    + "\(FirebaseIdpConfigLimits.id) letters, digits, '-', '_' or '.'")
        }
        return id
    }

    /// The fields an `updateMask` names; a parent (`idpConfig`) stands for every field under it.
    static func paths(_ kind: FirebaseIdpConfigKind, _ mask: String) throws(FirebaseFailure) -> Set<String> {
        var paths = Set<String>()
        for raw in mask.split(separator: ",").prefix(32) {
            let path = raw.trimmingCharacters(in: .whitespaces)
            let covered = kind.fields.filter { $0.path == path || $0.path.hasPrefix(path + ".") }
            guard !covered.isEmpty else { throw .code("INVALID_ARGUMENT", "updateMask names an unknown field: \(path.prefix(64))") }
            paths.formUnion(covered.map(\.path))
        }
        return paths
    }

    /// The config after a body's fields (those in `mask`, or all the body sets without one).
    static func apply(
        _ kind: FirebaseIdpConfigKind, body: JSONObject, mask: Set<String>?, to current: JSONObject
    ) throws(FirebaseFailure) -> JSONObject {
        var fields = current
        for field in kind.fields {
            let sent = value(at: field.segments, in: body)
            if let mask {
                guard mask.contains(field.path) else { continue }
            } else if sent == nil || sent == .null {
                continue
            }
            if let sent, sent != .null {
                set(try field.checked(sent), at: field.segments, in: &fields)
            } else {
                set(nil, at: field.segments, in: &fields)
            }
        }
        for field in kind.fields where field.required && value(at: field.segments, in: fields) == nil {
            throw .code("INVALID_CONFIG", "\(field.path) is required")
        }
        let responseType = fields["responseType"]?.objectValue
        if responseType?["code"]?.boolValue == true {
            if responseType?["idToken"]?.boolValue == true {
                throw .code("INVALID_CONFIG", "responseType may set idToken or code, not both")
            }
            if fields["clientSecret"] == nil { throw .code("INVALID_CONFIG", "clientSecret is required for the code flow") }
        }
        return fields
    }

    private static func value(at path: [String], in object: JSONObject) -> JSONValue? {
        guard let first = path.first else { return nil }
        guard path.count > 1 else { return object[first] }
        guard let inner = object[first]?.objectValue else { return nil }
        return value(at: Array(path.dropFirst()), in: inner)
    }

    private static func set(_ newValue: JSONValue?, at path: [String], in object: inout JSONObject) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            object[first] = newValue
            return
        }
        var inner = object[first]?.objectValue ?? [:]
        set(newValue, at: Array(path.dropFirst()), in: &inner)
        object[first] = inner.isEmpty ? nil : .object(inner)
    }
}
