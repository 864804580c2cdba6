extension SeedCorpus {
    /// A published vector (Openwall's crypt_blowfish tests), a `$2b$` one, and near-misses.
    static let bcrypt: [(String, String)] = [
        ("valid-2a", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
        ("valid-2b", "$2b$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq"),
        ("non-canonical-salt", "$2a$05$CCCCCCCCCCCCCCCCCCCCCDE5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
        ("cost-31", "$2a$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
        ("short", "$2a$05$CCCC"),
    ]
}
