/// The records one storage step has read or written, by key, so that reading a user twice costs
/// one query and saving it writes only what changed. A step that touches many (an import) drops
/// the cache now and then instead of growing it: the database has every row anyway.
struct StepCache<Record> {
    /// `.some(nil)`: known not to exist.
    private var records: [String: Record?] = [:]
    private let capacity = 4096

    /// The cached record, or what `load` reads (and is then cached).
    mutating func record(_ key: String, load: (String) -> Record?) -> Record? {
        if let record = records[key] { return record }
        let record = load(key)
        remember(key, record)
        return record
    }

    /// Records what the step wrote (`nil`: deleted).
    mutating func remember(_ key: String, _ record: Record?) {
        if records.count >= capacity { records.removeAll(keepingCapacity: true) }
        records[key] = .some(record)
    }

    /// Forgets everything (after a bulk delete).
    mutating func removeAll() { records.removeAll() }
}
